package org.mpsdn.impl.telemetry;

import java.util.Arrays;
import java.util.List;

/**
 * Statistics of one cycle: agents polled or streaming, reports accepted, wall time, per-call
 * latencies and the streamed windows' ends.
 */
public final class PollCycleStats {
    private final int polled;
    private final int accepted;
    private final long durationNanos;
    private final long[] latenciesNanos;
    private final List<String> unanswered;
    private final long startMs;
    private final long[] windowEndsMs;

    PollCycleStats(int polled, int accepted, long durationNanos, long[] latenciesNanos, List<String> unanswered,
                   long startMs, long[] windowEndsMs) {
        this.polled = polled;
        this.accepted = accepted;
        this.durationNanos = durationNanos;
        this.latenciesNanos = latenciesNanos;
        this.unanswered = List.copyOf(unanswered);
        this.startMs = startMs;
        this.windowEndsMs = windowEndsMs;
    }

    /** @return the cycle's start on the controller's clock, ms since the epoch */
    public long startMs() {
        return startMs;
    }

    /**
     * End of the last streamed window of each agent when the cycle ended (ms since the epoch on the
     * agent's clock, in the order of {@link #latenciesNanos}); 0 for a polled agent or none yet.
     *
     * @return a copy of the window ends
     */
    public long[] windowEndsMs() {
        return Arrays.copyOf(windowEndsMs, windowEndsMs.length);
    }

    /** @return the APs whose call had not completed when the cycle stopped waiting */
    public List<String> unanswered() {
        return unanswered;
    }

    /** @return agents polled */
    public int polled() {
        return polled;
    }

    /** @return fresh reports accepted */
    public int accepted() {
        return accepted;
    }

    /** @return wall time of the cycle in nanoseconds */
    public long durationNanos() {
        return durationNanos;
    }

    /**
     * Per-call latencies (start to completion, success or error) in nanoseconds; -1 for
     * calls that had not completed when the cycle ended. For a streaming agent 0 when its window
     * had come, else -1.
     *
     * @return a copy of the latencies
     */
    public long[] latenciesNanos() {
        return Arrays.copyOf(latenciesNanos, latenciesNanos.length);
    }
}
