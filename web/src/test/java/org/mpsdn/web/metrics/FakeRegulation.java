package org.mpsdn.web.metrics;

import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Regulation service that only delivers the events the test posts.
 */
public class FakeRegulation implements RegulationService {
    final List<RegulationListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Delivers an event to the listeners.
     *
     * @param event event
     */
    public void post(RegulationEvent event) {
        listeners.forEach(l -> l.event(event));
    }

    @Override
    public Optional<ApRegulationState> apState(String apId) {
        return Optional.empty();
    }

    @Override
    public Collection<ApRegulationState> apStates() {
        return List.of();
    }

    @Override
    public Map<String, String> primaries() {
        return Map.of();
    }

    @Override
    public Collection<ManagedFlow> managedFlows() {
        return List.of();
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
