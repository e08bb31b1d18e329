package org.mpsdn.impl.loop;

import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.impl.AgentEndpoints;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.detect.UserDetection;
import org.mpsdn.impl.flow.FlowStatsCollector;
import org.mpsdn.impl.meter.AppMeters;
import org.mpsdn.impl.meter.MeterStepper;
import org.mpsdn.impl.switches.ApDirectory;
import org.mpsdn.impl.switches.PacketInHandler;
import org.mpsdn.impl.switches.SwitchReconciler;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.mpsdn.mptcp.Conflict;
import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.packet.PacketProcessor;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The regulation loop of one ONOS instance: owns the workers (AP directory, switch reconciler,
 * rate stepper, flow statistics, packet-in handler, user detection, the cycle) and runs all their
 * work on its one thread ({@link LoopThread}): the periodic cycle, and the netcfg, mastership and
 * meter events its listeners queue there.
 */
public final class RegulationLoop {
    private final LoopThread thread = new LoopThread();
    private final LoopReferences refs;
    private final ApplicationId appId;
    private final MastershipService mastershipService;
    private final ApDirectory directory = new ApDirectory();
    private final MeterStepper stepper;
    private final UserDetection detection;
    private final PacketInHandler packets;
    private final SwitchReconciler switches;
    private final RegulationCycle cycle;
    private final NetworkConfigListener configListener = this::configEvent;
    private final MastershipListener mastershipListener = this::mastershipEvent;
    private final MeterListener meterListener = this::meterEvent;

    /**
     * Creates the loop and its workers (nothing runs before {@link #start}).
     *
     * @param appId             the app's id
     * @param flowRuleService   flow rule service
     * @param meterService      meter service
     * @param mastershipService mastership service
     * @param store             regulation store
     * @param refs              the component's references, properties and clock
     */
    public RegulationLoop(ApplicationId appId, FlowRuleService flowRuleService, MeterService meterService,
                          MastershipService mastershipService, RegulationStore store, LoopReferences refs) {
        this.appId = appId;
        this.refs = refs;
        this.mastershipService = mastershipService;
        LongSupplier now = refs::now;
        IntSupplier idle = () -> refs.properties().flowIdleTimeoutSec();
        AppMeters meters = new AppMeters(appId, meterService, () -> refs.properties().meterBurstMs());
        stepper = new MeterStepper(appId, meterService, meters, flowRuleService, store, thread.executor(),
                () -> refs.properties().meterBurstMs(), now);
        detection = new UserDetection(appId, now);
        packets = new PacketInHandler(appId, flowRuleService, directory, detection, idle, now, refs::stopping);
        switches = new SwitchReconciler(appId, flowRuleService, meterService, mastershipService, store, meters,
                stepper, directory, idle, now, refs::stopping);
        cycle = new RegulationCycle(appId, flowRuleService, mastershipService, store, directory, detection,
                new FlowStatsCollector(appId, flowRuleService, detection), stepper, packets, refs);
    }

    /**
     * Loads the netcfg, removes what earlier runs left on unconfigured switches, and starts the
     * periodic cycle.
     */
    public void start() {
        thread.execute(() -> {
            loadConfig();
            switches.removeForeignLeftovers();
        });
        reschedule();
    }

    /**
     * Schedules the cycle with the interval in force (a new interval takes effect at once).
     */
    public void reschedule() {
        thread.schedule(refs.properties().intervalMs(), cycle::runObserved);
    }

    private void configEvent(NetworkConfigEvent event) {
        if (!event.configClass().equals(MpsdnConfig.class)) {
            return;
        }
        switch (event.type()) {
            case CONFIG_ADDED:
            case CONFIG_UPDATED:
            case CONFIG_REMOVED:
                thread.execute(this::loadConfig);
                break;
            default:
                break;
        }
    }

    /** Takes the netcfg in force: retires APs that left, reconciles every configured AP. */
    private void loadConfig() {
        directory.load(refs.config()).ifPresent(retired -> {
            detection.setRegistrations(directory.ues());
            publishAgents(refs.agents());
            retired.forEach(switches::retire);
            directory.aps().values().forEach(switches::reconcile);
        });
    }

    private void mastershipEvent(MastershipEvent event) {
        thread.execute(() -> switches.mastershipChanged(event.subject()));
    }

    private void meterEvent(MeterEvent event) {
        if (event.type() == MeterEvent.Type.METER_ADDED && appId.equals(event.subject().appId())) {
            Meter meter = event.subject();
            thread.execute(() -> {
                if (!refs.stopping()) {
                    stepper.meterAdded(meter);
                }
            });
        }
    }

    /**
     * Tells the telemetry poller to poll exactly the agents of the configured APs.
     *
     * @param registry the poller's registry, or null
     */
    public void publishAgents(AgentRegistry registry) {
        if (registry != null) {
            registry.setAgents(AgentEndpoints.of(directory.aps().values()));
        }
    }

    /**
     * Runs one cycle now and waits for it.
     */
    public void runCycleNow() {
        thread.runAndWait(cycle::run);
    }

    /**
     * Lifts the Tier-2 limits of an AP (if this instance masters it) and waits.
     *
     * @param apId AP id
     */
    public void resetAp(String apId) {
        thread.runAndWait(() -> {
            ApSpec ap = directory.aps().get(apId);
            if (ap != null && mastershipService.isLocalMaster(ap.deviceId())) {
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
        thread.shutdown();
    }

    /** @return the config listener (queues reloads on the loop) */
    public NetworkConfigListener configListener() {
        return configListener;
    }

    /** @return the mastership listener (queues reconciliation or forgetting on the loop) */
    public MastershipListener mastershipListener() {
        return mastershipListener;
    }

    /** @return the meter listener (queues METER_ADDED of the app's meters on the loop) */
    public MeterListener meterListener() {
        return meterListener;
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
    public List<Conflict> conflicts() {
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
