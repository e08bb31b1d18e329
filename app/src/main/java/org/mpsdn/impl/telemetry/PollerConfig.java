package org.mpsdn.impl.telemetry;

/**
 * Settings of the agent poller. Defaults: 2 s cycle, 500 ms per-call deadline, 30 s keepalive,
 * agents streaming their windows to end 100 ms before each cycle (polled if they cannot stream).
 */
public final class PollerConfig {
    /** Default regulation cycle in milliseconds. */
    public static final long DEFAULT_INTERVAL_MS = OsgiPropertyConstants.POLL_INTERVAL_MS_DEFAULT;
    /** Default per-call deadline in milliseconds. */
    public static final long DEFAULT_DEADLINE_MS = OsgiPropertyConstants.POLL_DEADLINE_MS_DEFAULT;
    /** Default keepalive time in seconds. */
    public static final long DEFAULT_KEEPALIVE_S = OsgiPropertyConstants.KEEPALIVE_SEC_DEFAULT;
    /** Default lead of a streamed window's end on the cycle's start, ms. */
    public static final long DEFAULT_STREAM_LEAD_MS = OsgiPropertyConstants.STREAM_LEAD_MS_DEFAULT;

    private final long intervalMs;
    private final long deadlineMs;
    private final long keepaliveS;
    private final boolean stream;
    private final long streamLeadMs;

    /**
     * Creates a configuration that polls every agent (no stream).
     *
     * @param intervalMs cycle length in ms (100..3600000)
     * @param deadlineMs per-call deadline in ms (10..intervalMs)
     * @param keepaliveS gRPC keepalive time in seconds (10..3600)
     * @throws IllegalArgumentException naming the field when a value is out of range
     */
    public PollerConfig(long intervalMs, long deadlineMs, long keepaliveS) {
        this(intervalMs, deadlineMs, keepaliveS, false, DEFAULT_STREAM_LEAD_MS);
    }

    /**
     * Creates a configuration.
     *
     * @param intervalMs cycle length in ms (100..3600000)
     * @param deadlineMs per-call deadline in ms (10..intervalMs)
     * @param keepaliveS   gRPC keepalive time in seconds (10..3600)
     * @param stream       whether agents are asked to stream (those that cannot are polled)
     * @param streamLeadMs how long before a cycle's start the streamed window it decides on ends,
     *                     ms (0..60000; at most half the interval is used): the time its report has
     *                     to arrive
     * @throws IllegalArgumentException naming the field when a value is out of range
     */
    public PollerConfig(long intervalMs, long deadlineMs, long keepaliveS, boolean stream, long streamLeadMs) {
        check(intervalMs >= 100 && intervalMs <= 3_600_000, "intervalMs", intervalMs, "100..3600000");
        check(deadlineMs >= 10 && deadlineMs <= intervalMs, "deadlineMs", deadlineMs, "10..intervalMs");
        check(keepaliveS >= 10 && keepaliveS <= 3600, "keepaliveS", keepaliveS, "10..3600");
        check(streamLeadMs >= 0 && streamLeadMs <= 60_000, "streamLeadMs", streamLeadMs, "0..60000");
        this.intervalMs = intervalMs;
        this.deadlineMs = deadlineMs;
        this.keepaliveS = keepaliveS;
        this.stream = stream;
        this.streamLeadMs = Math.min(streamLeadMs, intervalMs / 2);
    }

    /**
     * Returns the default configuration.
     *
     * @return defaults
     */
    public static PollerConfig defaults() {
        return new PollerConfig(DEFAULT_INTERVAL_MS, DEFAULT_DEADLINE_MS, DEFAULT_KEEPALIVE_S,
                OsgiPropertyConstants.STREAM_TELEMETRY_DEFAULT, DEFAULT_STREAM_LEAD_MS);
    }

    private static void check(boolean ok, String field, Object value, String range) {
        if (!ok) {
            throw new IllegalArgumentException(field + " " + value + " must be in " + range);
        }
    }

    /** @return cycle length in ms */
    public long intervalMs() {
        return intervalMs;
    }

    /** @return per-call deadline in ms */
    public long deadlineMs() {
        return deadlineMs;
    }

    /** @return keepalive time in seconds */
    public long keepaliveS() {
        return keepaliveS;
    }

    /** @return whether agents are asked to stream */
    public boolean stream() {
        return stream;
    }

    /** @return lead of a streamed window's end on the cycle's start, ms (at most half the interval) */
    public long streamLeadMs() {
        return streamLeadMs;
    }
}
