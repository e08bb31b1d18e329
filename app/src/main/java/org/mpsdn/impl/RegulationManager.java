package org.mpsdn.impl;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.CycleObserver;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationAdminService;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.regulation.RegulationStoreDelegate;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.engine.ApDir;
import org.mpsdn.impl.engine.ApView;
import org.mpsdn.impl.engine.CoreRegulationEngine;
import org.mpsdn.impl.engine.EngineDecision;
import org.mpsdn.impl.engine.EngineInput;
import org.mpsdn.impl.engine.EngineParams;
import org.mpsdn.impl.engine.FlowView;
import org.mpsdn.impl.engine.RegulationEngine;
import org.mpsdn.impl.engine.UePolicySource;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.meter.MeterStepper;
import org.mpsdn.impl.meter.TierTwoMeters;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.mpsdn.mptcp.Conflict;
import org.mpsdn.mptcp.MultipathUserTracker;
import org.mpsdn.mptcp.UserSnapshot;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onlab.packet.TCP;
import org.onlab.packet.UDP;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.InvalidFieldException;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

import static org.mpsdn.impl.OsgiPropertyConstants.ALPHA;
import static org.mpsdn.impl.OsgiPropertyConstants.ALPHA_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.CTH;
import static org.mpsdn.impl.OsgiPropertyConstants.CTH_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.DEADLOCK_BREAKER;
import static org.mpsdn.impl.OsgiPropertyConstants.DEADLOCK_BREAKER_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC;
import static org.mpsdn.impl.OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS_DEFAULT;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The regulation loop inside ONOS. Each AP is regulated by the ONOS instance that is master of
 * its switch; cycles run on one scheduled thread (no overlap); per-AP state lives in the
 * {@link RegulationStore} so a new master resumes with the last Tier-2 limits.
 */
@Component(immediate = true,
        service = {RegulationService.class, RegulationAdminService.class},
        property = {
                INTERVAL_MS + ":Integer=" + INTERVAL_MS_DEFAULT,
                CTH + ":Double=" + CTH_DEFAULT,
                ALPHA + ":Double=" + ALPHA_DEFAULT,
                RM_KBPS + ":Integer=" + RM_KBPS_DEFAULT,
                DEADLOCK_BREAKER + "=" + DEADLOCK_BREAKER_DEFAULT,
                FAIL_OPEN_DELAY_MS + ":Integer=" + FAIL_OPEN_DELAY_MS_DEFAULT,
                FLOW_IDLE_TIMEOUT_SEC + ":Integer=" + FLOW_IDLE_TIMEOUT_SEC_DEFAULT,
                METER_BURST_MS + ":Integer=" + METER_BURST_MS_DEFAULT,
        })
