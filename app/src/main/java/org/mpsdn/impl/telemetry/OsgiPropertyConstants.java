package org.mpsdn.impl.telemetry;

/**
 * Names and defaults of the component properties of {@link AgentTelemetryManager}. The
 * controller's TLS files ({@code tlsCertFile}, {@code tlsKeyFile}, {@code tlsCaFile}) are
 * shared with the eNB component and named in {@link org.mpsdn.impl.tls.ControllerTls}.
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Poll cycle in ms. */
    public static final String POLL_INTERVAL_MS = "pollIntervalMs";
    /** Default poll cycle: the regulation cycle's default. */
    public static final int POLL_INTERVAL_MS_DEFAULT = 2000;

    /** Per-call deadline in ms (at most the poll cycle). */
    public static final String POLL_DEADLINE_MS = "pollDeadlineMs";
    /** Default per-call deadline. */
    public static final int POLL_DEADLINE_MS_DEFAULT = 500;

    /** gRPC keepalive time in seconds. */
    public static final String KEEPALIVE_SEC = "keepaliveSec";
    /** Default keepalive time. */
    public static final int KEEPALIVE_SEC_DEFAULT = 30;

    /** Whether agents are asked to stream one status per cycle (agents that cannot are polled). */
    public static final String STREAM_TELEMETRY = "streamTelemetry";
    /**
     * Default: stream. Lab prototype at {@code d7c21f76} with streams asked for (the loop at a fixed rate, re-phases
     * make-before-break): 50 of 50 reports streamed, none polled, none missed, one re-phase. Every lab result judges
     * it ({@code deploy/lab/telemetry_goal.py}).
     */
    public static final boolean STREAM_TELEMETRY_DEFAULT = true;

    /** How long before a cycle's start the streamed window it decides on ends, ms. */
    public static final String STREAM_LEAD_MS = "streamLeadMs";
    /** Default lead: time for the agents' reports to arrive. */
    public static final int STREAM_LEAD_MS_DEFAULT = 100;
}
