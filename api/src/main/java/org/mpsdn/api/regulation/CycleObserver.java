package org.mpsdn.api.regulation;

import java.util.OptionalDouble;

/**
 * Receives measurements of the regulation loop (for metrics). Implementations must be cheap
 * and thread-safe: they are called on the loop's thread.
 */
public interface CycleObserver {

    /**
     * A regulation cycle ended.
     *
     * @param durationNanos wall-clock duration of the cycle in nanoseconds
     */
    void cycleCompleted(long durationNanos);

    /**
     * The loop looked for an AP's telemetry in a cycle.
     *
     * @param apId  AP id
     * @param fresh true when a fresh report was there, false when the poll failed or is stale
     */
    void telemetryChecked(String apId, boolean fresh);

    /**
     * ONOS raised an exception for one AP (a meter submit, a flow-store read); the loop went on
     * with the other APs.
     *
     * @param apId AP id
     */
    default void apFault(String apId) {
    }

    /**
     * A Tier-2 rate step of an AP waited longer than two meter-stats polls for ONOS to confirm its
     * meter.
     *
     * @param apId AP id
     */
    default void meterStepLate(String apId) {
    }

    /**
     * An AP's agent had not answered when the cycle stopped waiting for fresh reports (the cycle
     * went on with the other APs).
     *
     * @param apId AP id
     */
    default void telemetryTimedOut(String apId) {
    }

    /**
     * The age of the congestion signal a cycle decided on for an AP: the agent's age of the newest
     * sample in its window plus the time since the report arrived.
     *
     * @param apId      AP id
     * @param ageMillis the age in milliseconds; empty when unknown (no fresh report, or an agent
     *                  that does not report its newest sample's time)
     */
    default void signalAge(String apId, OptionalDouble ageMillis) {
    }

    /**
     * This instance ran again for the ownership of a control domain whose candidates no longer listed it (its
     * leadership session had expired, e.g. in a partition).
     *
     * @param domain the domain
     */
    default void candidacyRerun(String domain) {
    }
}
