package org.mpsdn.impl.loop;

import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationProperties;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.decide.FlowView;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Applies one domain's decision at every AP of the domain (this instance owns it): tiers, the decision and
 * limit steps of each AP ({@link DecisionApplier}; rules and meters go through ONOS's services, which send
 * them to the master of each switch), and the primaries that changed. An AP whose agent is silent for the
 * fail-open delay gets its limits lifted ({@link FailOpen}); one AP's exception leaves the others applied.
 */
final class DomainApply {
    private final RegulationStore store;
    private final ApIncidents faults;
    private final DecisionApplier applier;

    DomainApply(RegulationStore store, ApIncidents faults, DecisionApplier applier) {
        this.store = store;
        this.faults = faults;
        this.applier = applier;
    }

    /** What the cycle read that applying needs. */
    static final class Read {
        final List<FlowView> flows;
        final Map<String, Optional<ApTelemetry>> reports;
        final ApTelemetryService telemetry;
        final RegulationProperties props;
        final Map<String, String> previous;
        final Set<String> unread;

        Read(List<FlowView> flows, Map<String, Optional<ApTelemetry>> reports, ApTelemetryService telemetry,
             RegulationProperties props, Map<String, String> previous, Set<String> unread) {
            this.flows = flows;
            this.reports = reports;
            this.telemetry = telemetry;
            this.props = props;
            this.previous = previous;
            this.unread = unread;
        }
    }

    /**
     * Applies a domain's decision.
     *
     * @param aps      the domain's APs
     * @param decision the domain's decision
     * @param read     what the cycle read
     * @param managed  receives the domain's managed flows
     */
    void apply(Collection<ApSpec> aps, EngineDecision decision, Read read, List<ManagedFlow> managed) {
        Map<String, String> changed = new HashMap<>();
        RegulationProperties p = read.props;
        for (ApSpec ap : aps) {
            boolean failOpen = read.telemetry != null
                    && FailOpen.active(read.telemetry.missedCycles(ap.id()), p.intervalMs(), p.failOpenDelayMs());
            boolean applied = faults.run(ap.id(), "applying the cycle's decision",
                    () -> applier.apply(ap, read.flows, decision, read.reports.get(ap.id()), failOpen, managed));
            if (applied && !read.unread.contains(ap.id())) {
                faults.succeeded(ap.id());
            }
        }
        decision.primaries().forEach((ue, apId) -> {
            if (aps.stream().anyMatch(ap -> ap.id().equals(apId)) && !apId.equals(read.previous.get(ue))) {
                changed.put(ue, apId);
            }
        });
        if (!changed.isEmpty()) {
            store.putPrimaries(changed);
        }
    }
}
