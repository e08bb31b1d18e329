package org.mpsdn.impl.weights;

import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Regulation service whose state a test sets; {@link #post} delivers an event to the listeners.
 */
final class FakeRegulationService implements RegulationService {
    final Map<String, ApRegulationState> states = new ConcurrentHashMap<>();
    final Map<String, String> primaries = new ConcurrentHashMap<>();
    final List<ManagedFlow> flows = new CopyOnWriteArrayList<>();
    final List<RegulationListener> listeners = new CopyOnWriteArrayList<>();

    void post(ApRegulationState s) {
        RegulationEvent e = new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED, s);
        listeners.forEach(l -> l.event(e));
    }

    @Override
    public Optional<ApRegulationState> apState(String apId) {
        return Optional.ofNullable(states.get(apId));
    }

    @Override
    public Collection<ApRegulationState> apStates() {
        return List.copyOf(states.values());
    }

    @Override
    public Map<String, String> primaries() {
        return Map.copyOf(primaries);
    }

    @Override
    public Collection<ManagedFlow> managedFlows() {
        return List.copyOf(flows);
    }

    @Override
    public void addListener(RegulationListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(RegulationListener listener) {
        listeners.remove(listener);
    }
}
