package org.mpsdn.api.telemetry;

import java.util.Optional;

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
}