public class RegulationManager extends AbstractListenerManager<RegulationEvent, RegulationListener>
        implements RegulationAdminService {

    /** Application name, as in app.xml. */
    public static final String APP_NAME = "org.mpsdn.app";
    /** A punted packet of a flow re-applies its rule at most this often. */
    static final long REINSTALL_HOLDOFF_MS = 1000;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry configRegistry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MeterService meterService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationStore store;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile ApTelemetryService telemetryService;

    /** The telemetry poller's agent list, fed from the netcfg's per-AP agent endpoints (optional). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            bind = "bindAgentRegistry", unbind = "unbindAgentRegistry")
    protected volatile AgentRegistry agentRegistry;

    /** Operator per-UE multipath policies (northbound intents), optional. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile UePolicySource policySource;

    /** Receives cycle measurements for the northbound metrics (optional). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile CycleObserver cycleObserver;

    /** Regulation cycle interval in milliseconds. */
    private int intervalMs = INTERVAL_MS_DEFAULT;
    /** Congestion threshold CTh in (0, 1]. */
    private double cth = CTH_DEFAULT;
    /** Aggressiveness alpha in (0, 1). */
    private double alpha = ALPHA_DEFAULT;
    /** Tier-2 floor R_m in kbit/s. */
    private int rmKbps = RM_KBPS_DEFAULT;
    /** Deadlock breaker of the primary selection: priority or baseline. */
    private String deadlockBreaker = DEADLOCK_BREAKER_DEFAULT;
    /** Time without fresh telemetry after which an AP's limits are lifted, in milliseconds. */
    private int failOpenDelayMs = FAIL_OPEN_DELAY_MS_DEFAULT;
    /** Idle timeout of per-flow rules in seconds. */
    private int flowIdleTimeoutSec = FLOW_IDLE_TIMEOUT_SEC_DEFAULT;
    /** Burst window of Tier-2 meters in milliseconds. */
    private int meterBurstMs = METER_BURST_MS_DEFAULT;

    /** The cycle's decision function; the pure core unless a test replaces it. */
    RegulationEngine engine;
    /** Wall clock in milliseconds; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    private final ConfigFactory<ApplicationId, MpsdnConfig> configFactory =
            new ConfigFactory<>(SubjectFactories.APP_SUBJECT_FACTORY, MpsdnConfig.class, MpsdnConfig.KEY) {
                @Override
                public MpsdnConfig createConfig() {
                    return new MpsdnConfig();
                }
            };
    private final NetworkConfigListener configListener = new InternalConfigListener();
    private final MastershipListener mastershipListener = new InternalMastershipListener();
    private final MeterListener meterListener = new InternalMeterListener();
    private final PacketProcessor packetProcessor = new InternalPacketProcessor();
    private final FlowRuleListener flowRuleListener = new InternalFlowRuleListener();
    /** Groups the punted handshakes into MPTCP connections and users (issue 5). */
    private final MultipathUserTracker tracker = new MultipathUserTracker();
    /** Conflicts already logged, so each is reported once while it lasts. */
    private final Set<Conflict> reportedConflicts = ConcurrentHashMap.newKeySet();
    private final AtomicLong badStationLists = new AtomicLong();
    private volatile List<Conflict> conflicts = List.of();
    private final RegulationStoreDelegate storeDelegate = this::post;

    private ApplicationId appId;
    private ScheduledExecutorService loop;
    private ScheduledFuture<?> cycleTask;
    private MeterStepper stepper;

    private volatile RegulationProperties props = RegulationProperties.defaults();
    private volatile Map<String, ApSpec> aps = Map.of();
    private volatile Map<DeviceId, ApSpec> apsByDevice = Map.of();
    private volatile List<UeSpec> ues = List.of();
    private volatile Map<IpAddress, String> ueByIp = Map.of();
    /** UEs of the last cycle: registrations merged with the detected users. */
    private volatile List<UeSpec> effectiveUes = List.of();
    private volatile List<ManagedFlow> managed = List.of();

    private final Map<String, Counter> counters = new HashMap<>();
    private final Map<String, Long> recentlyInstalled = new ConcurrentHashMap<>();
    private final AtomicLong malformedPackets = new AtomicLong();
    private final AtomicLong cycles = new AtomicLong();
    /** Set by the deactivate hook: no more rules or meters may be installed. */
    private volatile boolean stopping;

    /** Last byte counter of a flow rule. */
    private static final class Counter {
        final long bytes;
        final long millis;

        Counter(long bytes, long millis) {
            this.bytes = bytes;
            this.millis = millis;
        }
    }

    /**
     * Starts the app: registers the config, reads the properties, removes leftovers of earlier
     * runs, rebuilds the AP switches from the config and the store, and starts the loop.
     *
     * @param context component context (may be null in tests)
     */
    @Activate
    protected void activate(ComponentContext context) {
        start(context == null ? null : context.getProperties());
    }

    /**
     * Activation with explicit properties.
     *
     * @param properties component properties, may be null
     */
    void start(Dictionary<?, ?> properties) {
        appId = coreService.registerApplication(APP_NAME, this::removeEverything);
        if (engine == null) {
            engine = defaultEngine();
        }
        componentConfigService.registerProperties(getClass());
        readProperties(properties);
        loop = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/mpsdn", "loop-%d", log));
        stepper = new MeterStepper(appId, meterService, flowRuleService, store, loop,
                () -> props.meterBurstMs(), () -> clock.getAsLong());
        eventDispatcher.addSink(RegulationEvent.class, listenerRegistry);
        store.setDelegate(storeDelegate);
        configRegistry.registerConfigFactory(configFactory);
        configRegistry.addListener(configListener);
        mastershipService.addListener(mastershipListener);
        meterService.addListener(meterListener);
        flowRuleService.addListener(flowRuleListener);
        packetService.addProcessor(packetProcessor, PacketProcessor.director(2));
        stopping = false;
        loop.execute(() -> {
            loadConfig();
            removeForeignLeftovers();
        });
        schedule();
        log.info("Started {}", appId);
    }

    /**
     * Stops the loop and the listeners. Rules and meters stay (ONOS shutdown must not cut traffic);
     * they are removed by the deactivate hook when the app itself is deactivated.
     */
    @Deactivate
    protected void deactivate() {
        packetService.removeProcessor(packetProcessor);
        flowRuleService.removeListener(flowRuleListener);
        meterService.removeListener(meterListener);
        mastershipService.removeListener(mastershipListener);
        configRegistry.removeListener(configListener);
        configRegistry.unregisterConfigFactory(configFactory);
        store.unsetDelegate(storeDelegate);
        eventDispatcher.removeSink(RegulationEvent.class);
        componentConfigService.unregisterProperties(getClass(), false);
        if (cycleTask != null) {
            cycleTask.cancel(false);
        }
        loop.shutdownNow();
        try {
            loop.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        log.info("Stopped");
    }

    /**
     * Applies changed properties from the next cycle on; a new interval reschedules the loop.
     *
     * @param context component context
     */
    @Modified
    protected void modified(ComponentContext context) {
        reconfigure(context == null ? null : context.getProperties());
    }

    /**
     * Applies new property values.
     *
     * @param properties component properties, may be null
     */
    void reconfigure(Dictionary<?, ?> properties) {
        int before = props.intervalMs();
        readProperties(properties);
        if (props.intervalMs() != before) {
            schedule();
        }
    }

    private void readProperties(Dictionary<?, ?> dict) {
        List<String> errors = new ArrayList<>();
        RegulationProperties p = RegulationProperties.read(dict, props, errors);
        errors.forEach(e -> log.warn("Rejected property {}", e));
        intervalMs = p.intervalMs();
        cth = p.cth();
        alpha = p.alpha();
        rmKbps = p.rmKbps();
        deadlockBreaker = p.deadlockBreaker();
        failOpenDelayMs = p.failOpenDelayMs();
        flowIdleTimeoutSec = p.flowIdleTimeoutSec();
        meterBurstMs = p.meterBurstMs();
        props = p;
        log.info("Properties: intervalMs={} cth={} alpha={} rmKbps={} breaker={} failOpenDelayMs={} "
                        + "flowIdleTimeoutSec={} meterBurstMs={}", intervalMs, cth, alpha, rmKbps, deadlockBreaker,
                failOpenDelayMs, flowIdleTimeoutSec, meterBurstMs);
    }

    private synchronized void schedule() {
        if (cycleTask != null) {
            cycleTask.cancel(false);
        }
        long period = props.intervalMs();
        cycleTask = loop.scheduleWithFixedDelay(this::safeCycle, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * The properties in force.
     *
     * @return properties
     */
    RegulationProperties properties() {
        return props;
    }

    /**
     * The APs of the config in force.
     *
     * @return AP id to spec
     */
    Map<String, ApSpec> aps() {
        return aps;
    }

    /**
     * The app id.
     *
     * @return app id
     */
    ApplicationId appId() {
        return appId;
    }

    /**
     * The multipath-user tracker fed by the punted packets, rule removals and station lists.
     *
     * @return tracker
     */
    MultipathUserTracker tracker() {
        return tracker;
    }

    /**
     * Conflicts between detection, registration and station lists found by the last cycle.
     *
     * @return conflicts
     */
    List<Conflict> conflicts() {
        return conflicts;
    }

    /**
     * UEs the last cycle gave the engine: registered UEs merged with the detected users.
     *
     * @return UE specs
     */
    List<UeSpec> effectiveUes() {
        return effectiveUes;
    }

    /**
     * Number of station-list entries or lists ignored because an IP or MAC was malformed.
     *
     * @return count
     */
    long badStationLists() {
        return badStationLists.get();
    }

    /**
     * Number of punted packets that could not be parsed as IPv4 TCP/UDP.
     *
     * @return count
     */
    long malformedPackets() {
        return malformedPackets.get();
    }

    /**
     * Waits until every task queued on the loop so far (and what they queue, a few levels deep)
     * has run.
     */
    void settle() {
        for (int i = 0; i < 8; i++) {
            runOnLoop(() -> { });
        }
    }

    private void runOnLoop(Runnable r) {
        try {
            loop.submit(r).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("regulation loop task failed", e);
        }
    }

    // ---------------------------------------------------------------- config

    private void loadConfig() {
        MpsdnConfig cfg = configRegistry.getConfig(appId, MpsdnConfig.class);
        List<ApSpec> newAps = List.of();
        List<UeSpec> newUes = List.of();
        if (cfg != null) {
            try {
                newAps = cfg.aps();
                newUes = cfg.ues();
            } catch (InvalidFieldException e) {
                log.warn("Ignoring invalid mpsdn config: {}: {}", e.field(), e.reason());
                return;
            }
        }
        Map<String, ApSpec> byId = new LinkedHashMap<>();
        Map<DeviceId, ApSpec> byDevice = new HashMap<>();
        newAps.forEach(a -> {
            byId.put(a.id(), a);
            byDevice.put(a.deviceId(), a);
        });
        Map<IpAddress, String> ips = new HashMap<>();
        newUes.forEach(u -> u.interfaces().keySet().forEach(ip -> ips.put(ip, u.id())));
        Map<String, ApSpec> old = aps;
        aps = Map.copyOf(byId);
        apsByDevice = Map.copyOf(byDevice);
        ues = List.copyOf(newUes);
        ueByIp = Map.copyOf(ips);
        tracker.setRegistrations(DetectedUes.registrations(newUes));
        publishAgents(agentRegistry);
        for (ApSpec gone : old.values()) {
            ApSpec now = byId.get(gone.id());
            if (now == null || !now.deviceId().equals(gone.deviceId())) {
                retire(gone);
            }
        }
        for (ApSpec ap : byId.values()) {
            reconcile(ap);
        }
        log.info("Config: {} APs, {} registered UEs", byId.size(), newUes.size());
    }

    /**
     * Binds the telemetry poller's registry and hands it the configured agents.
     *
     * @param registry the registry
     */
    protected void bindAgentRegistry(AgentRegistry registry) {
        agentRegistry = registry;
        publishAgents(registry);
    }

    /**
     * Unbinds the telemetry poller's registry.
     *
     * @param registry the registry going away
     */
    protected void unbindAgentRegistry(AgentRegistry registry) {
        if (agentRegistry == registry) {
            agentRegistry = null;
        }
    }

    /** Tells the poller to poll exactly the agents of the configured APs. */
    private void publishAgents(AgentRegistry registry) {
        if (registry != null) {
            registry.setAgents(AgentEndpoints.of(aps.values()));
        }
    }

    /**
     * Removes what the app installed for an AP that left the config (if this instance masters it).
     */
    private void retire(ApSpec ap) {
        stepper.forget(ap.id());
        if (!mastershipService.isLocalMaster(ap.deviceId())) {
            return;
        }
        removeAppRules(ap.deviceId(), r -> true);
        withdrawAppMeters(ap.deviceId(), Set.of());
        store.removeState(ap.id());
    }

    // ---------------------------------------------------------------- reconcile

    /**
     * Brings an AP switch this instance masters to exactly the wanted fixed rules (with the meters
     * recorded in the store), keeps valid per-flow rules, removes every other rule and meter of
     * the app there. Idempotent: running it twice changes nothing the second time.
     */
    private void reconcile(ApSpec ap) {
        if (stopping || !mastershipService.isLocalMaster(ap.deviceId())) {
            return;
        }
        ApRegulationState state = store.state(ap.id())
                .orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
        ApRegulationState.Builder fixed = state.toBuilder();
        boolean changed = !state.deviceId().equals(ap.deviceId().toString());
        if (changed) {
            fixed = ApRegulationState.builder(ap.id(), ap.deviceId().toString());
        }
        Set<MeterId> keepMeters = new HashSet<>();
        Map<Direction, Optional<MeterId>> meters = new EnumMap<>(Direction.class);
        for (Direction d : Direction.values()) {
            OptionalLong id = changed ? OptionalLong.empty() : state.meterId(d);
            Meter m = id.isPresent() ? meterService.getMeter(ap.deviceId(), MeterId.meterId(id.getAsLong())) : null;
            if (id.isPresent() && (m == null || !ap.regulates(d))) {
                fixed.unlimited(d);
                changed = true;
                meters.put(d, Optional.empty());
            } else if (id.isPresent()) {
                keepMeters.add(MeterId.meterId(id.getAsLong()));
                meters.put(d, Optional.of(MeterId.meterId(id.getAsLong())));
            } else {
                meters.put(d, Optional.empty());
            }
        }
        if (changed) {
            store.putState(fixed.updatedMillis(clock.getAsLong()).build());
        }
        List<FlowRule> wanted = TierRules.fixedRules(appId, ap, meters::get);
        Map<Object, FlowRule> wantedById = new HashMap<>();
        wanted.forEach(r -> wantedById.put(r.id(), r));
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        int removed = 0;
        int added = 0;
        Set<Object> present = new HashSet<>();
        for (FlowEntry e : flowRuleService.getFlowEntries(ap.deviceId())) {
            if (e.appId() != appId.id()) {
                continue;
            }
            FlowRule w = wantedById.get(e.id());
            if (w != null && w.treatment().equals(e.treatment()) && w.selector().equals(e.selector())) {
                present.add(e.id());
            } else if (w == null && isValidFlowRule(ap, e)) {
                continue;
            } else {
                ops.remove(e);
                removed++;
            }
        }
        for (FlowRule r : wanted) {
            if (!present.contains(r.id())) {
                ops.add(r);
                added++;
            }
        }
        if (removed + added > 0) {
            flowRuleService.apply(ops.build());
        }
        int withdrawn = withdrawAppMeters(ap.deviceId(), keepMeters);
        log.info("Reconciled {}: {} rules added, {} removed, {} stale meters withdrawn", ap.id(), added, removed,
                withdrawn);
    }

    private boolean isValidFlowRule(ApSpec ap, FlowEntry e) {
        if (e.tableId() != TierRules.FLOW_TABLE || e.priority() != TierRules.FLOW_PRIORITY) {
            return false;
        }
        Optional<FlowMatch> m = FlowMatch.fromSelector(e.selector());
        PortCriterion in = (PortCriterion) e.selector().getCriterion(Criterion.Type.IN_PORT);
        if (m.isEmpty() || in == null) {
            return false;
        }
        Optional<Direction> d = TierRules.directionOf(ap, in.port());
        if (d.isEmpty()) {
            return false;
        }
        Tier tier = tierOf(e);
        FlowRule expected = TierRules.flowRule(appId, ap, d.get(), m.get(), tier, props.flowIdleTimeoutSec());
        return expected.selector().equals(e.selector()) && expected.treatment().equals(e.treatment());
    }

    private static Tier tierOf(FlowRule r) {
        return r.treatment().tableTransition() != null ? Tier.TIER2 : Tier.TIER1;
    }

    private int removeAppRules(DeviceId deviceId, Predicate<FlowEntry> which) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        int n = 0;
        for (FlowEntry e : flowRuleService.getFlowEntries(deviceId)) {
            if (e.appId() == appId.id() && which.test(e)) {
                ops.remove(e);
                n++;
            }
        }
        if (n > 0) {
            flowRuleService.apply(ops.build());
        }
        return n;
    }

    private int withdrawAppMeters(DeviceId deviceId, Set<MeterId> keep) {
        int n = 0;
        for (Meter m : List.copyOf(meterService.getMeters(deviceId))) {
            MeterId id = MeterStepper.meterId(m.meterCellId());
            if (!appId.equals(m.appId()) || id == null || keep.contains(id) || stepper.owns(deviceId, id)) {
                continue;
            }
            long rate = m.bands().isEmpty() ? 1 : Math.max(1, m.bands().iterator().next().rate());
            meterService.withdraw(TierTwoMeters.removeRequest(appId, deviceId, rate, props.meterBurstMs()), id);
            n++;
        }
        return n;
    }

    /**
     * Removes rules and meters of the app on switches that are in no AP's config (mastered here).
     */
    private void removeForeignLeftovers() {
        Set<DeviceId> known = apsByDevice.keySet();
        Set<DeviceId> devices = new HashSet<>();
        for (FlowEntry e : flowRuleService.getFlowEntriesById(appId)) {
            devices.add(e.deviceId());
        }
        for (Meter m : meterService.getAllMeters()) {
            if (appId.equals(m.appId())) {
                devices.add(m.deviceId());
            }
        }
        for (DeviceId d : devices) {
            if (!known.contains(d) && mastershipService.isLocalMaster(d)) {
                int rules = removeAppRules(d, r -> true);
                int meters = withdrawAppMeters(d, Set.of());
                log.info("Removed {} rules and {} meters left on unconfigured {}", rules, meters, d);
            }
        }
        Set<String> ids = aps.keySet();
        for (ApRegulationState s : store.states()) {
            if (!ids.contains(s.apId())) {
                store.removeState(s.apId());
            }
        }
    }

    /**
     * Deactivate hook (app deactivation, not ONOS shutdown): removes every rule and meter of the
     * app and forgets the shared state.
     */
    void removeEverything() {
        stopping = true;
        if (loop != null && !loop.isShutdown()) {
            runOnLoop(this::removeEverythingNow);
        } else {
            removeEverythingNow();
        }
    }

    private void removeEverythingNow() {
        if (cycleTask != null) {
            cycleTask.cancel(false);
        }
        flowRuleService.removeFlowRulesById(appId);
        Set<DeviceId> devices = new HashSet<>();
        for (Meter m : meterService.getAllMeters()) {
            if (appId.equals(m.appId())) {
                devices.add(m.deviceId());
            }
        }
        for (DeviceId d : devices) {
            for (Meter m : List.copyOf(meterService.getMeters(d))) {
                MeterId id = MeterStepper.meterId(m.meterCellId());
                if (appId.equals(m.appId()) && id != null) {
                    long rate = m.bands().isEmpty() ? 1 : Math.max(1, m.bands().iterator().next().rate());
                    meterService.withdraw(TierTwoMeters.removeRequest(appId, d, rate, props.meterBurstMs()), id);
                }
            }
        }
        for (ApRegulationState s : store.states()) {
            store.removeState(s.apId());
        }
        log.info("Removed all rules and meters of {}", appId);
    }

    // ---------------------------------------------------------------- cycle

    private void safeCycle() {
        long start = System.nanoTime();
        try {
            cycle();
        } catch (RuntimeException e) {
            log.warn("Regulation cycle failed", e);
        }
        CycleObserver observer = cycleObserver;
        if (observer != null) {
            observer.cycleCompleted(System.nanoTime() - start);
        }
    }

    /**
     * One regulation cycle (loop thread only).
     */
    void cycle() {
        if (stopping) {
            return;
        }
        cycles.incrementAndGet();
        stepper.poll();
        Map<String, ApSpec> current = aps;
        if (current.isEmpty()) {
            return;
        }
        long now = clock.getAsLong();
        RegulationProperties p = props;
        ApTelemetryService telemetry = telemetryService;
        List<ApView> views = new ArrayList<>();
        Map<String, Optional<ApTelemetry>> reports = new HashMap<>();
        for (ApSpec ap : current.values()) {
            Optional<ApTelemetry> report = telemetry == null ? Optional.empty() : telemetry.latest(ap.id());
            reports.put(ap.id(), report);
            CycleObserver observer = cycleObserver;
            if (telemetry != null && observer != null) {
                observer.telemetryChecked(ap.id(), report.isPresent());
            }
            Map<Direction, Double> occ = new EnumMap<>(Direction.class);
            report.ifPresent(r -> ap.directions().forEach(d -> r.occupancy(d).ifPresent(v -> occ.put(d, v))));
            Map<Direction, Long> limits = new EnumMap<>(Direction.class);
            store.state(ap.id()).ifPresent(s -> ap.directions()
                    .forEach(d -> s.limitKbps(d).ifPresent(l -> limits.put(d, l))));
            views.add(new ApView(ap, occ, limits, report.map(ApTelemetry::stations).orElse(List.of())));
        }
        DetectedUes detected = detectUsers(reports, now);
        List<FlowView> flows = collectFlows(current, now, detected.ueByIp());
        Map<String, String> previous = store.primaries();
        UePolicySource policies = policySource;
        UePolicySource.Round round = policies == null ? null : policies.open();
        EngineDecision decision = engine.decide(new EngineInput(views, flows, detected.ues(), previous,
                new EngineParams(p.cth(), p.alpha(), p.rmKbps(), p.deadlockBreaker()), p.intervalMs(),
                round == null ? Map.of() : round.policies()));

        Map<String, String> ownPrimaries = new HashMap<>();
        List<ManagedFlow> mine = new ArrayList<>();
        for (ApSpec ap : current.values()) {
            if (!mastershipService.isLocalMaster(ap.deviceId())) {
                continue;
            }
            Map<FlowMatch, Tier> tiers = decision.tiers().getOrDefault(ap.id(), Map.of());
            applyTiers(ap, flows, tiers, mine);
            int missed = telemetry == null ? 0 : telemetry.missedCycles(ap.id());
            boolean failOpen = telemetry != null && missed > 0
                    && (long) missed * p.intervalMs() >= p.failOpenDelayMs();
            for (Direction d : ap.directions()) {
                if (failOpen) {
                    stepper.lift(ap, d);
                    continue;
                }
                Long limit = decision.limitsKbps().get(new ApDir(ap.id(), d));
                if (limit != null && reports.get(ap.id()).isPresent()) {
                    stepper.step(ap, d, Math.max(1, Math.min(limit, ap.capacityKbps())));
                }
            }
            reports.get(ap.id()).ifPresent(r -> recordOccupancy(ap, r));
            decision.primaries().forEach((ue, apId) -> {
                if (apId.equals(ap.id())) {
                    ownPrimaries.put(ue, apId);
                }
            });
        }
        if (!ownPrimaries.isEmpty()) {
            Map<String, String> changed = new HashMap<>();
            ownPrimaries.forEach((ue, apId) -> {
                if (!apId.equals(previous.get(ue))) {
                    changed.put(ue, apId);
                }
            });
            store.putPrimaries(changed);
        }
        managed = List.copyOf(mine);
        if (round != null) {
            round.applied(decision.unmetPolicies());
        }
        long horizon = now - 2L * REINSTALL_HOLDOFF_MS;
        recentlyInstalled.values().removeIf(t -> t < horizon);
    }

    private void recordOccupancy(ApSpec ap, ApTelemetry report) {
        ApRegulationState state = store.state(ap.id())
                .orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
        ApRegulationState.Builder b = state.toBuilder();
        boolean changed = false;
        for (Direction d : ap.directions()) {
            if (report.occupancy(d).isPresent()) {
                double v = report.occupancy(d).getAsDouble();
                if (state.occupancy(d).isEmpty() || state.occupancy(d).getAsDouble() != v) {
                    b.occupancy(d, v);
                    changed = true;
                }
            }
        }
        if (changed) {
            store.putState(b.updatedMillis(clock.getAsLong()).build());
        }
    }

    /**
     * Feeds the AP agents' station lists to the tracker and merges its users with the registered
     * UEs; new conflicts are logged once.
     */
    private DetectedUes detectUsers(Map<String, Optional<ApTelemetry>> reports, long now) {
        reports.forEach((apId, report) -> report.ifPresent(r -> {
            Map<InetAddress, String> ipToMac = new LinkedHashMap<>();
            for (StationTelemetry st : r.stations()) {
                for (String ip : st.ips()) {
                    try {
                        ipToMac.put(IpAddress.valueOf(ip).toInetAddress(), st.mac());
                    } catch (IllegalArgumentException e) {
                        badStationLists.incrementAndGet();
                    }
                }
            }
            try {
                tracker.updateStations(apId, ipToMac, now);
            } catch (IllegalArgumentException e) {
                badStationLists.incrementAndGet();
                log.warn("Ignoring station list of {}: {}", apId, e.getMessage());
            }
        }));
        UserSnapshot snapshot = tracker.users(now);
        List<Conflict> found = snapshot.conflicts();
        for (Conflict c : found) {
            if (reportedConflicts.add(c)) {
                log.warn("Multipath user conflict: {}", c);
            }
        }
        reportedConflicts.retainAll(found);
        conflicts = found;
        DetectedUes merged = DetectedUes.merge(ues, snapshot);
        effectiveUes = merged.ues();
        return merged;
    }

    private List<FlowView> collectFlows(Map<String, ApSpec> current, long now, Map<IpAddress, String> ueIds) {
        List<FlowView> flows = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ApSpec ap : current.values()) {
            for (FlowEntry e : flowRuleService.getFlowEntries(ap.deviceId())) {
                if (e.appId() != appId.id() || e.tableId() != TierRules.FLOW_TABLE
                        || e.priority() != TierRules.FLOW_PRIORITY) {
                    continue;
                }
                Optional<FlowMatch> m = FlowMatch.fromSelector(e.selector());
                PortCriterion in = (PortCriterion) e.selector().getCriterion(Criterion.Type.IN_PORT);
                if (m.isEmpty() || in == null) {
                    continue;
                }
                Optional<Direction> d = TierRules.directionOf(ap, in.port());
                if (d.isEmpty()) {
                    continue;
                }
                String key = ap.id() + "|" + m.get();
                seen.add(key);
                Counter prev = counters.get(key);
                double rate = 0.0;
                if (prev != null && now > prev.millis && e.bytes() >= prev.bytes) {
                    rate = (e.bytes() - prev.bytes) * 8000.0 / (now - prev.millis);
                } else if (e.life() > 0) {
                    rate = e.bytes() * 8.0 / e.life();
                }
                counters.put(key, new Counter(e.bytes(), now));
                Ip4Address ueIp = d.get() == Direction.DOWNLINK ? m.get().dst() : m.get().src();
                flows.add(new FlowView(ap.id(), m.get(), d.get(), ueOf(ueIds, ueIp), tierOf(e), e.bytes(),
                        e.packets(),
                        rate));
            }
        }
        counters.keySet().retainAll(seen);
        return flows;
    }

    private static String ueOf(Map<IpAddress, String> ueIds, Ip4Address ip) {
        String id = ueIds.get(ip);
        return id != null ? id : "ip:" + ip;
    }

    private void applyTiers(ApSpec ap, List<FlowView> flows, Map<FlowMatch, Tier> tiers, List<ManagedFlow> mine) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        int n = 0;
        for (FlowView f : flows) {
            if (!f.apId().equals(ap.id())) {
                continue;
            }
            Tier want = tiers.getOrDefault(f.match(), f.tier());
            if (want == Tier.TIER2 && !ap.regulates(f.direction())) {
                // no meter in that direction: its rule forwards like Tier 1 (see TierRules.flowRule)
                want = Tier.TIER1;
            }
            if (want != f.tier()) {
                ops.modify(TierRules.flowRule(appId, ap, f.direction(), f.match(), want, props.flowIdleTimeoutSec()));
                n++;
            }
            mine.add(new ManagedFlow(ap.id(), f.ueId(), f.match().toString(), f.direction(), want, f.bytes(),
                    f.rateBps()));
        }
        if (n > 0) {
            flowRuleService.apply(ops.build());
            log.debug("{}: {} flows changed tier", ap.id(), n);
        }
    }

    // ---------------------------------------------------------------- services

    @Override
    public Optional<ApRegulationState> apState(String apId) {
        return store.state(apId);
    }

    @Override
    public Collection<ApRegulationState> apStates() {
        return store.states();
    }

    @Override
    public Map<String, String> primaries() {
        return store.primaries();
    }

    @Override
    public Collection<ManagedFlow> managedFlows() {
        return managed;
    }

    @Override
    public void runCycleNow() {
        runOnLoop(this::cycle);
    }

    @Override
    public void resetAp(String apId) {
        runOnLoop(() -> {
            ApSpec ap = aps.get(apId);
            if (ap != null && mastershipService.isLocalMaster(ap.deviceId())) {
                ap.directions().forEach(d -> stepper.lift(ap, d));
            }
        });
    }

    // ---------------------------------------------------------------- listeners

    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return event.configClass().equals(MpsdnConfig.class);
        }

        @Override
        public void event(NetworkConfigEvent event) {
            switch (event.type()) {
                case CONFIG_ADDED:
                case CONFIG_UPDATED:
                case CONFIG_REMOVED:
                    loop.execute(RegulationManager.this::loadConfig);
                    break;
                default:
                    break;
            }
        }
    }

    private class InternalMastershipListener implements MastershipListener {
        @Override
        public void event(MastershipEvent event) {
            DeviceId device = event.subject();
            loop.execute(() -> {
                ApSpec ap = apsByDevice.get(device);
                if (ap == null) {
                    return;
                }
                if (mastershipService.isLocalMaster(device)) {
                    log.info("Now master of {} ({}): resuming from the shared state", device, ap.id());
                    reconcile(ap);
                } else {
                    stepper.forget(ap.id());
                }
            });
        }
    }

    private class InternalMeterListener implements MeterListener {
        @Override
        public void event(MeterEvent event) {
            if (event.type() == MeterEvent.Type.METER_ADDED && appId.equals(event.subject().appId())) {
                Meter meter = event.subject();
                loop.execute(() -> {
                    if (!stopping) {
                        stepper.meterAdded(meter);
                    }
                });
            }
        }
    }

    private class InternalPacketProcessor implements PacketProcessor {
        @Override
        public void process(PacketContext context) {
            if (context.isHandled() || stopping) {
                return;
            }
            InboundPacket pkt = context.inPacket();
            ApSpec ap = apsByDevice.get(pkt.receivedFrom().deviceId());
            if (ap == null) {
                return;
            }
            Optional<Direction> dir = TierRules.directionOf(ap, pkt.receivedFrom().port());
            if (dir.isEmpty()) {
                return;
            }
            long now = clock.getAsLong();
            byte[] frame = bytes(pkt.unparsed());
            if (frame != null) {
                // never throws: malformed frames and options are counted by the tracker
                tracker.onPacket(ap.id(), frame, now);
            }
            Optional<FlowMatch> match = parse(pkt.parsed());
            if (match.isEmpty()) {
                malformedPackets.incrementAndGet();
                return;
            }
            String key = ap.id() + "|" + match.get();
            Long last = recentlyInstalled.get(key);
            if (last == null || now - last >= REINSTALL_HOLDOFF_MS) {
                recentlyInstalled.put(key, now);
                flowRuleService.applyFlowRules(TierRules.flowRule(appId, ap, dir.get(), match.get(), Tier.TIER1,
                        props.flowIdleTimeoutSec()));
            }
            PortNumber out = ap.outPort(dir.get());
            context.treatmentBuilder().setOutput(out);
            context.send();
        }
    }

    private class InternalFlowRuleListener implements FlowRuleListener {
        @Override
        public void event(FlowRuleEvent event) {
            FlowRule r = event.subject();
            if (event.type() != FlowRuleEvent.Type.RULE_REMOVED || appId == null || r.appId() != appId.id()
                    || r.tableId() != TierRules.FLOW_TABLE || r.priority() != TierRules.FLOW_PRIORITY) {
                return;
            }
            // idle expiry (or removal) of a per-flow rule: the flow ended
            FlowMatch.fromSelector(r.selector()).ifPresent(m -> tracker.onFlowRemoved(m.protocol(),
                    m.src().toInetAddress(), m.srcPort(), m.dst().toInetAddress(), m.dstPort(), clock.getAsLong()));
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        if (buffer == null) {
            return null;
        }
        ByteBuffer b = buffer.duplicate();
        b.rewind();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    /**
     * Reads the 5-tuple of an IPv4 TCP or UDP packet.
     *
     * @param eth parsed frame, may be null
     * @return the 5-tuple, or empty if the frame is not a well-formed IPv4 TCP/UDP packet
     */
    static Optional<FlowMatch> parse(Ethernet eth) {
        if (eth == null || eth.getEtherType() != Ethernet.TYPE_IPV4 || !(eth.getPayload() instanceof IPv4)) {
            return Optional.empty();
        }
        IPv4 ip = (IPv4) eth.getPayload();
        Ip4Address src = Ip4Address.valueOf(ip.getSourceAddress());
        Ip4Address dst = Ip4Address.valueOf(ip.getDestinationAddress());
        if (ip.getProtocol() == IPv4.PROTOCOL_TCP && ip.getPayload() instanceof TCP) {
            TCP tcp = (TCP) ip.getPayload();
            return Optional.of(new FlowMatch(IPv4.PROTOCOL_TCP, src, tcp.getSourcePort(), dst,
                    tcp.getDestinationPort()));
        }
        if (ip.getProtocol() == IPv4.PROTOCOL_UDP && ip.getPayload() instanceof UDP) {
            UDP udp = (UDP) ip.getPayload();
            return Optional.of(new FlowMatch(IPv4.PROTOCOL_UDP, src, udp.getSourcePort(), dst,
                    udp.getDestinationPort()));
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "RegulationManager{aps=" + aps.keySet() + ", cycles=" + cycles.get() + "}";
    }


    private static RegulationEngine defaultEngine() {
        return new CoreRegulationEngine();
    }
}
