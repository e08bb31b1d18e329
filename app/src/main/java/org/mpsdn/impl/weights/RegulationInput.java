package org.mpsdn.impl.weights;

import java.util.Optional;

/**
 * What the automatic weight computation needs from the regulation state. The ONOS glue implements it from the
 * regulation core (Tier-2 meters, measured rates, which AP carries a client's primary subflow).
 */
public interface RegulationInput {

    /**
     * Returns the Tier-2 state of an AP.
     *
     * @param apId AP identifier
     * @return the state, empty when the AP is not regulated or unknown
     */
    Optional<ApTier2State> tier2State(String apId);

    /**
     * Returns the AP carrying the client's primary (Tier-1) subflow.
     *
     * @param clientId client identifier
     * @return the AP identifier, empty when unknown
     */
    Optional<String> primaryAp(String clientId);

    /**
     * Returns whether the AP holds Tier 2 at its floor in a direction: Tier 1 there is held back and the limit has
     * nothing left to cut (a {@code FLOOR} decision, kept through the holds that follow, left on an increase).
     *
     * @param apId AP identifier
     * @return true when a secondary path there should carry nothing (MPTCP backup)
     */
    default boolean tier2AtFloor(String apId) {
        return false;
    }

    /**
     * Returns the detected multipath user that uses an address.
     *
     * @param address an IP address of the client
     * @return the user's id, empty when no multipath user has it
     */
    default Optional<String> userOfAddress(String address) {
        return Optional.empty();
    }

    /** An input that knows nothing: every secondary path keeps full weight. */
    RegulationInput NONE = new RegulationInput() {
        @Override
        public Optional<ApTier2State> tier2State(String apId) {
            return Optional.empty();
        }

        @Override
        public Optional<String> primaryAp(String clientId) {
            return Optional.empty();
        }
    };
}
