package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;

import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The window an AP's report was averaged over, as the mpsdn profile's limit validation reads it: its length
 * (the station queues' sent bytes become rates), the directions whose window began before their limit in force
 * came into force, for the first window after a decrease that does not predate it, what the Tier-1
 * stations sent over the window that decrease was decided on, and what they sent over the previous cycle's
 * window. Immutable.
 */
public final class SignalWindow {
    private static final SignalWindow NONE = new SignalWindow(0, Set.of(), Map.of());

    private final long windowMillis;
    private final Set<Direction> predatesLimit;
    private final Map<Direction, Long> tier1SentAtDecreaseBps;
    private final Map<Direction, Long> tier1SentBeforeBps;

    /**
     * Creates a window without the previous window's Tier-1 rates.
     *
     * @param windowMillis           the report's window, ms (0 or less: unknown)
     * @param predatesLimit          the directions whose window began before their limit in force took effect
     * @param tier1SentAtDecreaseBps per direction, what the Tier-1 stations sent over the window of the decrease
     *                               that set the limit in force, bit/s (only for the first window after it)
     */
    public SignalWindow(long windowMillis, Set<Direction> predatesLimit, Map<Direction, Long> tier1SentAtDecreaseBps) {
        this(windowMillis, predatesLimit, tier1SentAtDecreaseBps, Map.of());
    }

    /**
     * Creates a window.
     *
     * @param windowMillis           the report's window, ms (0 or less: unknown)
     * @param predatesLimit          the directions whose window began before their limit in force took effect
     * @param tier1SentAtDecreaseBps per direction, what the Tier-1 stations sent over the window of the decrease
     *                               that set the limit in force, bit/s (only for the first window after it)
     * @param tier1SentBeforeBps     per direction, what the Tier-1 stations sent over the previous cycle's window
     */
    public SignalWindow(long windowMillis, Set<Direction> predatesLimit, Map<Direction, Long> tier1SentAtDecreaseBps,
                        Map<Direction, Long> tier1SentBeforeBps) {
        this.windowMillis = Math.max(0, windowMillis);
        this.predatesLimit = predatesLimit.isEmpty() ? Set.of() : Set.copyOf(predatesLimit);
        this.tier1SentAtDecreaseBps = tier1SentAtDecreaseBps.isEmpty() ? Map.of()
                : Map.copyOf(new EnumMap<>(tier1SentAtDecreaseBps));
        this.tier1SentBeforeBps = tier1SentBeforeBps.isEmpty() ? Map.of()
                : Map.copyOf(new EnumMap<>(tier1SentBeforeBps));
    }

    /** @return no window: nothing predates a limit, no rate can be derived */
    public static SignalWindow none() {
        return NONE;
    }

    /** @return the report's window in ms, 0 when unknown */
    public long windowMillis() {
        return windowMillis;
    }

    /** @return the directions whose window began before their limit in force took effect */
    public Set<Direction> predatesLimit() {
        return predatesLimit;
    }

    /** @return per direction, what the Tier-1 stations sent over the window of the last decrease (bit/s) */
    public Map<Direction, Long> tier1SentAtDecreaseBps() {
        return tier1SentAtDecreaseBps;
    }

    /** @return per direction, what the Tier-1 stations sent over the previous cycle's window (bit/s) */
    public Map<Direction, Long> tier1SentBeforeBps() {
        return tier1SentBeforeBps;
    }

    /**
     * The rate a byte count over this window stands for.
     *
     * @param bytes bytes sent over the window
     * @return bit/s, or empty when the window is unknown
     */
    public OptionalLong rateBps(long bytes) {
        if (windowMillis <= 0 || bytes < 0) {
            return OptionalLong.empty();
        }
        double bps = bytes * 8_000.0 / windowMillis;
        return OptionalLong.of(bps >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bps);
    }
}
