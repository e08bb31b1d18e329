package org.mpsdn.impl.loop;

import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.regulation.RegulationStoreDelegate;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.cluster.PuntRelay;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.decide.EngineParams;
import org.mpsdn.impl.detect.UserDetection;
import org.mpsdn.impl.flow.FlowStatsCollector;
import org.mpsdn.impl.meter.AppMeters;
import org.mpsdn.impl.meter.MeterStepper;
import org.mpsdn.impl.store.LadderStore;
import org.mpsdn.impl.switches.ApDirectory;
import org.mpsdn.impl.switches.PacketInHandler;
import org.mpsdn.impl.switches.SwitchReconciler;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;

import org.slf4j.Logger;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The regulation loop of one ONOS instance: owns the workers (AP directory, switch reconciler,
 * rate stepper, flow statistics, packet-in handler, user detection, the cycle) and runs all their
 * work on its one thread ({@link LoopThread}): the periodic cycle, and the netcfg, leadership, mastership
 * and meter events its listeners queue there.
 */
public final class RegulationLoop {
    private final Logger log = getLogger(getClass());
    private final LoopThread thread = new LoopThread();
    private final LoopReferences refs;
    private final DomainOwnership owners;
    private final ApDirectory directory = new ApDirectory();
    private final ApIncidents incidents;
    private final MeterStepper stepper;
    private final UserDetection detection;
    private final PacketInHandler packets;
    private final PuntRelay relay;
    private final SwitchReconciler switches;
    private final RegulationCycle cycle;
    private final LoopEvents events;
    /** Store events: a removal reaches every instance's listeners; an update is posted by the owner's cycle. */
    private final RegulationStoreDelegate storeDelegate = this::storeEvent;

    /**
     * Creates the loop and its workers (nothing runs before {@link #start}).
     *
     * @param appId             the app's id
     * @param flowRuleService   flow rule service
     * @param meterService      meter service
     * @param mastershipService mastership service
     * @param store             regulation store
     * @param refs              the component's references, properties and clock
     * @param leadership        ONOS leadership (one owner per control domain, {@link DomainOwnership})
     * @param localNode         this instance's node id
     * @param ladderStore       the cluster's copy of the meter ladders
     * @param messaging         ONOS's cluster messaging (punted frames go to their domain's owner)
     */
    public RegulationLoop(ApplicationId appId, FlowRuleService flowRuleService, MeterService meterService,
                          MastershipService mastershipService, RegulationStore store, LoopReferences refs,
                          LeadershipService leadership, NodeId localNode, LadderStore ladderStore,
                          ClusterCommunicationService messaging) {
        this.refs = refs;
        this.owners = new DomainOwnership(leadership, localNode, this::ownershipChanged);
        LongSupplier now = refs::now;
        IntSupplier idle = () -> refs.properties().flowIdleTimeoutSec();
        incidents = new ApIncidents(apId -> observe(o -> o.apFault(apId)), apId -> observe(o -> o.meterStepLate(apId)));
        AppMeters meters = new AppMeters(appId, meterService, () -> refs.properties().meterBurstMs(), now);
        stepper = new MeterStepper(appId, meterService, meters, flowRuleService, store, thread.executor(),
                () -> refs.properties().meterBurstMs(), now, incidents, () -> refs.properties().meterLadderRatio(),
                () -> refs.properties().rmKbps(),
                () -> EngineParams.profileInForce(directory.profile(), refs.properties()) == Profile.PAPER,
                ladderStore);
        detection = new UserDetection(appId, now);
        relay = new PuntRelay(messaging, leadership, localNode, detection::onPacket);
        packets = new PacketInHandler(appId, flowRuleService, directory, relay, idle, now, refs::stopping);
        switches = new SwitchReconciler(appId, flowRuleService, meterService, mastershipService, owners, store,
                meters, stepper, directory, idle, now, refs::stopping);
        cycle = new RegulationCycle(appId, flowRuleService, owners, store, directory, detection,
                new FlowStatsCollector(appId, flowRuleService, detection), stepper, packets, incidents, refs);
        events = new LoopEvents(thread, appId, directory, detection, switches, stepper, incidents, refs, owners);
    }

    private void observe(Consumer<CycleObserver> call) {
        CycleObserver o = refs.observer();
        if (o != null) {
            call.accept(o);
        }
    }

    /**
     * Loads the netcfg, removes what earlier runs left on unconfigured switches, and starts the
     * periodic cycle.
     */
    public void start() {
        relay.activate();
        thread.execute(() -> {
            events.loadConfig();
            try {
                switches.removeForeignLeftovers();
            } catch (RuntimeException e) {
                log.warn("Removing what earlier runs left on unconfigured switches failed: {}", e.toString());
            }
        });
        reschedule();
    }

