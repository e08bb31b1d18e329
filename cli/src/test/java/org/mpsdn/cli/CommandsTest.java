package org.mpsdn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.northbound.codec.NorthboundCodecs;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.onlab.junit.TestUtils;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The mpsdn-* commands against a fake northbound service; output captured from stdout/stderr.
 */
public class CommandsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Northbound service with fixed data recording writes. */
    static final class Fake implements NorthboundAdminService {
        final List<ApInfo> aps = List.of(
                new ApInfo("wifi1", ApKind.WIFI, "of:0000000000000001", 54000,
                        Set.of(Direction.DOWNLINK, Direction.UPLINK), ApOverride.none(),
                        Map.of(Direction.DOWNLINK, 0.91), Map.of(Direction.DOWNLINK, 3000L),
                        Map.of(Tier.TIER1, 2, Tier.TIER2, 1),
                        new AgentHealth("10.0.0.1:50051", AgentHealth.Status.OK, 0, 1),
                        Map.of(Direction.DOWNLINK, new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 3000,
                                54000, LimitReason.DECREASE, "signal at or above its threshold: halved", 1))),
                new ApInfo("lte1", ApKind.LTE, "of:0000000000000002", 20000, Set.of(Direction.DOWNLINK),
                        ApOverride.none(), Map.of(), Map.of(), Map.of(),
                        new AgentHealth("10.0.0.2:50051", AgentHealth.Status.FAILSAFE, 6, -1),
                        Map.of(Direction.DOWNLINK, LimitDecision.failOpen("agent silent", 1))));
        final UeInfo ue1 = new UeInfo("ue1", true, "lte1", List.of(
                new UeConnection("lte1", "10.0.2.2", "02:00:00:00:02:02", -90, 10_000_000, 5_000_000, true,
                        Tier.TIER1),
                new UeConnection("wifi1", "10.0.1.2", "02:00:00:00:01:02", -48, 54_000_000, 24_000_000, false,
                        Tier.TIER2)));
        final List<ManagedFlow> flows = List.of(
                new ManagedFlow("wifi1", "ue1", "tcp a->b", Direction.DOWNLINK, Tier.TIER2, 10, 8e6),
                new ManagedFlow("lte1", "ue1", "tcp c->d", Direction.DOWNLINK, Tier.TIER1, 20, 2e6));
        final Map<String, String> params = new LinkedHashMap<>(Map.of("cth", "0.85", "alpha", "0.5",
                "profile", "mpsdn"));
        final Map<String, MpsdnIntent> intents = new TreeMap<>();

        @Override
        public List<ApInfo> aps() {
            return aps;
        }

        @Override
        public Optional<ApInfo> ap(String apId) {
            return aps.stream().filter(a -> a.id().equals(apId)).findFirst();
        }

        @Override
        public List<UeInfo> ues() {
            return List.of(ue1);
        }

        @Override
        public Optional<UeInfo> ue(String ueId) {
            return ueId.equals("ue1") ? Optional.of(ue1) : Optional.empty();
        }

        @Override
        public List<ManagedFlow> flows(String apId, String ueId, Tier tier) {
            List<ManagedFlow> r = new ArrayList<>();
            for (ManagedFlow f : flows) {
                if ((apId == null || f.apId().equals(apId)) && (ueId == null || f.ueId().equals(ueId))
                        && (tier == null || f.tier() == tier)) {
                    r.add(f);
                }
            }
            return r;
        }

        @Override
        public Map<String, String> parameters() {
            return params;
        }

        @Override
        public Map<String, String> ignoredParameters() {
            return "paper".equals(params.get("profile")) ? Map.of("tier1Threshold", "paper reads cth")
                    : Map.of("cth", "mpsdn reads tier1Threshold");
        }

        @Override
        public List<MpsdnIntent> intents() {
            return List.copyOf(intents.values());
        }

        @Override
        public Optional<MpsdnIntent> intent(String intentId) {
            return Optional.ofNullable(intents.get(intentId));
        }

        @Override
        public Map<String, String> setParameters(Map<String, String> values) {
            values.forEach((k, v) -> {
                if (k.equals("cth") && Double.parseDouble(v) > 1) {
                    throw new IllegalArgumentException("cth: must be in (0.0, 1.0], was " + v);
                }
            });
            params.putAll(values);
            return params;
        }

        @Override
        public void setApOverride(String apId, ApOverride override) {
        }

        @Override
        public void registerUe(UeRegistration registration) {
        }

        @Override
        public boolean unregisterUe(String ueId) {
            return false;
        }

        @Override
        public MpsdnIntent submitIntent(MpsdnIntent intent) {
            if (intent.kind() == IntentKind.ENB_SCHEDULING && !intent.target().equals("lte1")) {
                throw new IllegalArgumentException("target: unknown eNB '" + intent.target() + "'");
            }
            MpsdnIntent stored = intent.toBuilder().state(IntentState.PENDING).build();
            intents.put(stored.id(), stored);
            return stored;
        }

        @Override
        public boolean withdrawIntent(String intentId) {
            return intents.remove(intentId) != null;
        }
    }

    /** Codec service with the northbound codecs. */
    static final class Codecs implements CodecService {
        private final Map<Class<?>, JsonCodec<?>> map = new ConcurrentHashMap<>();

        @Override
        public Set<Class<?>> getCodecs() {
            return map.keySet();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> JsonCodec<T> getCodec(Class<T> entityClass) {
            return (JsonCodec<T>) map.get(entityClass);
        }

        @Override
        public <T> void registerCodec(Class<T> entityClass, JsonCodec<T> codec) {
            map.put(entityClass, codec);
        }

        @Override
        public void unregisterCodec(Class<?> entityClass) {
            map.remove(entityClass);
        }
    }

    private Fake nb;
    private Codecs codecs;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private PrintStream oldErr;

    @Before
    public void setUp() {
        nb = new Fake();
        codecs = new Codecs();
        NorthboundCodecs.register(codecs);
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @After
    public void tearDown() {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }

    private <C extends MpsdnCommand> C wire(C cmd, boolean json) {
        cmd.service = nb;
        cmd.codecs = codecs;
        TestUtils.setField(cmd, "json", json);
        return cmd;
    }

    private String run(MpsdnCommand cmd) throws Exception {
        out.reset();
        err.reset();
        cmd.doExecute(); // execute() adds ONOS auditing, which needs OSGi
        return out.toString(StandardCharsets.UTF_8);
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static JsonNode json(String s) throws IOException {
        return MAPPER.readTree(s);
    }

    @Test
    public void apsListShowFilterAndJson() throws Exception {
        String text = run(wire(new ApsCommand(), false));
        assertTrue(text, text.contains("id=wifi1, kind=WIFI"));
        assertTrue(text, text.contains("occupancy(dl/ul)=0.91/-"));
        assertTrue(text, text.contains("tier2LimitKbps(dl/ul)=3000/unlimited"));
        assertTrue(text, text.contains("flows(t1/t2)=2/1"));
        assertTrue(text, text.contains("agent=FAILSAFE(missed=6)"));
        assertTrue(text, text.contains("\n  downlink: DECREASE, signal=TIER1_STATIONS 0.72 (threshold 0.40), "
                + "target=3000 kbps, cap=54000 kbps (signal at or above its threshold: halved)"));
        assertTrue(text, text.contains("\n  downlink: FAIL_OPEN, signal=none, target=-, cap=- (agent silent)"));
        ApsCommand one = wire(new ApsCommand(), false);
        one.apId = "lte1";
        assertEquals("the AP and its one decision", 2, run(one).trim().split("\n").length);
        ApsCommand byDevice = wire(new ApsCommand(), false);
        byDevice.deviceId = "of:0000000000000001";
        assertTrue(run(byDevice).startsWith("id=wifi1"));
        ApsCommand ghost = wire(new ApsCommand(), false);
        ghost.apId = "ghost";
        assertEquals("", run(ghost));
        assertTrue(errors(), errors().contains("No AP ghost"));
        JsonNode arr = json(run(wire(new ApsCommand(), true)));
        assertEquals(2, arr.size());
        assertEquals("wifi1", arr.get(0).get("id").asText());
        assertEquals(3000, arr.get(0).get("tier2LimitKbps").get("downlink").asLong());
        assertEquals("DECREASE", arr.get(0).get("decision").get("downlink").get("reason").asText());
        assertEquals(0.4, arr.get(0).get("decision").get("downlink").get("threshold").asDouble(), 0.0);
    }

    @Test
    public void uesShowConnectionsAndJson() throws Exception {
        String text = run(wire(new UesCommand(), false));
        assertTrue(text, text.contains("id=ue1, registered=true, primary=lte1, found=registered"));
        assertTrue(text, text.contains("ap=lte1, ip=10.0.2.2, rssi=-90.0 dBm, phy(tx/rx)=10000000/5000000 bps, "
                + "primary, tier=TIER1"));
        assertTrue(text, text.contains("ap=wifi1, ip=10.0.1.2, rssi=-48.0 dBm"));
        assertTrue(text, text.contains("secondary, tier=TIER2"));
        UesCommand ghost = wire(new UesCommand(), false);
        ghost.ueId = "ghost";
        run(ghost);
        assertTrue(errors().contains("No UE ghost"));
        JsonNode arr = json(run(wire(new UesCommand(), true)));
        assertEquals("TIER2", arr.get(0).get("connections").get(1).get("tier").asText());
    }

    @Test
    public void flowsFilterAndRejectBadTier() throws Exception {
        assertEquals(2, run(wire(new FlowsCommand(), false)).trim().split("\n").length);
        FlowsCommand t2 = wire(new FlowsCommand(), false);
        t2.tier = "tier2";
        String text = run(t2);
        assertTrue(text, text.startsWith("ap=wifi1, ue=ue1, tcp a->b, DOWNLINK, TIER2"));
        assertEquals(1, text.trim().split("\n").length);
        FlowsCommand byAp = wire(new FlowsCommand(), true);
        byAp.apId = "lte1";
        assertEquals("tcp c->d", json(run(byAp)).get(0).get("fiveTuple").asText());
        FlowsCommand bad = wire(new FlowsCommand(), false);
        bad.tier = "tier3";
        assertEquals("", run(bad));
        assertTrue(errors(), errors().contains("tier: must be tier1 or tier2"));
    }

    @Test
    public void getAndSetParameters() throws Exception {
        String text = run(wire(new ParamsCommand(), false));
        assertTrue(text, text.contains("cth=0.85"));
        assertTrue(text, text.contains("alpha=0.5"));
        assertTrue(text, text.contains("profile=mpsdn"));
        assertTrue(NorthboundService.PARAMETER_NAMES.contains("profile"));
        assertTrue(NorthboundService.PARAMETER_NAMES.contains("tier1Threshold"));
        ParamsCommand one = wire(new ParamsCommand(), true);
        one.name = "cth";
        JsonNode n = json(run(one));
        assertEquals("the value and what is ignored", 2, n.size());
        assertEquals("0.85", n.get("cth").asText());
        assertTrue(n.get("ignored").has("cth"));
        ParamsCommand unknown = wire(new ParamsCommand(), false);
        unknown.name = "speed";
        run(unknown);
        assertTrue(errors().contains("No parameter speed"));
        ParamsSetCommand set = wire(new ParamsSetCommand(), false);
        set.name = "cth";
        set.value = "0.9";
        assertEquals("cth=0.9 (ignored: mpsdn reads tier1Threshold)", run(set).trim());
        assertEquals("0.9", nb.params.get("cth"));
        set.value = "1.5";
        run(set);
        assertTrue(errors(), errors().contains("cth: must be in (0.0, 1.0], was 1.5"));
        assertEquals("0.9", nb.params.get("cth"));
    }

    @Test
    public void parametersTheProfileIgnoresAreMarked() throws Exception {
        String text = run(wire(new ParamsCommand(), false));
        assertTrue(text, text.contains("cth=0.85 (ignored: mpsdn reads tier1Threshold)"));
        assertTrue(text, text.contains("alpha=0.5\n"));
        ParamsCommand json = wire(new ParamsCommand(), true);
        JsonNode n = json(run(json));
        assertEquals("mpsdn reads tier1Threshold", n.get("ignored").get("cth").asText());
        ParamsCommand alpha = wire(new ParamsCommand(), true);
        alpha.name = "alpha";
        assertEquals(0, json(run(alpha)).get("ignored").size());
        ParamsSetCommand set = wire(new ParamsSetCommand(), false);
        set.name = "profile";
        set.value = "paper";
        assertEquals("profile=paper", run(set).trim());
        set.name = "tier1Threshold";
        set.value = "0.5";
        assertEquals("tier1Threshold=0.5 (ignored: paper reads cth)", run(set).trim());
        assertTrue(NorthboundService.PARAMETER_NAMES.contains("hysteresis"));
    }

    @Test
    public void createsListsAndRemovesIntents() throws Exception {
        IntentAddCommand pin = wire(new IntentAddCommand(), false);
        pin.kind = "policy";
        pin.target = "ue1";
        pin.args = List.of("pin_primary", "lte1");
        String text = run(pin);
        assertTrue(text, text.contains("id=multipath_policy-ue1, kind=MULTIPATH_POLICY, target=ue1, state=PENDING"));
        MpsdnIntent stored = nb.intents.get("multipath_policy-ue1");
        assertEquals(MultipathMode.PIN_PRIMARY, stored.mode());
        assertEquals("lte1", stored.apId());

        IntentAddCommand enb = wire(new IntentAddCommand(), true);
        enb.kind = "enb";
        enb.target = "lte1";
        enb.id = "sched";
        enb.args = List.of("pfs", "max_ci");
        enb.clusters = List.of("user:ue1=round_robin");
        assertEquals("PENDING", json(run(enb)).get("state").asText());
        assertEquals(EnbDiscipline.ROUND_ROBIN, nb.intents.get("sched").clusterOverrides().get("user:ue1"));
        assertEquals(EnbDiscipline.MAX_CI, nb.intents.get("sched").intraCluster());

        IntentAddCommand split = wire(new IntentAddCommand(), false);
        split.kind = "enb";
        split.target = "lte1";
        split.id = "split";
        split.args = List.of("pfs");
        split.split = "targetUe=ue1, secondPathUe=ue2,dstIp=10.77.0.10,lteShare=0.25,rttMs=100,windowPackets=20,"
                + "mode=shared_buffer,dstPort=5201,beta=0.3";
        String splitText = run(split);
        assertTrue(splitText, splitText.contains("split=ue1+ue2 dst=10.77.0.10:5201 SHARED_BUFFER lteShare=0.25 "
                + "rttMs=100.0 windowPackets=20.0 alpha=1.0 beta=0.3 epochMs=1400.0"));
        EnbSplit sp = nb.intents.get("split").split();
        assertEquals(SplitMode.SHARED_BUFFER, sp.mode());
        assertEquals(5201, sp.dstPort());
        assertEquals(0.3, sp.beta(), 0);
        assertEquals(20 * 0.7 * 100, sp.epochMs(), 1e-9);
        nb.intents.remove("split");

        IntentAddCommand manual = wire(new IntentAddCommand(), false);
        manual.kind = "weights";
        manual.target = "ue1";
        manual.args = List.of("wifi=3", "lte=1");
        run(manual);
        assertEquals(Map.of("wifi", 3, "lte", 1), nb.intents.get("client_weights-ue1").weights());
        IntentAddCommand auto = wire(new IntentAddCommand(), false);
        auto.kind = "weights";
        auto.target = "ue2";
        auto.args = List.of("automatic");
        run(auto);
        assertEquals(WeightMode.AUTOMATIC, nb.intents.get("client_weights-ue2").weightMode());

        String list = run(wire(new IntentsCommand(), false));
        assertEquals(4, list.trim().split("\n").length);
        IntentsCommand show = wire(new IntentsCommand(), true);
        show.intentId = "sched";
        assertEquals("ENB_SCHEDULING", json(run(show)).get(0).get("kind").asText());

        IntentRemoveCommand rm = wire(new IntentRemoveCommand(), false);
        rm.intentId = "sched";
        assertEquals("Withdrew sched", run(rm).trim());
        run(rm);
        assertTrue(errors().contains("No intent sched"));
        assertFalse(nb.intents.containsKey("sched"));
    }

    private IntentAddCommand steering(String target, String precedence, String traffic, String... args) {
        IntentAddCommand cmd = wire(new IntentAddCommand(), false);
        cmd.kind = "steering";
        cmd.target = target;
        cmd.precedence = precedence;
        cmd.traffic = traffic;
        cmd.args = List.of(args);
        return cmd;
    }

    @Test
    public void createsSteeringIntents() throws Exception {
        run(steering("*", "200", null, "load_balancing", "wifi1=70", "lte1=30"));
        SteeringRule lb = nb.intents.get("steering-all").steering();
        assertEquals(SteeringMode.LOAD_BALANCING, lb.mode());
        assertEquals(Map.of("wifi1", 70, "lte1", 30), lb.shares());
        assertEquals(200, lb.precedence());
        run(steering("ue1", "5", "protocol=tcp,dstPrefix=10.77.0.0/24,dstPorts=443-8443,dscp=46", "0", "wifi1"));
        SteeringRule as = nb.intents.get("steering-ue1").steering();
        assertEquals(SteeringMode.ACTIVE_STANDBY, as.mode());
        assertEquals("wifi1", as.activeAp());
        assertEquals(TrafficDescriptor.builder().protocol(6).dstPrefix("10.77.0.0/24").dstPorts(443, 8443).dscp(46)
                .build(), as.trafficDescriptor());
        IntentAddCommand sd = steering("ue2", "7", null, "smallest_delay", "15");
        sd.id = "delay";
        String shown = run(sd);
        assertEquals(15, nb.intents.get("delay").steering().rttHysteresisMs());
        assertTrue(shown, shown.contains("steering=SMALLEST_DELAY(1) precedence=7 rttHysteresisMs=15"));
        String[][] bad = {
                {"*", "1", null, "load_balancing", "steering.shares: LOAD_BALANCING needs either"},
                {"*", "1", null, "active_standby", "steering.activeAp: is mandatory"},
                {"*", null, null, "priority_based", "precedence: is mandatory"},
                {"*", "x", null, "priority_based", "precedence: must be an integer"},
                {"*", "1", null, "7", "steering.modeCode: must be a TS 29.244"},
                {"*", "1", "dstPorts=80", "priority_based", "trafficDescriptor.dstPorts: only with protocol TCP"},
                {"*", "1", "protocol=tcp,dstPorts=1-2-3", "priority_based", "trafficDescriptor.dstPorts: must be"},
                {"*", "1", "dscp=99", "priority_based", "trafficDescriptor.dscp: must be in [0, 63]"},
                {"*", "1", "port=80", "priority_based", "trafficDescriptor.port: unknown field"},
                {"ue*", "1", null, "priority_based", "target: must match"},
        };
        for (String[] c : bad) {
            IntentAddCommand cmd = steering(c[0], c[1], c[2], c[3]);
            cmd.id = "bad";
            assertEquals("", run(cmd));
            assertTrue(String.join(" ", c) + ": " + errors(), errors().contains(c[4]));
        }
        assertFalse(nb.intents.containsKey("bad"));
    }

    @Test
    public void rejectsBadIntentArguments() throws Exception {
        String[][] cases = {
                {"teleport", "ue1", "x", "kind: must be policy, enb, weights or steering"},
                {"policy", "ue1", null, "mode: is mandatory"},
                {"policy", "ue1", "sometimes", "mode: must be one of"},
                {"policy", "ue1", "pin_primary", "apId: is mandatory"},
                {"enb", "lte1", "fair", "interCluster: must be one of"},
                {"enb", "lte9", "pfs", "target: unknown eNB 'lte9'"},
                {"weights", "ue1", "wifi=three", "weights.wifi: must be an integer"},
                {"weights", "ue1", "wifi", "weights: expected name=value"},
                {"weights", "ue1", "wifi=0", "weights.wifi: must be in [1, 1000]"},
        };
        for (String[] c : cases) {
            IntentAddCommand cmd = wire(new IntentAddCommand(), false);
            cmd.kind = c[0];
            cmd.target = c[1];
            cmd.args = c[2] == null ? new ArrayList<>() : List.of(c[2]);
            assertEquals("", run(cmd));
            assertTrue("case " + String.join(" ", c[0], c[1]) + ": " + errors(), errors().contains(c[3]));
        }
        IntentAddCommand badCluster = wire(new IntentAddCommand(), false);
        badCluster.kind = "enb";
        badCluster.target = "lte1";
        badCluster.args = List.of("pfs");
        badCluster.clusters = List.of("user:ue1");
        run(badCluster);
        assertTrue(errors(), errors().contains("cluster: expected name=value"));
        String ok = "targetUe=ue1,secondPathUe=ue2,dstIp=10.77.0.10,lteShare=0.5,rttMs=50,windowPackets=40";
        String[][] splits = {
                {"enb", ok + ",rttMs=fast", "split.rttMs: must be a number, was 'fast'"},
                {"enb", ok + ",hold=3", "split.hold: unknown field"},
                {"enb", ok + ",dstPort=x", "split.dstPort: must be an integer"},
                {"enb", ok + ",mode=halves", "split.mode: must be one of"},
                {"enb", ok + ",lteShare=2", "split.lteShare: must be in"},
                {"enb", ok + ",rttMs", "split: expected name=value, was 'rttMs'"},
                {"enb", "targetUe=ue1,dstIp=10.77.0.10", "split.secondPathUe: is mandatory"},
                {"enb", ok.replace("rttMs=50,", ""), "split.rttMs: is mandatory"},
                {"policy", ok, "split: not allowed for MULTIPATH_POLICY"},
        };
        for (String[] c : splits) {
            IntentAddCommand cmd = wire(new IntentAddCommand(), false);
            cmd.kind = c[0];
            cmd.target = c[0].equals("enb") ? "lte1" : "ue1";
            cmd.args = List.of(c[0].equals("enb") ? "pfs" : "exempt");
            cmd.split = c[1];
            assertEquals("", run(cmd));
            assertTrue(c[1] + ": " + errors(), errors().contains(c[2]));
        }
        assertTrue("nothing submitted", nb.intents.isEmpty());
    }

    @Test
    public void completersOfferIds() {
        ApIdCompleter aps = new ApIdCompleter();
        aps.service = nb;
        assertEquals(List.of("wifi1", "lte1"), aps.choices());
        UeIdCompleter ues = new UeIdCompleter();
        ues.service = nb;
        assertEquals(List.of("ue1"), ues.choices());
        nb.intents.put("x", MpsdnIntent.builder().id("x").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.AUTOMATIC).build());
        IntentIdCompleter intents = new IntentIdCompleter();
        intents.service = nb;
        assertEquals(List.of("x"), intents.choices());
        assertTrue(new ParameterNameCompleter().choices().contains("cth"));
    }
}
