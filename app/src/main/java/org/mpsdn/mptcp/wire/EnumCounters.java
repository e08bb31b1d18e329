package org.mpsdn.mptcp.wire;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Thread-safe counters, one per constant of an enum.
 *
 * @param <E> the enum whose constants are counted
 */
public final class EnumCounters<E extends Enum<E>> {
    private final Class<E> type;
    private final AtomicLongArray counts;

    /**
     * Creates counters, all zero.
     *
     * @param type the enum
     */
    public EnumCounters(Class<E> type) {
        this.type = type;
        this.counts = new AtomicLongArray(type.getEnumConstants().length);
    }

    /**
     * Counts one event.
     *
     * @param event the event
     */
    public void count(E event) {
        counts.incrementAndGet(event.ordinal());
    }

    /**
     * Returns how often an event happened.
     *
     * @param event the event
     * @return its count
     */
    public long get(E event) {
        return counts.get(event.ordinal());
    }

    /**
     * Returns a copy of the non-zero counters.
     *
     * @return event to count
     */
    public Map<E, Long> nonZero() {
        Map<E, Long> out = new EnumMap<>(type);
        for (E e : type.getEnumConstants()) {
            long v = get(e);
            if (v != 0) {
                out.put(e, v);
            }
        }
        return out;
    }
}
