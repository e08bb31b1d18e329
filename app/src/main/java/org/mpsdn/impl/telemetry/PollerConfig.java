package org.mpsdn.impl.telemetry;

/**
 * Settings of the agent poller. Defaults: 2 s cycle, 500 ms per-call deadline, 30 s keepalive.
 */
public final class PollerConfig {
    /** Default regulation cycle in milliseconds. */
    public static final long DEFAULT_INTERVAL_MS = OsgiPropertyConstants.POLL_INTERVAL_MS_DEFAULT;
    /** Default per-call deadline in milliseconds. */
    public static final long DEFAULT_DEADLINE_MS = OsgiPropertyConstants.POLL_DEADLINE_MS_DEFAULT;
    /** Default keepalive time in seconds. */
    public static final long DEFAULT_KEEPALIVE_S = OsgiPropertyConstants.KEEPALIVE_SEC_DEFAULT;

    private final long intervalMs;
    private final long deadlineMs;
    private final long keepaliveS;

    /**
     * Creates a configuration.
     *
     * @param intervalMs cycle length in ms (100..3600000)
     * @param deadlineMs per-call deadline in ms (10..intervalMs)
     * @param keepaliveS gRPC keepalive time in seconds (10..3600)
     * @throws IllegalArgumentException naming the field when a value is out of range
     */
    public PollerConfig(long intervalMs, long deadlineMs, long keepaliveS) {
        check(intervalMs >= 100 && intervalMs <= 3_600_000, "intervalMs", intervalMs, "100..3600000");
        check(deadlineMs >= 10 && deadlineMs <= intervalMs, "deadlineMs", deadlineMs, "10..intervalMs");
        check(keepaliveS >= 10 && keepaliveS <= 3600, "keepaliveS", keepaliveS, "10..3600");
        this.intervalMs = intervalMs;
        this.deadlineMs = deadlineMs;
        this.keepaliveS = keepaliveS;
    }

    /**
     * Returns the default configuration.
     *
     * @return defaults
     */
    public static PollerConfig defaults() {
        return new PollerConfig(DEFAULT_INTERVAL_MS, DEFAULT_DEADLINE_MS, DEFAULT_KEEPALIVE_S);
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
}
