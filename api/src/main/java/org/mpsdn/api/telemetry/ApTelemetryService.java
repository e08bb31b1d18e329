package org.mpsdn.api.telemetry;

import java.util.Optional;
import java.util.Set;

/**
 * Source of AP telemetry for the regulation loop. An AP with no accepted report yet,
 * or whose last report is stale, yields an empty result; the loop then changes nothing
 * for that AP (see the agent issue for the fail-open policy).
 */
public interface ApTelemetryService {

    /**
     * Returns the latest fresh report of an AP.
     *
     * @param apId AP identifier
     * @return the report, or empty when there is none or it is stale
     */
    Optional<ApTelemetry> latest(String apId);

    /**
     * Number of consecutive cycles the AP's agent has not delivered a fresh report.
     *
     * @param apId AP identifier
     * @return missed cycles, 0 when the last poll succeeded
     */
    int missedCycles(String apId);

    /**
     * Asks every AP's agent for a report whose averaging window ends now, and returns once each
     * agent has answered or the bound has passed, whichever comes first: a slow or failing agent
     * delays the others' reports by at most the bound. The regulation loop calls it at the start of
     * each cycle so that it decides on a window that ends when the cycle starts. A source that
     * cannot be asked (the default) returns at once and {@link #latest} serves what it has.
     *
     * @param boundMillis longest wait in milliseconds
     * @return the APs whose agent had not answered when the wait ended
     */
    default Set<String> refresh(long boundMillis) {
        return Set.of();
    }
}
