package org.mpsdn.impl.decide;

/**
 * One regulation cycle: pure function from what the network looks like to what to change.
 * The production implementation adapts the pure core (package {@code org.mpsdn.core}).
 */
public interface RegulationEngine {

    /**
     * Runs one cycle.
     *
     * @param input what the cycle sees
     * @return what it decides
     */
    EngineDecision decide(EngineInput input);
}
