package org.mpsdn.api.northbound;

import java.util.Objects;

/**
 * Health of an AP's agent as the regulation loop sees it.
 */
public final class AgentHealth {

    /**
     * Summary status of an agent.
     */
    public enum Status {
        /** The last poll delivered a fresh report. */
        OK,
        /** Recent polls failed or reports are stale; limits still apply. */
        STALE,
        /** Polls failed long enough that the AP's Tier-2 limits are lifted (fail-open). */
        FAILSAFE,
        /** No telemetry source is running. */
        UNKNOWN
    }

    private final String endpoint;
    private final Status status;
    private final int missedCycles;
    private final long lastReportMillis;

    /**
     * Creates a health view.
     *
     * @param endpoint         agent endpoint host:port
     * @param status           summary status
     * @param missedCycles     consecutive cycles without a fresh report
     * @param lastReportMillis time of the last accepted report, or -1 if none
     */
    public AgentHealth(String endpoint, Status status, int missedCycles, long lastReportMillis) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.status = Objects.requireNonNull(status, "status");
        this.missedCycles = missedCycles;
        this.lastReportMillis = lastReportMillis;
    }

    /** @return agent endpoint */
    public String endpoint() {
        return endpoint;
    }

    /** @return status */
    public Status status() {
        return status;
    }

    /** @return consecutive missed cycles */
    public int missedCycles() {
        return missedCycles;
    }

    /** @return time of the last accepted report in ms since the epoch, -1 if none */
    public long lastReportMillis() {
        return lastReportMillis;
    }

    /** @return true when the AP's limits are lifted because its agent is silent */
    public boolean failsafe() {
        return status == Status.FAILSAFE;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AgentHealth)) {
            return false;
        }
        AgentHealth h = (AgentHealth) o;
        return endpoint.equals(h.endpoint) && status == h.status && missedCycles == h.missedCycles
                && lastReportMillis == h.lastReportMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(endpoint, status, missedCycles, lastReportMillis);
    }

    @Override
    public String toString() {
        return "AgentHealth{" + endpoint + " " + status + " missed=" + missedCycles + "}";
    }
}