    /**
     * Schedules the cycle with the interval in force (a new interval takes effect at once).
     */
    public void reschedule() {
        thread.schedule(refs.properties().intervalMs(), cycle::runObserved);
    }

    /**
     * Tells the telemetry poller to poll exactly the agents of the configured APs.
     *
     * @param registry the poller's registry, or null
     */
    public void publishAgents(AgentRegistry registry) {
        events.publishAgents(registry);
    }

    /**
     * Runs one cycle now and waits for it.
     */
    public void runCycleNow() {
        thread.runAndWait(cycle::run);
    }

    /**
     * Lifts the Tier-2 limits of an AP (if this instance owns its domain) and waits.
     *
     * @param apId AP id
     */
    public void resetAp(String apId) {
        thread.runAndWait(() -> {
            ApSpec ap = directory.aps().get(apId);
            if (ap != null && owners.owns(ap.domain())) {
                ap.directions().forEach(d -> stepper.lift(ap, d));
            }
        });
    }

    /**
     * Stops the cycles and removes every rule and meter of the app (the app's deactivation); the
     * caller has set the stopping flag.
     */
    public void removeEverything() {
        Runnable removal = () -> {
            thread.cancel();
            switches.removeEverything();
        };
        if (thread.isRunning()) {
            thread.runAndWait(removal);
        } else {
            removal.run();
        }
    }

    /**
     * Stops the thread (ONOS shutdown or component deactivation: rules and meters stay).
     */
    public void shutdown() {
        relay.deactivate();
        thread.shutdown();
    }

    /** @return the config listener (queues reloads on the loop) */
    public NetworkConfigListener configListener() {
        return events.configListener();
    }

    /**
     * A domain's leader changed (ONOS's event thread): queues the take-over or hand-over on the loop.
     *
     * @param domain the domain
     */
    public void ownershipChanged(String domain) {
        events.ownershipEvent(domain);
    }

    /** @return which control domains this instance owns (its listener goes to ONOS's leadership service) */
    public DomainOwnership ownership() {
        return owners;
    }

    private void storeEvent(RegulationEvent e) {
        if (e.type() == RegulationEvent.Type.AP_STATE_REMOVED) {
            refs.post(e);
        }
    }

    /** @return the delegate of the regulation store (its events for the regulation service's listeners) */
    public RegulationStoreDelegate storeDelegate() {
        return storeDelegate;
    }

    /** @return the mastership listener (queues reconciliation on the loop) */
    public MastershipListener mastershipListener() {
        return events.mastershipListener();
    }

    /** @return the meter listener (queues METER_ADDED of the app's meters on the loop) */
    public MeterListener meterListener() {
        return events.meterListener();
    }

    /** @return the flow rule listener (per-flow rule removals end flows in the detection) */
    public FlowRuleListener flowRuleListener() {
        return detection.ruleListener();
    }

    /** @return the packet processor of the AP switches' punted packets */
    public PacketProcessor packetProcessor() {
        return packets;
    }

    /** @return the per-flow rules of the mastered APs as the last cycle left them */
    public Collection<ManagedFlow> managedFlows() {
        return cycle.managedFlows();
    }

    /** @return AP id to spec of the config in force */
    public Map<String, ApSpec> aps() {
        return directory.aps();
    }

    /** @return conflicts between detection, registration and station lists found by the last cycle */
    public List<DetectionConflict> conflicts() {
        return detection.conflicts();
    }

    /** @return UEs the last cycle gave the engine: registered UEs merged with the detected users */
    public List<UeSpec> effectiveUes() {
        return detection.effectiveUes();
    }

    /** @return the detector's counters, station feeds, users and conflicts */
    public DetectionStats detectionStats() {
        return detection.stats();
    }

    /** @return punted packets that could not be parsed as IPv4 TCP/UDP */
    public long malformedPackets() {
        return packets.malformedPackets();
    }

    /**
     * Number of faults of an AP so far (exceptions ONOS raised for it).
     *
     * @param apId AP id
     * @return count
     */
    public long apFaults(String apId) {
        return incidents.count(apId);
    }

    /** @return rate steps that waited longer than two meter-stats polls for their meter, so far */
    public long lateSteps() {
        return incidents.lateSteps();
    }

    /** @return meter-ladder rungs that failed or were never confirmed (withdrawn, submitted again), so far */
    public long ladderFailures() {
        return stepper.ladderFailures();
    }

    /** @return punted frames sent to other instances' trackers, received from them, and not delivered */
    public long[] relayedFrames() {
        return relay.counters();
    }

    /** @return cycles run */
    public long cycles() {
        return cycle.cycles();
    }

    /**
     * Waits until every task queued on the loop so far (and what they queue, a few levels deep)
     * has run.
     */
    public void settle() {
        thread.settle();
    }
}
