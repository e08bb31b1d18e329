package org.mpsdn.api.regulation;

import org.onosproject.event.ListenerService;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Read access to the regulation app: per-AP state, primaries and managed flows.
 */
public interface RegulationService extends ListenerService<RegulationEvent, RegulationListener> {

    /**
     * Returns the shared state of an AP.
     *
     * @param apId AP identifier
     * @return state, or empty when the AP has not been regulated yet
     */
    Optional<ApRegulationState> apState(String apId);

    /**
     * Returns the shared states of all APs.
     *
     * @return states
     */
    Collection<ApRegulationState> apStates();

    /**
     * Returns the primary AP of each multipath UE.
     *
     * @return UE id to AP id
     */
    Map<String, String> primaries();

    /**
     * Returns the per-flow rules this ONOS instance manages (APs it is master of).
     *
     * @return managed flows
     */
    Collection<ManagedFlow> managedFlows();
}
