package org.mpsdn.api.regulation;

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
}
