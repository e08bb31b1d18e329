package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.detection.StationFeedStats;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.mptcp.ConflictKind;
import org.mpsdn.mptcp.MultipathUserTracker;
import org.mpsdn.mptcp.PcapReader;
import org.onlab.packet.ARP;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.packet.PacketProcessor;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The manager detects multipath users from the punted packets of the real kernel-MPTCP captures
 * ({@code app/src/test/resources/mptcp/users-ap*.pcap}) and tiers them with the real core: AP
 * "wifi1" is the capture's ap1 (10.1.0.0/24), "lte1" its ap2 (10.2.0.0/24), the server 10.0.0.1
 * is behind the uplink ports. A simulated switch punts a frame only if no per-flow rule of the
 * manager matches it (the manager's first-packet punt), so the test also shows that the SYN/ACK
 * (first packet of the reverse direction) reaches the controller.
 */
public class MultipathDetectionWiringTest {
    private static final String APS = "\"aps\": ["
            + "{\"id\": \"wifi1\", \"kind\": \"wifi\", \"deviceId\": \"of:0000000000000001\", \"apPort\": 1,"
            + " \"uplinkPort\": 2, \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\","
            + " \"directions\": [\"downlink\", \"uplink\"]},"
            + "{\"id\": \"lte1\", \"kind\": \"lte\", \"deviceId\": \"of:0000000000000002\", \"apPort\": 3,"
            + " \"uplinkPort\": 4, \"capacityKbps\": 20000, \"agent\": \"10.0.0.2:50051\","
            + " \"directions\": [\"downlink\"]}]";
    private static final TrafficTreatment TIER2 =
            DefaultTrafficTreatment.builder().writeMetadata(1L, 0xffffffffffffffffL).transition(1).build();

    private Harness h;
    private int punted;
    private int forwardedBySwitch;
    /** Flows another forwarding app installed a rule for (device and 5-tuple). */
    private final Set<String> fwdRules = new java.util.HashSet<>();

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.meters.flows = h.flows;
        h.realCore = true;
    }

    @After
    public void tearDown() {
        if (h.manager != null) {
            h.deactivate();
        }
    }

    private void configure(String ues) {
        h.netcfg.config = FakeConfigRegistry.parse(Harness.APP, "{" + APS + ", \"ues\": [" + ues + "]}");
    }

    private static final class Frame {
        final DeviceId device;
        final long micros;
        final byte[] bytes;

        Frame(DeviceId device, long micros, byte[] bytes) {
            this.device = device;
            this.micros = micros;
            this.bytes = bytes;
        }
    }

    private static List<Frame> capture(String scenario) throws IOException {
        List<Frame> all = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            String name = "/mptcp/" + scenario + "-ap" + i + ".pcap";
            try (InputStream in = MultipathDetectionWiringTest.class.getResourceAsStream(name)) {
                assertNotNull(name, in);
                for (PcapReader.Record r : PcapReader.readAll(in)) {
                    all.add(new Frame(i == 1 ? DEV1 : DEV2, r.micros, r.frame));
                }
            }
        }
        all.sort(Comparator.comparingLong(f -> f.micros));
        return all;
    }

    /** Plays the capture through a switch holding the manager's rules; returns the punted 5-tuples. */
    private Set<String> play(List<Frame> frames) throws DeserializationException {
        Set<String> puntedFlows = new TreeSet<>();
        for (Frame f : frames) {
            Ethernet eth = Ethernet.deserializer().deserialize(f.bytes, 0, f.bytes.length);
            Optional<FlowMatch> m = FlowMatch.fromPacket(eth);
            if (m.isEmpty()) {
                continue; // ARP, ICMP, IPv6: bridged by the in_port rule, not punted
            }
            ApSpec ap = h.manager.loop().aps().get(f.device.equals(DEV1) ? "wifi1" : "lte1");
            boolean fromServer = m.get().src().toString().startsWith("10.0.0.");
            Direction dir = fromServer ? Direction.DOWNLINK : Direction.UPLINK;
            long port = (fromServer ? ap.uplinkPort() : ap.apPort()).toLong();
            FlowRule rule = TierRules.flowRule(Harness.APP, ap, dir, m.get(), Tier.TIER1, 10);
            if (h.flows.getFlowEntry(rule) != null || fwdRules.contains(f.device + " " + m.get())) {
                forwardedBySwitch++;
                continue;
            }
            h.now.set(f.micros / 1000);
            h.packetIn(f.device, port, eth, f.bytes);
            punted++;
            puntedFlows.add(ap.id() + " " + dir + " " + m.get());
        }
        h.manager.loop().settle();
        return puntedFlows;
    }

    private void reportTelemetry() {
        reportTelemetry(true);
    }

    /** Station lists of both APs; without MACs as an eNB (and the lab's Wi-Fi station document) gives them. */
    private void reportTelemetry(boolean macs) {
        List<StationTelemetry> wifi = new ArrayList<>();
        List<StationTelemetry> lte = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            if (n != 4) {
                wifi.add(new StationTelemetry(macs ? "02:00:00:0a:00:1" + n : "", List.of("10.1.0.1" + n), -40,
                        54_000_000, 54_000_000, 0, 0, 0));
            }
            if (n != 3) {
                lte.add(new StationTelemetry(macs ? "02:00:00:0b:00:1" + n : "", List.of("10.2.0.1" + n), -100,
                        5_000_000, 5_000_000, 0, 0, 0));
            }
        }
        h.telemetry.report("wifi1", 0.3, 0.1, wifi);
        h.telemetry.report("lte1", 0.9, 0.1, lte);
    }

    /** Downlink per-flow rules of a switch by UE address, with their treatments. */
    private Map<String, List<TrafficTreatment>> downlinkTreatments(DeviceId device) {
        Map<String, List<TrafficTreatment>> out = new TreeMap<>();
        for (FlowEntry e : h.flows.rules(device, 0)) {
            if (e.priority() != TierRules.FLOW_PRIORITY) {
                continue;
            }
            FlowMatch m = FlowMatch.fromSelector(e.selector()).orElseThrow();
            // traffic from the server enters at the uplink port: downlink rules
            if (m.src().toString().equals("10.0.0.1")) {
                out.computeIfAbsent(m.dst().toString(), k -> new ArrayList<>()).add(e.treatment());
            }
        }
        return out;
    }

    private static Map<String, Set<String>> ueAddresses(List<UeSpec> ues) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (UeSpec u : ues) {
            out.put(u.id(), u.interfaces().keySet().stream().map(IpAddress::toString)
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        return out;
    }

    @Test
    public void detectedMultipathUsersGetTheirSecondarySubflowsTiered() throws Exception {
        configure("");
        h.activate();
        Set<String> flows = play(capture("users"));
        // every TCP connection's SYN/ACK (reverse-direction first packet) reached the controller
        for (String ue : List.of("10.1.0.11", "10.1.0.12", "10.1.0.13")) {
            assertTrue(ue + " " + flows, flows.stream().anyMatch(s -> s.startsWith("wifi1 DOWNLINK")
                    && s.contains("10.0.0.1:5001-" + ue + ":")));
        }
        for (String ue : List.of("10.2.0.11", "10.2.0.12", "10.2.0.14")) {
            assertTrue(ue + " " + flows, flows.stream().anyMatch(s -> s.startsWith("lte1 DOWNLINK")
                    && s.contains("10.0.0.1:5001-" + ue + ":")));
        }
        assertTrue(forwardedBySwitch > punted);
        reportTelemetry();
        h.cycle();

        Map<String, Set<String>> ues = ueAddresses(h.manager.loop().effectiveUes());
        Set<Set<String>> groups = new java.util.HashSet<>(ues.values());
        assertEquals(Set.of(Set.of("10.1.0.11", "10.2.0.11"), Set.of("10.1.0.12", "10.2.0.12"),
                Set.of("10.1.0.13"), Set.of("10.2.0.14")), groups);
        assertTrue(h.manager.loop().conflicts().isEmpty());

        Map<String, List<TrafficTreatment>> lte = downlinkTreatments(DEV2);
        TrafficTreatment tier1Lte = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build();
        assertEquals(Set.of("10.2.0.11", "10.2.0.12", "10.2.0.14"), lte.keySet());
        lte.get("10.2.0.11").forEach(t -> assertEquals("secondary subflow of ue1", TIER2, t));
        lte.get("10.2.0.12").forEach(t -> assertEquals("secondary subflow of ue2", TIER2, t));
        lte.get("10.2.0.14").forEach(t -> assertEquals("single-path ue4", tier1Lte, t));
        Map<String, List<TrafficTreatment>> wifi = downlinkTreatments(DEV1);
        TrafficTreatment tier1Wifi = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(1)).build();
        assertEquals(Set.of("10.1.0.11", "10.1.0.12", "10.1.0.13"), wifi.keySet());
        wifi.values().forEach(ts -> ts.forEach(t -> assertEquals(tier1Wifi, t)));
        assertEquals(0, h.manager.loop().malformedPackets());
    }

    @Test
    public void registrationNamesTheDetectedUserAndAConflictIsReported() throws Exception {
        // phone1 registered as detected; ue2's two addresses registered to two different UEs
        configure("{\"id\": \"phone1\", \"interfaces\": [{\"ip\": \"10.1.0.11\", \"mac\": \"02:00:00:0a:00:11\"},"
                + " {\"ip\": \"10.2.0.11\"}]},"
                + "{\"id\": \"x\", \"interfaces\": [{\"ip\": \"10.1.0.12\"}]},"
                + "{\"id\": \"y\", \"interfaces\": [{\"ip\": \"10.2.0.12\"}]}");
        h.activate();
        play(capture("users"));
        reportTelemetry();
        h.cycle();

        Map<String, Set<String>> ues = ueAddresses(h.manager.loop().effectiveUes());
        assertEquals(Set.of("10.1.0.11", "10.2.0.11"), ues.get("phone1"));
        assertEquals(Set.of("10.1.0.12"), ues.get("x"));
        assertEquals(Set.of("10.2.0.12"), ues.get("y"));
        List<DetectionConflict> conflicts = h.manager.loop().conflicts();
        assertEquals(conflicts.toString(), 1, conflicts.size());
        assertEquals(ConflictKind.CONNECTION_SPANS_REGISTRATIONS.name(), conflicts.get(0).kind());

        Map<String, List<TrafficTreatment>> lte = downlinkTreatments(DEV2);
        TrafficTreatment tier1Lte = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build();
        lte.get("10.2.0.11").forEach(t -> assertEquals("secondary subflow of phone1", TIER2, t));
        // not merged (conflict): y is a single-path UE of its own, its flow stays Tier 1
        lte.get("10.2.0.12").forEach(t -> assertEquals("y", tier1Lte, t));
        assertFalse(lte.get("10.2.0.12").isEmpty());
    }

    @Test
    public void ruleExpiryEndsTheFlowInTheTracker() throws Exception {
        configure("");
        h.activate();
        play(capture("users"));
        h.cycle();
        assertEquals(2, h.manager.loop().effectiveUes().stream().filter(u -> u.interfaces().size() == 2).count());
        // the switch drops every per-flow rule at lte1 on idle timeout: the joins end
        for (FlowEntry e : h.flows.rules(DEV2, 0)) {
            if (e.priority() == TierRules.FLOW_PRIORITY) {
                h.flows.expire(e);
            }
        }
        h.cycle();
        assertEquals(0, h.manager.loop().effectiveUes().stream().filter(u -> u.interfaces().size() == 2).count());
        assertEquals(Set.of(Set.of("10.1.0.11"), Set.of("10.1.0.12"), Set.of("10.1.0.13")),
                new java.util.HashSet<>(ueAddresses(h.manager.loop().effectiveUes()).values()));
    }

    private long multipathUsers() {
        return h.manager.loop().effectiveUes().stream().filter(u -> u.interfaces().size() == 2).count();
    }

    @Test
    public void trafficOnTheRulesKeepsUsersGroupedPastTheTrackersIdleTimeout() throws Exception {
        configure("");
        h.activate();
        play(capture("users"));
        h.cycle();
        assertEquals(2, multipathUsers());
        // eleven minutes in which every per-flow rule's byte counter moves each cycle: the tracker's
        // 10-minute idle timeout (counted from the handshakes) must not end the subflows
        assertTrue(MultipathUserTracker.DEFAULT_IDLE_TIMEOUT_MILLIS < 11 * 60_000L);
        for (int minute = 1; minute <= 11; minute++) {
            for (DeviceId d : List.of(DEV1, DEV2)) {
                for (FlowEntry e : h.flows.rules(d, 0)) {
                    if (e.priority() == TierRules.FLOW_PRIORITY) {
                        h.flows.setCounters(e, minute * 1_000_000L, minute * 1_000L, minute * 60L);
                    }
                }
            }
            h.now.addAndGet(60_000);
            h.cycle();
            assertEquals("minute " + minute, 2, multipathUsers());
        }
        // the counters stop moving: once idle for the timeout, the subflows end and the users dissolve
        h.now.addAndGet(MultipathUserTracker.DEFAULT_IDLE_TIMEOUT_MILLIS);
        h.cycle();
        assertEquals(0, multipathUsers());
    }

    @Test
    public void theTrackerSeesTheHandshakesWhenAnotherProcessorHandledThemFirst() throws Exception {
        configure("");
        // ONOS's fwd app uses the same director priority; equal priorities keep activation order
        // (PacketManager.addProcessor): activated first, it handles every packet-in before the app
        h.addProcessor(ctx -> {
            // like ReactiveForwarding: a flow rule for the packet's flow, then the packet out
            FlowMatch.fromPacket(ctx.inPacket().parsed()).ifPresent(m -> fwdRules.add(
                    ctx.inPacket().receivedFrom().deviceId() + " " + m));
            ctx.treatmentBuilder().setOutput(PortNumber.FLOOD);
            ctx.send();
        }, PacketProcessor.director(2));
        h.activate();
        play(capture("users"));
        h.cycle();
        assertEquals(2, multipathUsers());
    }

    @Test
    public void arpCrossesAnApSwitchUnderTheHostProvidersArpPunt() throws Exception {
        configure("");
        h.activate();
        // what ONOS's PacketManager installs on every switch for the host provider's ARP request
        // (HostLocationProvider.requestIntercepts at PacketPriority.CONTROL = 40000; PacketManager
        // pushes it as punt + wipeDeferred in table 0)
        FlowRule arpPunt = DefaultFlowRule.builder().forDevice(DEV1).forTable(0).withPriority(40000)
                .withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_ARP).build())
                .withTreatment(DefaultTrafficTreatment.builder().punt().wipeDeferred().build())
                .makePermanent().fromApp(new DefaultApplicationId(1, "org.onosproject.provider.host")).build();
        h.flows.applyFlowRules(arpPunt);
        Ethernet request = arp(ARP.OP_REQUEST, "02:00:00:0a:00:11", "10.1.0.11", "ff:ff:ff:ff:ff:ff", "10.1.0.1");
        Ethernet reply = arp(ARP.OP_REPLY, "02:00:00:00:00:01", "10.1.0.1", "02:00:00:0a:00:11", "10.1.0.11");
        for (Object[] hop : new Object[][]{{1L, request, 2L}, {2L, reply, 1L}}) {
            long in = (Long) hop[0];
            Ethernet frame = (Ethernet) hop[1];
            assertEquals("the switch punts it", arpPunt.id(), switchLookup(DEV1, in, frame).id());
            Harness.SentPacket ctx = h.packetIn(DEV1, in, frame);
            assertEquals("ARP from port " + in, DefaultTrafficTreatment.builder()
                    .setOutput(PortNumber.portNumber((Long) hop[2])).build(), ctx.sent);
        }
    }

    private static Ethernet arp(short op, String senderMac, String senderIp, String targetMac, String targetIp) {
        ARP arp = new ARP();
        arp.setHardwareType(ARP.HW_TYPE_ETHERNET).setProtocolType(ARP.PROTO_TYPE_IP)
                .setHardwareAddressLength((byte) Ethernet.DATALAYER_ADDRESS_LENGTH)
                .setProtocolAddressLength((byte) Ip4Address.BYTE_LENGTH).setOpCode(op)
                .setSenderHardwareAddress(MacAddress.valueOf(senderMac).toBytes())
                .setSenderProtocolAddress(Ip4Address.valueOf(senderIp).toOctets())
                .setTargetHardwareAddress(MacAddress.valueOf(op == ARP.OP_REQUEST ? "00:00:00:00:00:00" : targetMac)
                        .toBytes())
                .setTargetProtocolAddress(Ip4Address.valueOf(targetIp).toOctets());
        Ethernet eth = new Ethernet();
        eth.setEtherType(Ethernet.TYPE_ARP).setSourceMACAddress(senderMac).setDestinationMACAddress(targetMac)
                .setPayload(arp);
        return eth;
    }

    /**
     * The table-0 rule of a switch that takes a non-IP frame: the highest priority among the rules
     * whose criteria are all in-port or ether-type criteria that the frame meets.
     */
    private FlowRule switchLookup(DeviceId device, long inPort, Ethernet frame) {
        FlowRule best = null;
        for (FlowRule r : h.flows.switchRules(device)) {
            boolean match = r.tableId() == 0;
            for (Criterion c : r.selector().criteria()) {
                if (c.type() == Criterion.Type.IN_PORT) {
                    match &= ((PortCriterion) c).port().toLong() == inPort;
                } else if (c.type() == Criterion.Type.ETH_TYPE) {
                    match &= ((EthTypeCriterion) c).ethType().toShort() == frame.getEtherType();
                } else {
                    match = false;
                }
            }
            if (match && (best == null || r.priority() > best.priority())) {
                best = r;
            }
        }
        assertNotNull(best);
        return best;
    }

    /** The secondary subflows (at lte1) are Tier 2, the single-path UE's flow there Tier 1. */
    private void assertSecondarySubflowsTier2() {
        Map<String, List<TrafficTreatment>> lte = downlinkTreatments(DEV2);
        TrafficTreatment tier1Lte = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build();
        lte.get("10.2.0.11").forEach(t -> assertEquals("secondary subflow of ue1", TIER2, t));
        lte.get("10.2.0.12").forEach(t -> assertEquals("secondary subflow of ue2", TIER2, t));
        lte.get("10.2.0.14").forEach(t -> assertEquals("single-path ue4", tier1Lte, t));
    }

    /**
     * The lab's situation (issue 16): no UE registered, both APs' station lists without MACs, MP_CAPABLE
     * through one AP and MP_JOIN through the other. The lists are used whole, the users grouped, and the
     * detector's counters say so.
     */
    @Test
    public void labSituationStationListsWithoutMacsAndTheDetectorsCounters() throws Exception {
        configure("");
        h.activate();
        play(capture("users"));
        reportTelemetry(false);
        h.cycle();
        assertEquals(Set.of(Set.of("10.1.0.11", "10.2.0.11"), Set.of("10.1.0.12", "10.2.0.12"), Set.of("10.1.0.13"),
                Set.of("10.2.0.14")), new java.util.HashSet<>(ueAddresses(h.manager.loop().effectiveUes()).values()));
        assertSecondarySubflowsTier2();
        DetectionStats d = h.manager.detection();
        assertEquals(2, d.event("mptcp_connections"));
        assertEquals(2, d.event("joins_resolved"));
        assertEquals(0, d.event("joins_unresolved"));
        assertEquals(0, d.malformedFrames());
        assertEquals(List.of(new StationFeedStats("lte1", 1, 3, 3, 0, ""),
                new StationFeedStats("wifi1", 1, 3, 3, 0, "")), d.stationFeeds());
        assertEquals(2, d.users().stream().filter(DetectedUser::multipath).count());
        assertTrue(d.conflicts().isEmpty());
    }

    /**
     * A controller that starts (or restarts, the switches' rules cleared) while the connections run: its
     * punt rules send each flow direction's next segment, before any station list. The segments wait for the
     * first cycle's lists; the subflows are then grouped by their data sequence numbers and tiered.
     */
    @Test
    public void aControllerStartedMidStreamRegroupsFromTheSegmentsDss() throws Exception {
        configure("");
        h.activate();
        List<Frame> frames = capture("users");
        long lastSyn = 0;
        for (Frame f : frames) {
            byte[] b = f.bytes;
            // IPv4 TCP with the SYN flag (14 + 20 + 13: flags byte)
            if (b.length > 47 && b[23] == 6 && (b[47] & 0x02) != 0) {
                lastSyn = f.micros;
            }
        }
        final long after = lastSyn;
        play(frames.stream().filter(f -> f.micros > after).collect(Collectors.toList()));
        assertTrue(h.manager.detection().users().isEmpty());
        reportTelemetry(false);
        h.cycle();
        DetectionStats d = h.manager.detection();
        assertEquals(2, d.users().stream().filter(DetectedUser::multipath).count());
        assertEquals(0, d.event("mptcp_connections"));
        assertEquals(2, d.event("midstream_grouped"));
        assertSecondarySubflowsTier2();
    }
}
