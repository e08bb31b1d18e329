package org.mpsdn.impl.northbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.OsgiPropertyConstants;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.SharedStorageService;
import org.mpsdn.impl.config.MpsdnConfig;
import org.onosproject.TestApplicationId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.NetworkConfigServiceAdapter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Northbound views and writes against fake ONOS services and the app's real config class.
 */
public class NorthboundManagerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ApplicationId APP = TestApplicationId.create(RegulationManager.APP_NAME);
    private static final String CONFIG = "{\"aps\": ["
            + "{\"id\": \"wifi1\", \"kind\": \"wifi\", \"deviceId\": \"of:0000000000000001\", \"apPort\": 1,"
            + " \"uplinkPort\": 2, \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\"},"
            + "{\"id\": \"lte1\", \"kind\": \"lte\", \"deviceId\": \"of:0000000000000002\", \"apPort\": 1,"
            + " \"uplinkPort\": 2, \"capacityKbps\": 20000, \"agent\": \"10.0.0.2:50051\","
            + " \"directions\": [\"downlink\"]}],"
            + " \"ues\": [{\"id\": \"ue1\", \"interfaces\": [{\"ip\": \"10.0.1.2\"}, {\"ip\": \"10.0.2.2\"}]}]}";

    /** Network config service holding the app's config. */
    static final class FakeNetcfg extends NetworkConfigServiceAdapter {
        JsonNode node;
        int applied;

        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
            if (node == null || configClass != MpsdnConfig.class) {
                return null;
            }
            MpsdnConfig cfg = new MpsdnConfig();
            cfg.init(APP, MpsdnConfig.KEY, node, MAPPER, c -> { });
            return (C) cfg;
        }

        @Override
        public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
            node = json;
            applied++;
            return null;
        }
    }

    /** Component config holding the regulation manager's properties. */
    static final class FakeComponentConfig extends ComponentConfigAdapter {
        final Map<String, String> values = new HashMap<>();

        @Override
        public Set<ConfigProperty> getProperties(String component) {
            Set<ConfigProperty> set = new HashSet<>();
            values.forEach((k, v) -> set.add(ConfigProperty.defineProperty(k, ConfigProperty.Type.STRING, v, "")));
            return set;
        }

        @Override
        public void setProperty(String component, String name, String value) {
            assertEquals(RegulationManager.class.getName(), component);
            values.put(name, value);
        }
    }

    /** Regulation service with fixed state. */
    static final class FakeRegulation implements RegulationService {
        final Map<String, ApRegulationState> states = new HashMap<>();
        final Map<String, String> primaries = new HashMap<>();
        final List<ManagedFlow> flows = new ArrayList<>();

        @Override
        public Optional<ApRegulationState> apState(String apId) {
            return Optional.ofNullable(states.get(apId));
        }

        @Override
        public Collection<ApRegulationState> apStates() {
            return states.values();
        }

        @Override
        public Map<String, String> primaries() {
            return primaries;
        }

        @Override
        public Collection<ManagedFlow> managedFlows() {
            return flows;
        }

        @Override
        public void addListener(RegulationListener listener) {
        }

        @Override
        public void removeListener(RegulationListener listener) {
        }
    }

    /** Telemetry with fixed reports. */
    static final class FakeTelemetry implements ApTelemetryService {
        final Map<String, ApTelemetry> reports = new HashMap<>();
        final Map<String, Integer> missed = new HashMap<>();

        @Override
        public Optional<ApTelemetry> latest(String apId) {
            return Optional.ofNullable(reports.get(apId));
        }

        @Override
        public int missedCycles(String apId) {
            return missed.getOrDefault(apId, 0);
        }
    }

    private NorthboundManager mgr;
    private FakeNetcfg netcfg;
    private FakeComponentConfig cfg;
    private FakeRegulation regulation;
    private FakeTelemetry telemetry;

    private final SharedStorageService storage = new SharedStorageService();

    @Before
    public void setUp() throws IOException {
        mgr = newManager();
        netcfg = new FakeNetcfg();
        netcfg.node = MAPPER.readTree(CONFIG);
        cfg = new FakeComponentConfig();
        regulation = new FakeRegulation();
        telemetry = new FakeTelemetry();
        wire(mgr);
        mgr.activate();
    }

    private void wire(NorthboundManager m) {
        m.configService = netcfg;
        m.componentConfigService = cfg;
        m.regulationService = regulation;
        m.telemetryService = telemetry;
        m.storageService = storage;
        m.clock = () -> 5000L;
    }

    private static NorthboundManager newManager() {
        NorthboundManager mgr = new NorthboundManager();
        mgr.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP;
            }
        };
        return mgr;
    }

    private static StationTelemetry station(String mac, String ip, double rssi, long tx) {
        return new StationTelemetry(mac, ip == null ? List.of() : List.of(ip), rssi, tx, tx / 2, 0, 0, 0);
    }

    @Test
    public void apViewCombinesTelemetryStateFlowsAndHealth() {
        telemetry.reports.put("wifi1", new ApTelemetry("wifi1", 7, 2000,
                Map.of(Direction.DOWNLINK, 0.91, Direction.UPLINK, 0.2), 54_000_000, List.of(), 4321));
        regulation.states.put("wifi1", ApRegulationState.builder("wifi1", "of:0000000000000001")
                .limit(Direction.DOWNLINK, 3000, 5).build());
        regulation.flows.add(new ManagedFlow("wifi1", "ue1", "tcp a-b", Direction.DOWNLINK, Tier.TIER2, 1, 1.0));
        regulation.flows.add(new ManagedFlow("wifi1", "ue2", "tcp c-d", Direction.DOWNLINK, Tier.TIER1, 1, 1.0));
        regulation.flows.add(new ManagedFlow("wifi1", "ue2", "tcp e-f", Direction.UPLINK, Tier.TIER1, 1, 1.0));
        regulation.flows.add(new ManagedFlow("lte1", "ue1", "tcp g-h", Direction.DOWNLINK, Tier.TIER1, 1, 1.0));
        telemetry.missed.put("lte1", 2);

        List<ApInfo> aps = mgr.aps();
        assertEquals(2, aps.size());
        ApInfo wifi = aps.get(0);
        assertEquals("wifi1", wifi.id());
        assertEquals(0.91, wifi.occupancy(Direction.DOWNLINK).getAsDouble(), 0.0);
        assertEquals(0.2, wifi.occupancy(Direction.UPLINK).getAsDouble(), 0.0);
        assertEquals(OptionalLong.of(3000), wifi.tier2LimitKbps(Direction.DOWNLINK));
        assertFalse("uplink unlimited", wifi.tier2LimitKbps(Direction.UPLINK).isPresent());
        assertEquals(2, wifi.flowCount(Tier.TIER1));
        assertEquals(1, wifi.flowCount(Tier.TIER2));
        assertEquals(AgentHealth.Status.OK, wifi.agent().status());
        assertEquals(4321, wifi.agent().lastReportMillis());

        ApInfo lte = mgr.ap("lte1").get();
        assertEquals(AgentHealth.Status.STALE, lte.agent().status());
        assertEquals(Set.of(Direction.DOWNLINK), lte.directions());
        assertEquals(1, lte.flowCount(Tier.TIER1));

        telemetry.missed.put("lte1", 5); // 5 x 2000 ms >= 10000 ms default fail-open delay
        assertEquals(AgentHealth.Status.FAILSAFE, mgr.ap("lte1").get().agent().status());
        mgr.telemetryService = null;
        assertEquals(AgentHealth.Status.UNKNOWN, mgr.ap("lte1").get().agent().status());
        assertFalse(mgr.ap("nope").isPresent());
    }

    @Test
    public void ueViewJoinsStationsToRegisteredUesWithPrimaryAndTier() {
        telemetry.reports.put("wifi1", new ApTelemetry("wifi1", 1, 2000, Map.of(), 0,
                List.of(station("02:00:00:00:01:02", "10.0.1.2", -48, 54_000_000),
                        station("02:00:00:00:09:09", "10.0.9.9", -70, 6_000_000)), 1));
        telemetry.reports.put("lte1", new ApTelemetry("lte1", 1, 2000, Map.of(), 0,
                List.of(station("02:00:00:00:02:02", "10.0.2.2", -90, 10_000_000)), 1));
        regulation.primaries.put("ue1", "lte1");
        regulation.flows.add(new ManagedFlow("wifi1", "ue1", "tcp a-b", Direction.DOWNLINK, Tier.TIER2, 1, 1.0));
        regulation.flows.add(new ManagedFlow("lte1", "ue1", "tcp c-d", Direction.DOWNLINK, Tier.TIER1, 1, 1.0));

        List<UeInfo> ues = mgr.ues();
        assertEquals(List.of("ip:10.0.9.9", "ue1"), List.of(ues.get(0).id(), ues.get(1).id()));
        UeInfo ue1 = mgr.ue("ue1").get();
        assertTrue(ue1.registered());
        assertTrue(ue1.multipath());
        assertEquals(Optional.of("lte1"), ue1.primaryAp());
        UeConnection lte = ue1.connections().get(0);
        UeConnection wifi = ue1.connections().get(1);
        assertEquals("lte1", lte.apId());
        assertTrue(lte.primary());
        assertEquals(Optional.of(Tier.TIER1), lte.tier());
        assertEquals(-90.0, lte.rssiDbm(), 0.0);
        assertEquals("wifi1", wifi.apId());
        assertFalse(wifi.primary());
        assertEquals(Optional.of(Tier.TIER2), wifi.tier());
        assertEquals(54_000_000, wifi.txPhyRateBps());
        UeInfo stranger = mgr.ue("ip:10.0.9.9").get();
        assertFalse(stranger.registered());
        assertEquals(Optional.empty(), stranger.connections().get(0).tier());
    }

    @Test
    public void flowsFilterByApUeAndTier() {
        regulation.flows.add(new ManagedFlow("wifi1", "ue1", "f1", Direction.DOWNLINK, Tier.TIER2, 1, 1.0));
        regulation.flows.add(new ManagedFlow("wifi1", "ue2", "f2", Direction.DOWNLINK, Tier.TIER1, 1, 1.0));
        regulation.flows.add(new ManagedFlow("lte1", "ue1", "f3", Direction.DOWNLINK, Tier.TIER1, 1, 1.0));
        assertEquals(3, mgr.flows(null, null, null).size());
        assertEquals(2, mgr.flows("wifi1", null, null).size());
        assertEquals(2, mgr.flows(null, "ue1", null).size());
        assertEquals("f3", mgr.flows(null, "ue1", Tier.TIER1).get(0).fiveTuple());
        assertEquals(0, mgr.flows("lte1", "ue2", null).size());
    }

    @Test
    public void parametersAreValidatedTogether() {
        assertEquals("0.85", mgr.parameters().get("cth"));
        Map<String, String> after = mgr.setParameters(Map.of("cth", "0.9", "rmKbps", "200"));
        assertEquals("0.9", after.get("cth"));
        assertEquals("200", after.get("rmKbps"));
        expectRejected(() -> mgr.setParameters(Map.of("cth", "1.5")), "cth: ");
        expectRejected(() -> mgr.setParameters(Map.of("alpha", "abc")), "alpha: ");
        expectRejected(() -> mgr.setParameters(Map.of("deadlockBreaker", "random")), "deadlockBreaker: ");
        expectRejected(() -> mgr.setParameters(Map.of("bogus", "1")), "bogus: unknown parameter");
        Map<String, String> both = new HashMap<>();
        both.put("intervalMs", "5000");
        both.put("alpha", "2");
        expectRejected(() -> mgr.setParameters(both), "alpha: ");
        assertNull("nothing applied when one value is bad", cfg.values.get("intervalMs"));
    }

    @Test
    public void tier1ThresholdIsShownAndValidated() {
        assertEquals("0.4", mgr.parameters().get("tier1Threshold"));
        assertEquals("0.5", mgr.setParameters(Map.of("tier1Threshold", "0.5")).get("tier1Threshold"));
        assertEquals("0.5", cfg.values.get("tier1Threshold"));
        expectRejected(() -> mgr.setParameters(Map.of("tier1Threshold", "1.2")), "tier1Threshold: ");
        assertEquals(NorthboundService.PARAMETER_NAMES, List.copyOf(mgr.parameters().keySet()));
    }

    @Test
    public void hysteresisIsShownAndValidated() {
        assertEquals("0.0", mgr.parameters().get("hysteresis"));
        assertEquals("0.25", mgr.setParameters(Map.of("hysteresis", "0.25")).get("hysteresis"));
        assertEquals("0.25", cfg.values.get("hysteresis"));
        expectRejected(() -> mgr.setParameters(Map.of("hysteresis", "-0.5")),
                "hysteresis: must be in [0.0, 10.0], was -0.5");
        expectRejected(() -> mgr.setParameters(Map.of("hysteresis", "wide")), "hysteresis: not a number: 'wide'");
        expectRejected(() -> mgr.setParameters(Map.of("hysteresis", "11")), "hysteresis: must be in");
        assertEquals("0.25", cfg.values.get("hysteresis"));
    }

    @Test
    public void parametersTheProfileIgnoresAreReported() {
        assertEquals(Profile.MPSDN, Profile.of(mgr.parameters().get("profile")));
        assertEquals("no decision read MacOcc: cth is ignored", List.of("cth"),
                List.copyOf(mgr.ignoredParameters().keySet()));
        regulation.states.put("wifi1", ApRegulationState.builder("wifi1", "of:0000000000000001")
                .decision(Direction.DOWNLINK, new LimitDecision(SignalSource.TIER1_STATIONS, 0.2, 0.4, 500, 900,
                        LimitReason.INCREASE, "", 1)).build());
        assertEquals(List.of("cth"), List.copyOf(mgr.ignoredParameters().keySet()));
        regulation.states.put("lte1", ApRegulationState.builder("lte1", "of:0000000000000002")
                .decision(Direction.DOWNLINK, new LimitDecision(SignalSource.MAC_OCC, 0.2, 0.85, 500, 900,
                        LimitReason.INCREASE, "", 1)).build());
        assertTrue("an agent without station queues: cth is read", mgr.ignoredParameters().isEmpty());
        mgr.setParameters(Map.of("profile", "paper"));
        assertEquals("paper reads no Tier-1 threshold",
                List.of("tier1Threshold"), List.copyOf(mgr.ignoredParameters().keySet()));
    }

    @Test
    public void meterLadderRatioIsShownAndValidated() {
        assertEquals(String.valueOf(Math.pow(2, 0.25)), mgr.parameters().get("meterLadderRatio"));
        assertEquals("2.0", mgr.setParameters(Map.of("meterLadderRatio", "2")).get("meterLadderRatio"));
        assertEquals("2", cfg.values.get("meterLadderRatio"));
        expectRejected(() -> mgr.setParameters(Map.of("meterLadderRatio", "0.5")), "meterLadderRatio: ");
    }

    @Test
    public void profileShowsTheOneInForceNetcfgFirst() throws IOException {
        assertEquals(Profile.of(OsgiPropertyConstants.PROFILE_DEFAULT).id(), mgr.parameters().get("profile"));
        assertEquals("paper", mgr.setParameters(Map.of("profile", "paper")).get("profile"));
        assertEquals("paper", cfg.values.get("profile"));
        expectRejected(() -> mgr.setParameters(Map.of("profile", "fast")), "profile: must be one of");
        ObjectNode withProfile = (ObjectNode) MAPPER.readTree(CONFIG);
        withProfile.put("profile", "mpsdn");
        netcfg.node = withProfile;
        assertEquals("mpsdn", mgr.parameters().get("profile"));
        expectRejected(() -> mgr.setParameters(Map.of("profile", "paper")),
                "profile: the app's netcfg sets profile 'mpsdn', which takes precedence");
        assertEquals("paper", cfg.values.get("profile"));
        assertEquals("mpsdn", mgr.setParameters(Map.of("profile", "mpsdn")).get("profile"));
        netcfg.node = MAPPER.readTree(CONFIG);
        assertEquals("mpsdn", mgr.parameters().get("profile"));
    }

    @Test
    public void apOverrideGoesToTheNetworkConfig() {
        mgr.setApOverride("wifi1", new ApOverride(OptionalDouble.of(0.7), OptionalDouble.empty(),
                OptionalLong.of(500)));
        assertEquals(1, netcfg.applied);
        ApInfo wifi = mgr.ap("wifi1").get();
        assertEquals(OptionalDouble.of(0.7), wifi.override().cth());
        assertEquals(OptionalLong.of(500), wifi.override().rmKbps());
        mgr.setApOverride("wifi1", ApOverride.none());
        assertTrue(mgr.ap("wifi1").get().override().isEmpty());
        expectRejected(() -> mgr.setApOverride("wifi1", new ApOverride(OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalLong.of(60_000))), "aps[0].rmKbps: ");
        expectRejected(() -> mgr.setApOverride("ghost", ApOverride.none()), "apId: unknown AP");
        assertEquals(2, netcfg.applied);
    }

    @Test
    public void staticUeRegistration() {
        mgr.registerUe(new UeRegistration("ue2", List.of(new UeRegistration.Interface("10.0.3.3",
                "02:00:00:00:03:03"))));
        assertTrue(mgr.ue("ue2").get().registered());
        expectRejected(() -> mgr.registerUe(new UeRegistration("ue3",
                List.of(new UeRegistration.Interface("10.0.1.2", null)))), "ues[2].interfaces[0].ip: ");
        expectRejected(() -> mgr.registerUe(new UeRegistration("ue3",
                List.of(new UeRegistration.Interface("10.0.999.1", null)))), "ues[2].interfaces[0].ip: ");
        expectRejected(() -> mgr.registerUe(new UeRegistration("ue3",
                List.of(new UeRegistration.Interface("10.0.7.1", "zz")))), "ues[2].interfaces[0].mac: ");
        assertTrue(mgr.unregisterUe("ue2"));
        assertFalse(mgr.ue("ue2").isPresent());
        assertFalse(mgr.unregisterUe("ue2"));
    }

    @Test
    public void intentsAreCheckedAgainstTheNetwork() {
        MpsdnIntent pin = MpsdnIntent.builder().id("p").kind(IntentKind.MULTIPATH_POLICY).target("ue1")
                .mode(MultipathMode.PIN_PRIMARY).apId("lte1").build();
        MpsdnIntent stored = mgr.submitIntent(pin);
        assertEquals(IntentState.PENDING, stored.state());
        assertEquals(5000, stored.updatedMillis());
        assertEquals(List.of(stored), mgr.intents());
        expectRejected(() -> mgr.submitIntent(pin.toBuilder().target("ghost").build()), "target: unknown UE");
        expectRejected(() -> mgr.submitIntent(pin.toBuilder().apId("ghost").build()), "apId: unknown AP");
        MpsdnIntent enb = MpsdnIntent.builder().id("e").kind(IntentKind.ENB_SCHEDULING).target("wifi1")
                .interCluster(EnbDiscipline.PFS).build();
        expectRejected(() -> mgr.submitIntent(enb), "target: AP 'wifi1' is not an LTE eNB");
        assertEquals(IntentState.PENDING, mgr.submitIntent(enb.toBuilder().target("lte1").build()).state());
        assertTrue(mgr.withdrawIntent("p"));
        assertFalse(mgr.intent("p").isPresent());
    }

    @Test
    public void aUeHasAtMostOneMultipathPolicyIntent() {
        MpsdnIntent exempt = MpsdnIntent.builder().id("x").kind(IntentKind.MULTIPATH_POLICY).target("ue1")
                .mode(MultipathMode.EXEMPT).build();
        mgr.submitIntent(exempt);
        expectRejected(() -> mgr.submitIntent(exempt.toBuilder().id("y").build()),
                "target: UE 'ue1' already has multipath policy intent 'x'");
        // the same intent may change its mode
        MpsdnIntent pin = exempt.toBuilder().mode(MultipathMode.PIN_PRIMARY).apId("lte1").build();
        assertEquals(2, mgr.submitIntent(pin).version());
    }

    @Test
    public void intentsAndStatesSurviveReactivationAndAreSeenByAPeer() {
        IntentBookTest.ManualInstaller installer = new IntentBookTest.ManualInstaller(IntentKind.MULTIPATH_POLICY);
        mgr.bindInstaller(installer);
        MpsdnIntent pin = MpsdnIntent.builder().id("p").kind(IntentKind.MULTIPATH_POLICY).target("ue1")
                .mode(MultipathMode.PIN_PRIMARY).apId("lte1").build();
        mgr.submitIntent(pin);
        installer.answers.get(0).complete(InstallOutcome.acknowledged());
        MpsdnIntent enb = MpsdnIntent.builder().id("e").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                .interCluster(EnbDiscipline.PFS).clusterOverride("c1", EnbDiscipline.MAX_CI).build();
        mgr.submitIntent(enb);
        List<MpsdnIntent> before = mgr.intents();
        assertEquals(IntentState.INSTALLED, before.get(1).state());
        mgr.unbindInstaller(installer);
        mgr.deactivate();

        // reactivation (or the new leader): same distributed map, no installer yet
        NorthboundManager again = newManager();
        wire(again);
        again.activate();
        assertEquals(before, again.intents());
        // a state change made by one instance is seen by the other
        IntentBookTest.ManualInstaller enbInstaller = new IntentBookTest.ManualInstaller(IntentKind.ENB_SCHEDULING);
        again.bindInstaller(enbInstaller);
        assertEquals(1, enbInstaller.installs.size());
        enbInstaller.answers.get(0).complete(InstallOutcome.failed("agent unreachable"));
        MpsdnIntent failed = mgr.intent("e").orElseThrow();
        assertEquals(IntentState.FAILED, failed.state());
        assertEquals("agent unreachable", failed.reason());
        assertTrue(again.withdrawIntent("p"));
        assertFalse(mgr.intent("p").isPresent());
    }

    private static void expectRejected(Runnable r, String prefix) {
        try {
            r.run();
            fail("accepted; expected rejection starting with " + prefix);
        } catch (IllegalArgumentException e) {
            assertTrue("message '" + e.getMessage() + "' should start with '" + prefix + "'",
                    e.getMessage().startsWith(prefix));
        }
    }
}
