package org.mpsdn.impl.telemetry;

/**
 * Where one agent's status stream stands: whether it streams (else it is polled), the end of the
 * last streamed window taken, and the windows of its schedule that never came.
 */
public final class StreamInfo {
    private final boolean streams;
    private final long windowEndMs;
    private final long missedWindows;

    StreamInfo(boolean streams, long windowEndMs, long missedWindows) {
        this.streams = streams;
        this.windowEndMs = windowEndMs;
        this.missedWindows = missedWindows;
    }

    /** @return whether the agent streams (else it is polled) */
    public boolean streams() {
        return streams;
    }

    /** @return end of the last streamed window taken, ms since the epoch on the agent's clock; 0: none */
    public long windowEndMs() {
        return windowEndMs;
    }

    /**
     * Windows that ended between two streamed reports taken and never came (the agent was down, or
     * did not keep them while the stream was broken); see {@link PollerCounters#missedWindows()}.
     *
     * @return windows missed
     */
    public long missedWindows() {
        return missedWindows;
    }
}
