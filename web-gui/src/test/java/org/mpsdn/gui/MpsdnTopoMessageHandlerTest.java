package org.mpsdn.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.topo.PropertyPanel;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The overlay's server side: highlight JSON sent to the GUI and the AP details panel.
 */
public class MpsdnTopoMessageHandlerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ProviderId PID = new ProviderId("test", "test");

    /** Northbound view with fixed APs and UEs. */
    static final class View implements NorthboundService {
        List<ApInfo> aps = new ArrayList<>();
        List<UeInfo> ues = new ArrayList<>();
        Map<String, String> params = Map.of("cth", "0.85");

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
            return ues;
        }

        @Override
        public Optional<UeInfo> ue(String ueId) {
            return Optional.empty();
        }

        @Override
        public List<ManagedFlow> flows(String apId, String ueId, Tier tier) {
            return List.of();
        }

        @Override
        public Map<String, String> parameters() {
            return params;
        }

        @Override
        public Map<String, String> ignoredParameters() {
            return Map.of();
        }

        @Override
        public List<MpsdnIntent> intents() {
            return List.of();
        }

        @Override
        public Optional<MpsdnIntent> intent(String intentId) {
            return Optional.empty();
        }
    }

    private static LimitDecision decided(SignalSource source, double signal, double threshold, LimitReason reason) {
        return new LimitDecision(source, signal, threshold, 1500, 54000, reason, "why", 1);
    }

    private static ApInfo ap(String id, String device, Double dl, Double ul, Long limitDl, ApOverride o) {
        return ap(id, device, dl, ul, limitDl, o, Map.of());
    }

    private static ApInfo ap(String id, String device, Double dl, Double ul, Long limitDl, ApOverride o,
                             Map<Direction, LimitDecision> decisions) {
        Map<Direction, Double> occ = new java.util.EnumMap<>(Direction.class);
        if (dl != null) {
            occ.put(Direction.DOWNLINK, dl);
        }
        if (ul != null) {
            occ.put(Direction.UPLINK, ul);
        }
        return new ApInfo(id, ApKind.WIFI, device, 54000, Set.of(Direction.DOWNLINK, Direction.UPLINK), o, occ,
                limitDl == null ? Map.of() : Map.of(Direction.DOWNLINK, limitDl), Map.of(Tier.TIER1, 3, Tier.TIER2, 2),
                new AgentHealth("10.0.0.1:50051", AgentHealth.Status.OK, 0, 1), decisions);
    }

    private static Host host(String mac, String ip, String device, long port) {
        return new DefaultHost(PID, HostId.hostId(MacAddress.valueOf(mac), VlanId.NONE), MacAddress.valueOf(mac),
                VlanId.NONE, new HostLocation(DeviceId.deviceId(device), PortNumber.portNumber(port), 0),
                Set.of(IpAddress.valueOf(ip)));
    }

    private View view;
    private MpsdnTopoMessageHandler handler;
    private final List<ObjectNode> sent = new ArrayList<>();

    @Before
    public void setUp() {
        view = new View();
        // wifi1: a starved Tier-1 station (0.72 against 0.4) at a low MacOcc; wifi2: the reverse
        view.aps.add(ap("wifi1", "of:0000000000000001", 0.30, 0.2, 3000L, ApOverride.none(), Map.of(
                Direction.DOWNLINK, decided(SignalSource.TIER1_STATIONS, 0.72, 0.4, LimitReason.DECREASE),
                Direction.UPLINK, decided(SignalSource.TIER1_STATIONS, 0.1, 0.4, LimitReason.INCREASE))));
        view.aps.add(ap("wifi2", "of:0000000000000002", 0.91, null, null, ApOverride.none(), Map.of(
                Direction.DOWNLINK, decided(SignalSource.TIER1_STATIONS, 0.05, 0.4, LimitReason.HOLD))));
        // wifi3: MacOcc against a per-AP CTh of 0.8 (paper), within 80 % of it
        view.aps.add(ap("wifi3", "of:0000000000000003", 0.70, 0.3, 150L,
                new ApOverride(OptionalDouble.of(0.8), OptionalDouble.empty(), OptionalLong.empty()), Map.of(
                        Direction.DOWNLINK, decided(SignalSource.MAC_OCC, 0.70, 0.8, LimitReason.INCREASE))));
        view.aps.add(ap("wifi4", "of:0000000000000004", null, null, 2_500_000L, ApOverride.none(), Map.of(
                Direction.DOWNLINK, LimitDecision.failOpen("silent", 1))));
        view.aps.add(ap("wifi5", "of:0000000000000005", null, null, null, ApOverride.none()));
        view.ues.add(new UeInfo("ue1", true, "wifi1", List.of(
                new UeConnection("wifi1", "10.0.1.2", "02:00:00:00:01:02", -48, 54_000_000, 1, true, Tier.TIER1),
                new UeConnection("wifi2", "10.0.2.2", "02:00:00:00:02:02", -80, 6_000_000, 1, false, Tier.TIER2),
                new UeConnection("wifi3", "10.0.3.2", "02:00:00:00:03:02", -70, 6_000_000, 1, false, null))));
        Map<String, Host> hosts = Map.of(
                "10.0.1.2", host("02:00:00:00:01:02", "10.0.1.2", "of:0000000000000001", 1),
                "10.0.2.2", host("02:00:00:00:02:02", "10.0.2.2", "of:0000000000000002", 1));
        HostServiceAdapter hostService = new HostServiceAdapter() {
            @Override
            public Set<Host> getHostsByIp(IpAddress ip) {
                Host h = hosts.get(ip.toString());
                return h == null ? Set.of() : Set.of(h);
            }
        };
        UiConnection conn = (UiConnection) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{UiConnection.class}, (p, m, args) -> {
                    if (m.getName().equals("sendMessage") && args.length == 1) {
                        sent.add((ObjectNode) args[0]);
                    }
                    return null;
                });
        handler = new MpsdnTopoMessageHandler();
        handler.init(conn, new TestServiceDirectory().add(NorthboundService.class, view)
                .add(org.onosproject.net.host.HostService.class, hostService));
    }

    @After
    public void tearDown() {
        handler.destroy();
    }

    private void event(String type, String payload) throws Exception {
        ObjectNode msg = MAPPER.createObjectNode();
        msg.put("event", type);
        msg.set("payload", MAPPER.readTree(payload));
        handler.process(msg);
    }

    private static JsonNode byId(JsonNode array, String id) {
        for (JsonNode n : array) {
            if (n.get("id").asText().equals(id)) {
                return n;
            }
        }
        throw new AssertionError(id + " not in " + array);
    }

    @Test
    public void occupancyModeBadgesApsByTheDecidingSignalAgainstItsThreshold() throws Exception {
        event(MpsdnTopoMessageHandler.START, "{\"mode\": \"occupancy\"}");
        assertEquals(1, sent.size());
        JsonNode msg = sent.get(0);
        assertEquals("showHighlights", msg.get("event").asText());
        JsonNode devices = msg.get("payload").get("devices");
        assertEquals(5, devices.size());
        JsonNode w1 = byId(devices, "of:0000000000000001").get("badge");
        assertEquals("3.0M", w1.get("txt").asText());
        assertEquals("Tier-1 station at 0.72 of 0.4: congested, whatever MacOcc says", "e", status(w1));
        String m1 = w1.get("msg").asText();
        assertTrue(m1, m1.contains("downlink TIER1_STATIONS 0.72 against 0.40: DECREASE (target 1.5M, cap 54.0M)"));
        assertTrue(m1, m1.contains("uplink TIER1_STATIONS 0.10 against 0.40: INCREASE"));
        JsonNode w2 = byId(devices, "of:0000000000000002").get("badge");
        assertEquals("-", w2.get("txt").asText());
        assertEquals("MacOcc 0.91 but the Tier-1 stations at 0.05: fine", "i", status(w2));
        JsonNode w3 = byId(devices, "of:0000000000000003").get("badge");
        assertEquals("150k", w3.get("txt").asText());
        assertEquals("MacOcc 0.70 within 80 % of CTh 0.8", "w", status(w3));
        assertTrue(w3.get("msg").asText().contains("downlink MAC_OCC 0.70 against 0.80"));
        JsonNode w4 = byId(devices, "of:0000000000000004").get("badge");
        assertEquals("2.5G", w4.get("txt").asText());
        assertEquals("failed open: warning", "w", status(w4));
        assertTrue(w4.get("msg").asText().contains("downlink no signal: FAIL_OPEN"));
        assertTrue(byId(devices, "of:0000000000000005").get("badge").get("msg").asText()
                .contains("downlink not decided yet"));
        assertEquals("no UE links in occupancy mode", 0, msg.get("payload").path("links").size());
    }

    private static String status(JsonNode badge) {
        return badge.get("status").asText().substring(0, 1).toLowerCase();
    }

    @Test
    public void connectionsModeDrawsPrimaryAndSecondaryEdgeLinks() throws Exception {
        event(MpsdnTopoMessageHandler.START, "{\"mode\": \"connections\"}");
        JsonNode links = sent.get(0).get("payload").get("links");
        assertEquals("the third connection has no ONOS host", 2, links.size());
        JsonNode primary = null;
        JsonNode secondary = null;
        for (JsonNode l : links) {
            if (l.get("id").asText().contains("02:00:00:00:01:02")) {
                primary = l;
            } else {
                secondary = l;
            }
        }
        assertTrue(primary.get("id").asText(), primary.get("id").asText().contains("of:0000000000000001/1"));
        assertTrue(primary.get("css").asText(), primary.get("css").asText().contains("primary"));
        assertEquals("ue1 primary TIER1", primary.get("label").asText());
        assertTrue(secondary.get("id").asText().contains("of:0000000000000002/1"));
        assertTrue(secondary.get("css").asText(), secondary.get("css").asText().contains("secondary"));
        assertEquals("ue1 secondary TIER2", secondary.get("label").asText());
    }

    @Test
    public void stopClearsAndRefreshResends() throws Exception {
        event(MpsdnTopoMessageHandler.START, "{}");
        event(MpsdnTopoMessageHandler.REFRESH, "{}");
        assertEquals(2, sent.size());
        assertEquals(5, sent.get(1).get("payload").get("devices").size());
        event(MpsdnTopoMessageHandler.STOP, "{}");
        assertEquals(3, sent.size());
        assertEquals("stopped: empty highlights", 0, sent.get(2).get("payload").path("devices").size());
    }

    @Test
    public void detailsPanelShowsTheApState() {
        MpsdnTopoOverlay overlay = new MpsdnTopoOverlay(() -> view);
        PropertyPanel pp = new PropertyPanel("of:0000000000000001", "switch");
        overlay.modifyDeviceDetails(pp, DeviceId.deviceId("of:0000000000000001"));
        Map<String, String> props = new java.util.HashMap<>();
        pp.properties().forEach(p -> props.put(p.key(), p.value()));
        assertEquals("wifi1 (WIFI)", props.get("mpsdnAp"));
        assertEquals("0.30", props.get("mpsdnOccDL"));
        assertEquals("TIER1_STATIONS 0.72 against 0.40: DECREASE (target 1.5M, cap 54.0M)",
                props.get("mpsdnDecisionDL"));
        assertEquals("3.0Mb/s", props.get("mpsdnLimitDL"));
        assertEquals("unlimited", props.get("mpsdnLimitUL"));
        assertEquals("3/2", props.get("mpsdnFlows"));
        assertEquals("1/0", props.get("mpsdnUes"));
        assertEquals("OK (10.0.0.1:50051)", props.get("mpsdnAgent"));
        PropertyPanel other = new PropertyPanel("of:00000000000000ff", "switch");
        overlay.modifyDeviceDetails(other, DeviceId.deviceId("of:00000000000000ff"));
        assertFalse("non-AP switch untouched", other.properties().stream().anyMatch(p -> p.key().startsWith("mpsdn")));
    }
}
