package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.mptcp.PcapReader;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * Detection across the instances of a cluster: the Wi-Fi switch is mastered by one instance, the LTE switch by
 * another, and a third owns the control domain. The real kernel-MPTCP captures are played through the switches
 * (each punted frame reaches the master of its switch only); the owner groups the users whose subflows cross
 * both switches and its cycle (the real core) tiers their secondary subflows.
 */
public class ClusterDetectionTest {
    private static final TrafficTreatment TIER2 =
            DefaultTrafficTreatment.builder().writeMetadata(1L, 0xffffffffffffffffL).transition(1).build();
    private final List<Harness> cluster = new ArrayList<>();

    @Before
    public void setUp() {
        Harness a = new Harness();
        a.meters.flows = a.flows;
        a.netcfg.config = FakeConfigRegistry.parse(Harness.APP, Harness.CONFIG.replaceAll(", \"ues\": \\[.*\\]}$",
                ", \"ues\": []}"));
        cluster.add(a);
        cluster.add(a.peer().master(DEV1));
        cluster.add(a.peer().master(DEV2));
        for (Harness h : cluster) {
            h.realCore = true;
            h.activate();
        }
    }

    @After
    public void tearDown() {
        cluster.forEach(Harness::deactivate);
    }

    /** Plays the captures: a frame is punted to its switch's master unless a per-flow rule forwards it. */
    private int play() throws Exception {
        List<Object[]> all = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            try (InputStream in = getClass().getResourceAsStream("/mptcp/users-ap" + i + ".pcap")) {
                assertNotNull(in);
                for (PcapReader.Record r : PcapReader.readAll(in)) {
                    all.add(new Object[]{i == 1 ? DEV1 : DEV2, r.micros, r.frame});
                }
            }
        }
        all.sort(Comparator.comparingLong(f -> (Long) f[1]));
        int punted = 0;
        for (Object[] f : all) {
            DeviceId dev = (DeviceId) f[0];
            byte[] bytes = (byte[]) f[2];
            Ethernet eth = Ethernet.deserializer().deserialize(bytes, 0, bytes.length);
            Optional<FlowMatch> m = FlowMatch.fromPacket(eth);
            if (m.isEmpty()) {
                continue;
            }
            Harness master = cluster.get(dev.equals(DEV1) ? 1 : 2);
            ApSpec ap = master.manager.loop().aps().get(dev.equals(DEV1) ? "wifi1" : "lte1");
            boolean fromServer = m.get().src().toString().startsWith("10.0.0.");
            Direction dir = fromServer ? Direction.DOWNLINK : Direction.UPLINK;
            FlowRule rule = TierRules.flowRule(Harness.APP, ap, dir, m.get(), Tier.TIER1, 10);
            if (master.flows.getFlowEntry(rule) != null) {
                continue;
            }
            cluster.forEach(h -> h.now.set((Long) f[1] / 1000));
            master.packetIn(dev, (fromServer ? ap.uplinkPort() : ap.apPort()).toLong(), eth, bytes);
            punted++;
        }
        cluster.forEach(h -> h.manager.loop().settle());
        return punted;
    }

    private void reportTelemetry(Harness owner) {
        List<StationTelemetry> wifi = new ArrayList<>();
        List<StationTelemetry> lte = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            if (n != 4) {
                wifi.add(new StationTelemetry("02:00:00:0a:00:1" + n, List.of("10.1.0.1" + n), -40,
                        54_000_000, 54_000_000, 0, 0, 0));
            }
            if (n != 3) {
                lte.add(new StationTelemetry("02:00:00:0b:00:1" + n, List.of("10.2.0.1" + n), -100,
                        5_000_000, 5_000_000, 0, 0, 0));
            }
        }
        owner.telemetry.report("wifi1", 0.3, 0.1, wifi);
        owner.telemetry.report("lte1", 0.9, 0.1, lte);
    }

    private static Set<Set<String>> groups(List<UeSpec> ues) {
        Set<Set<String>> out = new HashSet<>();
        for (UeSpec u : ues) {
            out.add(u.interfaces().keySet().stream().map(IpAddress::toString)
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        return out;
    }

    @Test
    public void aUserWhoseSubflowsCrossSwitchesOfTwoInstancesIsGroupedAndRegulatedByTheOwner() throws Exception {
        Harness owner = cluster.get(0);
        assertTrue(play() > 0);
        long[] sentByWifiMaster = cluster.get(1).manager.loop().relayedFrames();
        long[] sentByLteMaster = cluster.get(2).manager.loop().relayedFrames();
        assertTrue("the masters sent their punted frames to the owner", sentByWifiMaster[0] > 0
                && sentByLteMaster[0] > 0);
        assertEquals("the owner received every one", sentByWifiMaster[0] + sentByLteMaster[0],
                owner.manager.loop().relayedFrames()[1]);
        reportTelemetry(owner);
        cluster.forEach(Harness::cycle);

        assertEquals(Set.of(Set.of("10.1.0.11", "10.2.0.11"), Set.of("10.1.0.12", "10.2.0.12"),
                Set.of("10.1.0.13"), Set.of("10.2.0.14")), groups(owner.manager.loop().effectiveUes()));
        assertTrue(owner.manager.loop().conflicts().isEmpty());
        List<TrafficTreatment> secondaries = new ArrayList<>();
        for (FlowEntry e : owner.flows.rules(DEV2, 0)) {
            FlowMatch m = FlowMatch.fromSelector(e.selector()).orElse(null);
            if (e.priority() == TierRules.FLOW_PRIORITY && m != null && m.src().toString().equals("10.0.0.1")
                    && Set.of("10.2.0.11", "10.2.0.12").contains(m.dst().toString())) {
                secondaries.add(e.treatment());
            }
        }
        assertTrue(!secondaries.isEmpty());
        secondaries.forEach(t -> assertEquals("the secondary subflows on the LTE switch are Tier-2", TIER2, t));
    }
}
