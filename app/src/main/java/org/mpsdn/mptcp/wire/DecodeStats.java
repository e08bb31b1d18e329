package org.mpsdn.mptcp.wire;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Thread-safe counters of {@link DecodeEvent}s.
 */
public final class DecodeStats {
    private final AtomicLongArray counts = new AtomicLongArray(DecodeEvent.values().length);

    /**
     * Counts one event.
     *
     * @param event the event
     */
    public void count(DecodeEvent event) {
        counts.incrementAndGet(event.ordinal());
    }

    /**
     * Returns how often an event happened.
     *
     * @param event the event
     * @return its count
     */
    public long get(DecodeEvent event) {
        return counts.get(event.ordinal());
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
        Map<DecodeEvent, Long> out = new EnumMap<>(DecodeEvent.class);
        for (DecodeEvent e : DecodeEvent.values()) {
            long v = get(e);
            if (v != 0) {
                out.put(e, v);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return snapshot().toString();
    }
}
