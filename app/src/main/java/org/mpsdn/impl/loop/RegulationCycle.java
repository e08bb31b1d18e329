package org.mpsdn.impl.loop;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.UeIds;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationProperties;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.ApView;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.decide.EngineInput;
import org.mpsdn.impl.decide.EngineParams;
import org.mpsdn.impl.decide.FlowView;
import org.mpsdn.impl.decide.SignalWindow;
import org.mpsdn.impl.decide.UePolicySource;
import org.mpsdn.impl.detect.DetectedUes;
import org.mpsdn.impl.detect.UserDetection;
import org.mpsdn.impl.flow.FlowSample;
import org.mpsdn.impl.flow.FlowStatsCollector;
import org.mpsdn.impl.meter.MeterStepper;
import org.mpsdn.impl.switches.ApDirectory;
import org.mpsdn.impl.switches.PacketInHandler;
import org.onlab.packet.IpAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRuleService;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * One regulation cycle, on the loop's thread, for the control domains this instance owns (none: the cycle
 * does nothing): poll the agents and wait for their reports (bounded, {@link #REFRESH_SHARE}), read each
 * owned AP's telemetry and limits in force, the per-flow rules' counters and the detected users; let the
 * engine decide each domain's APs together (Algorithm 1 across them); apply each decision at every AP of
 * the domain ({@link DomainApply}).
 */
public final class RegulationCycle {
    /** The cycle waits for fresh reports at most its interval divided by this. */
    public static final int REFRESH_SHARE = 4;
    private final Logger log = getLogger(getClass());
    private final DomainOwnership owners;
    private final RegulationStore store;
    private final ApDirectory aps;
    private final UserDetection detection;
    private final FlowStatsCollector flowStats;
    private final MeterStepper stepper;
    private final PacketInHandler packets;
    private final ApIncidents faults;
    private final LoopReferences refs;
    private final DomainApply domainApply;
    private final AtomicLong cycles = new AtomicLong();
    private final MeterChanges meterChanges = new MeterChanges();
    private volatile List<ManagedFlow> managed = List.of();

    /**
     * Creates the cycle.
     *
     * @param appId             the app's id
     * @param flowRuleService   flow rule service
     * @param owners            the domains this instance owns
     * @param store             regulation store
     * @param aps               the AP directory
     * @param detection         multipath-user detection
     * @param flowStats         the per-flow rules' statistics
     * @param stepper           Tier-2 rate steps
     * @param packets           the packet-in handler (its hold-offs are pruned each cycle)
     * @param faults            per-AP faults (one AP's exception leaves the others regulated)
     * @param refs              the component's references, properties and clock
     */
    public RegulationCycle(ApplicationId appId, FlowRuleService flowRuleService,
                           DomainOwnership owners, RegulationStore store, ApDirectory aps,
                           UserDetection detection, FlowStatsCollector flowStats, MeterStepper stepper,
                           PacketInHandler packets, ApIncidents faults, LoopReferences refs) {
        this.owners = owners;
        this.store = store;
        this.aps = aps;
        this.detection = detection;
        this.flowStats = flowStats;
        this.stepper = stepper;
        this.packets = packets;
        this.faults = faults;
        this.refs = refs;
        this.domainApply = new DomainApply(store, faults, new DecisionApplier(appId, flowRuleService, stepper, store,
                () -> refs.properties().flowIdleTimeoutSec(), refs::now));
    }

    /**
     * Runs one cycle and reports its duration to the observer; a failing cycle is logged and the
     * next one runs as scheduled.
     */
    public void runObserved() {
        long start = System.nanoTime();
        try {
            run();
        } catch (RuntimeException e) {
            log.warn("Regulation cycle failed", e);
        }
        CycleObserver observer = refs.observer();
        if (observer != null) {
            observer.cycleCompleted(System.nanoTime() - start);
        }
    }

    /**
     * One regulation cycle (loop thread only).
     */
    public void run() {
        if (refs.stopping()) {
            return;
        }
        cycles.incrementAndGet();
        List<String> rerun = owners.rejoinLost();
        CycleObserver observer = refs.observer();
        if (observer != null) {
            rerun.forEach(observer::candidacyRerun);
        }
        stepper.poll();
        packets.prune(refs.now());
        Map<String, Map<String, ApSpec>> domains = ownedDomains(aps.aps());
        if (domains.isEmpty()) {
            managed = List.of();
            return;
        }
        Map<String, ApSpec> owned = new HashMap<>();
        domains.values().forEach(owned::putAll);
        RegulationProperties p = refs.properties();
        ApTelemetryService telemetry = refs.telemetry();
        refresh(telemetry, p.intervalMs());
        long now = refs.now();
        Map<String, Optional<ApTelemetry>> reports = reports(owned, telemetry, now);
        // counters first: a flow that carried traffic stays alive in the tracker before it expires idle flows
        Set<String> unread = new HashSet<>();
        List<FlowSample> samples = collectFlows(owned, now, unread);
        observeLimits(owned, now);
        DetectedUes detected = detection.detect(reports, aps.ues(), now);
        List<FlowView> flows = flowViews(samples, detected.ueByIp(), meterChanges);
        Map<String, String> previous = store.primaries();
        UePolicySource policies = refs.policies();
        UePolicySource.Round round = policies == null ? null : policies.open();
        EngineParams params = EngineParams.of(p, aps.profile());
        DomainApply.Read read = new DomainApply.Read(flows, reports, telemetry, p, previous, unread);
        Map<String, String> unmet = new HashMap<>();
        List<ManagedFlow> mine = new ArrayList<>();
        for (Map<String, ApSpec> domain : domains.values()) {
            List<ApView> views = views(domain, reports, params.profile().decidesFromPendingTarget());
            List<FlowView> domainFlows = flows.stream().filter(f -> domain.containsKey(f.apId()))
                    .collect(Collectors.toList());
            EngineDecision decision = refs.engine().decide(new EngineInput(views, domainFlows, detected.ues(),
                    previous, params, p.intervalMs(), round == null ? Map.of() : round.policies()));
            domainApply.apply(domain.values(), decision, read, mine);
            unmet.putAll(decision.unmetPolicies());
        }
        managed = List.copyOf(mine);
        if (round != null) {
            round.applied(unmet);
        }
        // the owner alone tells its listeners (eNB re-plans, client weights) that the cycle updated its APs
        owned.values().forEach(ap -> refs.post(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED, store
                .state(ap.id()).orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build()))));
    }

    /**
     * The configured APs of the domains this instance owns now, by domain: the ownership is checked here, in
     * the task, as ONOS's kubevirt-networking handlers check their leadership in theirs ({@link DomainOwnership}).
     */
    private Map<String, Map<String, ApSpec>> ownedDomains(Map<String, ApSpec> current) {
        Map<String, Map<String, ApSpec>> domains = new TreeMap<>();
        Map<String, Boolean> owns = new HashMap<>();
        for (ApSpec ap : current.values()) {
            if (owns.computeIfAbsent(ap.domain(), owners::owns)) {
                domains.computeIfAbsent(ap.domain(), d -> new TreeMap<>()).put(ap.id(), ap);
            }
        }
        return domains;
    }

    /**
     * Polls the agents now and waits for their reports, at most {@code intervalMs / }{@value #REFRESH_SHARE}:
     * the cycle decides on windows that end when it starts. An agent that had not answered by then
     * is told to the observer; the cycle goes on with the reports it has.
     */
    private void refresh(ApTelemetryService telemetry, int intervalMs) {
        if (telemetry == null) {
            return;
        }
        Set<String> late;
        try {
            late = telemetry.refresh(Math.max(1, intervalMs / REFRESH_SHARE));
        } catch (RuntimeException e) {
            log.warn("Refreshing the telemetry failed; deciding on the reports at hand: {}", e.toString());
            return;
        }
        CycleObserver observer = refs.observer();
        if (observer != null) {
            late.forEach(observer::telemetryTimedOut);
        }
    }

    /** The latest report of each AP (empty when none is fresh), told to the observer with its signal's age. */
    private Map<String, Optional<ApTelemetry>> reports(Map<String, ApSpec> current, ApTelemetryService telemetry,
                                                        long now) {
        Map<String, Optional<ApTelemetry>> reports = new HashMap<>();
        for (ApSpec ap : current.values()) {
            Optional<ApTelemetry> report = telemetry == null ? Optional.empty() : telemetry.latest(ap.id());
            reports.put(ap.id(), report);
            CycleObserver observer = refs.observer();
            if (telemetry != null && observer != null) {
                observer.telemetryChecked(ap.id(), report.isPresent());
                observer.signalAge(ap.id(), report.isPresent() ? report.get().signalAgeMillis(now)
                        : OptionalDouble.empty());
            }
        }
        return reports;
    }

    /**
     * The per-flow rules of every AP; an AP whose flow entries cannot be read (ONOS throws, e.g. a
     * {@code FlowRuleStoreException} during a mastership change) keeps its flows as last read.
     */
    private List<FlowSample> collectFlows(Map<String, ApSpec> current, long now, Set<String> unread) {
        List<FlowSample> samples = new ArrayList<>();
        for (ApSpec ap : current.values()) {
            if (!faults.run(ap.id(), "reading its flow entries", () -> samples.addAll(flowStats.collect(ap, now)))) {
                samples.addAll(flowStats.lastRead(ap.id()));
                unread.add(ap.id());
            }
        }
        flowStats.retain(current.keySet());
        return samples;
    }

    /**
     * Each AP with its fresh occupancy, its limits (BW_i), its stations and their queues. BW_i is the limit in
     * force (shared state); with {@code pending} (the mpsdn profile) it is the target
     * of a step still waiting for ONOS's confirmation, so a raise is not replaced by a target computed from
     * the limit it replaces (ONOS confirms a meter at its 10-s meter-stats poll, the cycle runs every 2 s).
     */
    private List<ApView> views(Map<String, ApSpec> current, Map<String, Optional<ApTelemetry>> reports,
                               boolean pending) {
        List<ApView> views = new ArrayList<>();
        for (ApSpec ap : current.values()) {
            Optional<ApTelemetry> report = reports.get(ap.id());
            Map<Direction, Double> occ = new EnumMap<>(Direction.class);
            report.ifPresent(r -> ap.directions().forEach(d -> r.occupancy(d).ifPresent(v -> occ.put(d, v))));
            Map<Direction, Long> limits = new EnumMap<>(Direction.class);
            store.state(ap.id()).ifPresent(s -> ap.directions()
                    .forEach(d -> s.limitKbps(d).ifPresent(l -> limits.put(d, l))));
            if (pending) {
                ap.directions().forEach(d -> stepper.pendingKbps(new ApDirection(ap.id(), d))
                        .ifPresent(t -> limits.put(d, t)));
            }
            views.add(new ApView(ap, occ, limits, report.map(ApTelemetry::stations).orElse(List.of()),
                    report.map(ApTelemetry::stationQueues).orElse(List.of()),
                    new SignalWindow(report.map(ApTelemetry::windowMillis).orElse(0L))));
        }
        return views;
    }

    /** Dates the changes of the limits in force (the store), against which the flows' rates are checked. */
    private void observeLimits(Map<String, ApSpec> current, long now) {
        for (ApSpec ap : current.values()) {
            for (Direction d : ap.directions()) {
                Optional<ApRegulationState> state = store.state(ap.id());
                meterChanges.observe(new ApDirection(ap.id(), d),
                        state.map(s -> s.limitKbps(d)).orElse(OptionalLong.empty()),
                        state.map(ApRegulationState::updatedMillis).orElse(0L), now);
            }
        }
        meterChanges.retain(current.keySet());
    }

    /**
     * The flows with their UE (the registered or detected UE of the address, else the address's own) and
     * whether their rate was counted under the rule and limit in force ({@link MeterChanges}).
     */
    private static List<FlowView> flowViews(List<FlowSample> samples, Map<IpAddress, String> ueIds,
                                            MeterChanges changes) {
        List<FlowView> flows = new ArrayList<>(samples.size());
        for (FlowSample s : samples) {
            String ue = ueIds.get(s.ueAddress());
            boolean underOneMeter = changes.underOneMeter(new ApDirection(s.apId(), s.rule().direction()),
                    s.rateSinceMillis());
            flows.add(new FlowView(s.apId(), s.rule().match(), s.rule().direction(),
                    ue != null ? ue : UeIds.ofAddress(s.ueAddress().toString()), s.rule().tier(), s.bytes(),
                    s.packets(), s.rateBps(), underOneMeter));
        }
        return flows;
    }

    /**
     * The per-flow rules of the owned domains' APs as the last cycle left them.
     *
     * @return managed flows
     */
    public Collection<ManagedFlow> managedFlows() {
        return managed;
    }

    /**
     * Number of cycles run.
     *
     * @return count
     */
    public long cycles() {
        return cycles.get();
    }
}
