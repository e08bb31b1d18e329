package org.mpsdn.impl.telemetry;

import java.util.Arrays;
import java.util.List;

/**
 * Statistics of one poll cycle: agents polled, reports accepted, wall time and per-call latencies.
 */
public final class PollCycleStats {
    private final int polled;
    private final int accepted;
    private final long durationNanos;
    private final long[] latenciesNanos;
    private final List<String> unanswered;

    PollCycleStats(int polled, int accepted, long durationNanos, long[] latenciesNanos, List<String> unanswered) {
        this.polled = polled;
        this.accepted = accepted;
        this.durationNanos = durationNanos;
        this.latenciesNanos = latenciesNanos;
        this.unanswered = List.copyOf(unanswered);
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
     * calls that had not completed when the cycle ended.
     *
     * @return a copy of the latencies
     */
    public long[] latenciesNanos() {
        return Arrays.copyOf(latenciesNanos, latenciesNanos.length);
    }
}
