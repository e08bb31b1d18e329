package org.mpsdn.impl;

import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationAdminService;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.decide.CoreRegulationEngine;
import org.mpsdn.impl.decide.RegulationEngine;
import org.mpsdn.impl.decide.UePolicySource;
import org.mpsdn.impl.loop.LoopReferences;
import org.mpsdn.impl.loop.RegulationLoop;
import org.mpsdn.impl.store.LadderStore;
import org.mpsdn.impl.telemetry.AgentRegistry;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.packet.PacketService;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

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
import static org.mpsdn.impl.OsgiPropertyConstants.HYSTERESIS;
import static org.mpsdn.impl.OsgiPropertyConstants.HYSTERESIS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_LADDER_RATIO;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_LADDER_RATIO_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.PROFILE;
import static org.mpsdn.impl.OsgiPropertyConstants.PROFILE_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.TIER1_THRESHOLD;
import static org.mpsdn.impl.OsgiPropertyConstants.TIER1_THRESHOLD_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The regulation app's component: its ONOS references, lifecycle, properties and service API. The work is done by
 * the {@link RegulationLoop} it owns and the plain classes that loop runs on its one thread. Each control domain
 * (the netcfg's per-AP {@code domain}) is regulated by the one ONOS instance that owns it (ONOS leadership per
 * domain topic); per-AP state lives in the {@link RegulationStore} so a new owner resumes with the last limits.
 */
@Component(immediate = true,
        service = {RegulationService.class, RegulationAdminService.class, DetectionService.class},
        property = {
                INTERVAL_MS + ":Integer=" + INTERVAL_MS_DEFAULT,
                CTH + ":Double=" + CTH_DEFAULT,
                ALPHA + ":Double=" + ALPHA_DEFAULT,
                RM_KBPS + ":Integer=" + RM_KBPS_DEFAULT,
                DEADLOCK_BREAKER + "=" + DEADLOCK_BREAKER_DEFAULT,
                FAIL_OPEN_DELAY_MS + ":Integer=" + FAIL_OPEN_DELAY_MS_DEFAULT,
                FLOW_IDLE_TIMEOUT_SEC + ":Integer=" + FLOW_IDLE_TIMEOUT_SEC_DEFAULT,
                METER_BURST_MS + ":Integer=" + METER_BURST_MS_DEFAULT,
                PROFILE + "=" + PROFILE_DEFAULT,
                TIER1_THRESHOLD + ":Double=" + TIER1_THRESHOLD_DEFAULT,
                METER_LADDER_RATIO + ":Double=" + METER_LADDER_RATIO_DEFAULT,
                HYSTERESIS + ":Double=" + HYSTERESIS_DEFAULT,
        })
public class RegulationManager extends AbstractListenerManager<RegulationEvent, RegulationListener>
        implements RegulationAdminService, DetectionService {

    /** Application name, as in app.xml. */
    public static final String APP_NAME = "org.mpsdn.app";

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
    protected LeadershipService leadershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    /** Punted frames of a domain go to its owner's multipath-user tracker. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterCommunicationService clusterCommunicationService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RegulationStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LadderStore ladderStore;

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

    // Each property's value in force: ONOS's cfgdef generator reads a property's description from its field's javadoc
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
    /** Regulation profile: mpsdn (default, docs/regulation.md) or paper (as published); netcfg "profile" wins. */
    private String profile = PROFILE_DEFAULT;
    /** Threshold of the mpsdn profile's Tier-1 station signal in (0, 1], in place of CTh (docs/regulation.md). */
    private double tier1Threshold = TIER1_THRESHOLD_DEFAULT;
    /** Ratio of the Tier-2 meter ladders' rungs: 1 for none (a meter per step), else in [1.1, 4]. */
    private double meterLadderRatio = METER_LADDER_RATIO_DEFAULT;
    /** Primary re-selection hysteresis h in [0, 10]: keep a primary unless another promises (1 + h) times more. */
    private double hysteresis = HYSTERESIS_DEFAULT;

    /** The cycle's decision function; the pure core unless a test replaces it. */
    RegulationEngine engine;
    /** Wall clock in milliseconds; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    /** Set by the deactivate hook: no more rules or meters may be installed. */
    private final AtomicBoolean stopping = new AtomicBoolean();
    private volatile RegulationProperties props = RegulationProperties.defaults();
    private ApplicationId appId;
    private RegulationWiring wiring;
    private RegulationLoop loop;

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
            engine = new CoreRegulationEngine();
        }
        componentConfigService.registerProperties(getClass());
        readProperties(properties);
        wiring = new RegulationWiring(this, appId,
                new LoopReferences(() -> engine, () -> telemetryService, () -> policySource, () -> cycleObserver,
                        () -> agentRegistry, () -> configRegistry.getConfig(appId, MpsdnConfig.class),
                        () -> props, () -> clock.getAsLong(), stopping::get, this::post));
        loop = wiring.loop();
        eventDispatcher.addSink(RegulationEvent.class, listenerRegistry);
        wiring.register();
        stopping.set(false);
        loop.start();
        log.info("Started {}", appId);
    }

    /**
     * Stops the loop and the listeners. Rules and meters stay (ONOS shutdown must not cut traffic);
     * they are removed by the deactivate hook when the app itself is deactivated.
     */
    @Deactivate
    protected void deactivate() {
        wiring.unregister();
        eventDispatcher.removeSink(RegulationEvent.class);
        componentConfigService.unregisterProperties(getClass(), false);
        loop.shutdown();
        loop.ownership().withdrawAll(); // another instance takes the domains over (as MastershipLoadBalancer)
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
            loop.reschedule();
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
        profile = p.profile().id();
        tier1Threshold = p.tier1Threshold();
        meterLadderRatio = p.meterLadderRatio();
        hysteresis = p.hysteresis();
        props = p;
        log.info("Properties: {}", p);
    }

    /**
     * Binds the telemetry poller's registry and hands it the configured agents.
     *
     * @param registry the registry
     */
    protected void bindAgentRegistry(AgentRegistry registry) {
        agentRegistry = registry;
        if (loop != null) {
            loop.publishAgents(registry);
        } else {
            registry.setAgents(List.of()); // as before activation: no AP configured yet
        }
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

    /**
     * Deactivate hook (app deactivation, not ONOS shutdown): removes every rule and meter of the
     * app and forgets the shared state.
     */
    void removeEverything() {
        stopping.set(true);
        loop.removeEverything();
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
        return loop.managedFlows();
    }

    @Override
    public DetectionStats detection() {
        return loop.detectionStats();
    }

    @Override
    public void runCycleNow() {
        loop.runCycleNow();
    }

    @Override
    public void resetAp(String apId) {
        loop.resetAp(apId);
    }

    // ---------------------------------------------------------------- for tests and the lab host

    /** @return the properties in force */
    RegulationProperties properties() {
        return props;
    }

    /** @return the loop (its AP directory, detection and counters) */
    RegulationLoop loop() {
        return loop;
    }

    @Override
    public String toString() {
        return "RegulationManager{aps=" + (loop == null ? "[]" : loop.aps().keySet()) + ", cycles="
                + (loop == null ? 0 : loop.cycles()) + "}";
    }
}
