package org.mpsdn.api.regulation;

import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Cluster-wide store of per-AP regulation state and of the primary AP chosen per UE.
 */
public interface RegulationStore extends Store<RegulationEvent, RegulationStoreDelegate> {

    /**
     * Returns the state of an AP.
     *
     * @param apId AP identifier
     * @return state, or empty if none was stored
     */
    Optional<ApRegulationState> state(String apId);

    /**
     * Returns the states of all APs.
     *
     * @return states
     */
    Collection<ApRegulationState> states();

    /**
     * Creates or replaces the state of an AP.
     *
     * @param state new state
     */
    void putState(ApRegulationState state);

    /**
     * Removes the state of an AP.
     *
     * @param apId AP identifier
     */
    void removeState(String apId);

    /**
     * Returns the primary AP chosen for each UE.
     *
     * @return UE id to AP id
     */
    Map<String, String> primaries();

    /**
     * Records primary choices (merged into the existing ones).
     *
     * @param primaries UE id to AP id
     */
    void putPrimaries(Map<String, String> primaries);

    /**
     * Forgets the primary choice of UEs.
     *
     * @param ueIds UE identifiers
     */
    void removePrimaries(Collection<String> ueIds);
}
