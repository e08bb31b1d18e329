package org.mpsdn.api.telemetry;

/**
 * The averaging window an agent applied to a report (the proto's {@code WindowMode}).
 */
public enum WindowMode {
    /** The agent predates window modes: it averaged since the previous poll. */
    UNREPORTED,
    /** Averaged since the previous poll (at most the requested window back). */
    SINCE_LAST_POLL,
    /** Averaged over the requested window ending at the poll. */
    SLIDING
}
