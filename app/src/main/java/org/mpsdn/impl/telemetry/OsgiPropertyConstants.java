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
     * Default: poll. Streams are opt-in until the lab shows them holding: in the lab at {@code d1eb7ade} (uplink,
     * ONOS timing) the streamed cycles re-phased every second cycle, each re-phase restarted every stream, and
     * 34 of 66 AP reports were missed in 22 cycles.
     */
    public static final boolean STREAM_TELEMETRY_DEFAULT = false;

    /** How long before a cycle's start the streamed window it decides on ends, ms. */
    public static final String STREAM_LEAD_MS = "streamLeadMs";
    /** Default lead: time for the agents' reports to arrive. */
    public static final int STREAM_LEAD_MS_DEFAULT = 100;
}
