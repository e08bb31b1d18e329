package org.mpsdn.mptcp.wire;

import java.util.Map;

/**
 * Thread-safe counters of {@link DecodeEvent}s.
 */
public final class DecodeStats {
    private final EnumCounters<DecodeEvent> counts = new EnumCounters<>(DecodeEvent.class);

    /**
     * Counts one event.
     *
     * @param event the event
     */
    public void count(DecodeEvent event) {
        counts.count(event);
    }

    /**
     * Returns how often an event happened.
     *
     * @param event the event
     * @return its count
     */
    public long get(DecodeEvent event) {
        return counts.get(event);
    }

    /**
     * Returns the sum of all malformed-input events.
     *
     * @return malformed count
     */
    public long malformed() {
        long sum = 0;
        for (DecodeEvent e : DecodeEvent.values()) {
            if (e.malformed()) {
                sum += get(e);
            }
        }
        return sum;
    }

    /**
     * Returns a copy of the non-zero counters.
     *
     * @return event to count
     */
    public Map<DecodeEvent, Long> snapshot() {
        return counts.nonZero();
    }

    @Override
    public String toString() {
        return snapshot().toString();
    }
}
