package org.mpsdn.impl.decide;

import java.util.OptionalLong;

/**
 * The window an AP's report was averaged over: its length, by which the station queues' sent bytes become
 * rates. Immutable.
 */
public final class SignalWindow {
    private static final SignalWindow NONE = new SignalWindow(0);

    private final long windowMillis;

    /**
     * @param windowMillis the report's window in ms (0 or less: unknown)
     */
    public SignalWindow(long windowMillis) {
        this.windowMillis = Math.max(0, windowMillis);
    }

    /** @return a window of unknown length */
    public static SignalWindow none() {
        return NONE;
    }

    /** @return the report's window in ms, 0 when unknown */
    public long windowMillis() {
        return windowMillis;
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
