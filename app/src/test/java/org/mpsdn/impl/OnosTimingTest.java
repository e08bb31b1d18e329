package org.mpsdn.impl;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.TrafficTreatment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The app under ONOS 2.7.0's default run-time behaviour (issue 15), as the fakes emulate it: flow
 * stats every 5 s with a modified rule's counters 0 until then, METER_ADDED only at a 10-s meter-stats
 * poll, the flow mods of a stage in no fixed order, a meter submit or a flow-store read throwing for
 * one AP.
 */
public class OnosTimingTest {
    private static final DeviceId DEV3 = DeviceId.deviceId("of:0000000000000003");
    private static final long CYCLE_MS = 2000;
    private static final String TWO_APS_BOTH_DIRECTIONS = "{\"aps\": ["
            + "{\"id\": \"wifi1\", \"kind\": \"wifi\", \"deviceId\": \"of:0000000000000001\", \"apPort\": 1,"
            + " \"uplinkPort\": 2, \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\","
            + " \"directions\": [\"downlink\", \"uplink\"]},"
            + "{\"id\": \"lte1\", \"kind\": \"lte\", \"deviceId\": \"of:0000000000000002\", \"apPort\": 3,"
            + " \"uplinkPort\": 4, \"capacityKbps\": 20000, \"agent\": \"10.0.0.2:50051\","
            + " \"directions\": [\"downlink\", \"uplink\"]}],"
            + " \"ues\": [{\"id\": \"ue1\", \"interfaces\": [{\"ip\": \"10.0.1.2\"}, {\"ip\": \"10.0.2.2\"}]}]}";
    private static final String THREE_APS = "{\"aps\": ["
            + ap("ap1", 1, 1, 2) + ", " + ap("ap2", 2, 3, 4) + ", " + ap("ap3", 3, 5, 6) + "]}";

    private final List<Harness> started = new ArrayList<>();

    private static String ap(String id, int dev, int apPort, int uplink) {
        return "{\"id\": \"" + id + "\", \"kind\": \"wifi\", \"deviceId\": \"of:000000000000000" + dev + "\","
                + " \"apPort\": " + apPort + ", \"uplinkPort\": " + uplink + ", \"capacityKbps\": 54000,"
                + " \"agent\": \"10.0.0." + dev + ":50051\", \"directions\": [\"downlink\"]}";
    }

    @After
    public void tearDown() {
        started.forEach(Harness::deactivate);
    }

    private Harness harness(String config, DeviceId... devices) {
        Harness h = new Harness().master(devices);
        h.netcfg.config = FakeConfigRegistry.parse(Harness.APP, config);
        h.meters.flows = h.flows;
        return h;
    }

    private Harness start(Harness h) {
        h.activate();
        started.add(h);
        return h;
    }

    private static FlowMatch tcp(String src, int sp, String dst, int dp) {
        return new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf(src), sp, Ip4Address.valueOf(dst), dp);
    }

    /** The first packet of a flow at its port: the app installs its Tier-1 rule; traffic is then offered. */
    private static FlowRule flow(Harness h, String apId, DeviceId dev, long port, Direction d, FlowMatch m,
                                 double bitsPerSec, int packetBytes) {
        h.packetIn(dev, port, Packets.tcp(m.src().toString(), m.srcPort(), m.dst().toString(), m.dstPort()));
        FlowRule rule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get(apId), d, m, Tier.TIER1, 10);
        h.flows.offer(rule, bitsPerSec / 8, bitsPerSec / 8 / packetBytes);
        return rule;
    }

    private static Map<String, ManagedFlow> managed(Harness h) {
        Map<String, ManagedFlow> m = new TreeMap<>();
        h.manager.managedFlows().forEach(f -> m.put(f.apId() + " " + f.fiveTuple(), f));
        return m;
    }

    @Test
    public void steadyTrafficUnderFiveSecondPollsChangesNoEstablishedTier() {
        Harness h = harness(TWO_APS_BOTH_DIRECTIONS, DEV1, DEV2);
        h.realCore = true;
        start(h);
        h.telemetry.report("wifi1", 0.3, 0.1, List.of(new StationTelemetry("02:00:00:00:01:02",
                List.of("10.0.1.2"), -40, 54_000_000, 54_000_000, 0, 0, 0)));
        h.telemetry.report("lte1", 0.9, 0.1, List.of(new StationTelemetry("02:00:00:00:02:02",
                List.of("10.0.2.2"), -100, 5_000_000, 5_000_000, 0, 0, 0)));
        Map<String, Double> offered = new HashMap<>();
        offer(h, offered, "wifi1", DEV1, 2, Direction.DOWNLINK, tcp("192.0.2.10", 80, "10.0.1.2", 40000), 5e6, 1500);
        offer(h, offered, "wifi1", DEV1, 1, Direction.UPLINK, tcp("10.0.1.2", 40000, "192.0.2.10", 80), 2e5, 60);
        offer(h, offered, "lte1", DEV2, 4, Direction.DOWNLINK, tcp("192.0.2.10", 80, "10.0.2.2", 40001), 5e6, 1500);
        offer(h, offered, "lte1", DEV2, 3, Direction.UPLINK, tcp("10.0.2.2", 40001, "192.0.2.10", 80), 2e5, 60);
        offer(h, offered, "lte1", DEV2, 3, Direction.UPLINK, tcp("10.0.2.2", 40002, "192.0.2.10", 5201), 2e6,
                1500);
        offer(h, offered, "lte1", DEV2, 4, Direction.DOWNLINK, tcp("192.0.2.10", 5201, "10.0.2.2", 40002), 8e4,
                60);
        String secondaryAcks = "lte1 " + tcp("10.0.2.2", 40001, "192.0.2.10", 80);
        for (int i = 0; i < 10; i++) {
            h.advance(CYCLE_MS);
            h.cycle();
            // before and after its first stats poll, an ACK stream of the secondary is never metered
            assertEquals("warm-up cycle " + i, Tier.TIER1, managed(h).get(secondaryAcks).tier());
        }
        Map<String, Tier> tiers = new TreeMap<>();
        managed(h).forEach((k, f) -> tiers.put(k, f.tier()));
        assertEquals(6, tiers.size());
        assertEquals("the secondary's data flows, both ways", 2,
                tiers.entrySet().stream().filter(e -> e.getValue() == Tier.TIER2 && e.getKey().startsWith("lte1"))
                        .count());
        assertEquals(2, tiers.values().stream().filter(t -> t == Tier.TIER2).count());
        h.flows.drainLog();
        for (int c = 0; c < 100; c++) {
            h.advance(CYCLE_MS);
            h.cycle();
            Map<String, ManagedFlow> now = managed(h);
            for (Map.Entry<String, ManagedFlow> e : now.entrySet()) {
                assertEquals("cycle " + c + " " + e.getKey(), tiers.get(e.getKey()), e.getValue().tier());
                double want = offered.get(e.getKey());
                assertEquals("cycle " + c + " rate of " + e.getKey(), want, e.getValue().rateBps(), want * 0.01);
            }
        }
        List<FlowRuleOperation> perFlowChanges = h.flows.drainLog().stream()
                .filter(o -> o.rule().tableId() == TierRules.FLOW_TABLE
                        && o.rule().priority() == TierRules.FLOW_PRIORITY)
                .collect(Collectors.toList());
        assertTrue("per-flow rule changes: " + perFlowChanges, perFlowChanges.isEmpty());
    }

    private static void offer(Harness h, Map<String, Double> offered, String apId, DeviceId dev, long port,
                              Direction d, FlowMatch m, double bps, int packetBytes) {
        flow(h, apId, dev, port, d, m, bps, packetBytes);
        offered.put(apId + " " + m, bps);
    }

    @Test
    public void everyStepOfATwentyStepRunCompletesWithTenSecondConfirmation() {
        Harness h = start(harness(TWO_APS_BOTH_DIRECTIONS, DEV1, DEV2).withoutLadder());
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        ApDirection dl = new ApDirection("wifi1", Direction.DOWNLINK);
        long[] target = new long[1];
        h.engine.script = in -> new EngineDecision(Map.of(), Map.of(dl, target[0]), Map.of());
        for (int k = 1; k <= 20; k++) {
            target[0] = 1000L * k + 500;
            int cycles = 0;
            do {
                h.advance(CYCLE_MS);
                h.cycle();
                cycles++;
            } while (limit(h) != target[0] && cycles < 30);
            assertEquals("step " + k + " after " + cycles + " cycles", target[0], limit(h));
        }
        assertEquals("one meter per step: none abandoned and submitted again", 20, h.meters.submitted.size());
        assertEquals("each old meter withdrawn once its successor was in force", 19, h.meters.withdrawn.size());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals("no step waited two meter-stats polls", 0, h.manager.loop().lateSteps());
    }

    private static long limit(Harness h) {
        return h.store.state("wifi1").flatMap(s -> {
            java.util.OptionalLong l = s.limitKbps(Direction.DOWNLINK);
            return l.isPresent() ? Optional.of(l.getAsLong()) : Optional.empty();
        }).orElse(-1L);
    }

    /** Three APs, each with one download whose tier the scripted engine flips every cycle. */
    private Harness threeAps(DeviceId failing, boolean submitThrows) {
        Harness h = harness(THREE_APS, DEV1, DEV2, DEV3);
        if (submitThrows) {
            h.meters.noMeterIds.add(failing);
        } else {
            h.flows.failingReads.add(failing);
        }
        start(h);
        DeviceId[] devs = {DEV1, DEV2, DEV3};
        int[] cycle = new int[1];
        h.engine.script = in -> {
            Map<String, Map<FlowMatch, Tier>> tiers = new HashMap<>();
            Map<ApDirection, Long> limits = new HashMap<>();
            for (int i = 1; i <= 3; i++) {
                tiers.put("ap" + i, Map.of(download(i), cycle[0] % 2 == 0 ? Tier.TIER2 : Tier.TIER1));
                limits.put(new ApDirection("ap" + i, Direction.DOWNLINK), 1000L + cycle[0]);
            }
            return new EngineDecision(tiers, limits, Map.of());
        };
        for (int i = 1; i <= 3; i++) {
            h.telemetry.occupancy("ap" + i, 0.9, 0.1);
            h.packetIn(devs[i - 1], 2L * i, Packets.tcp("192.0.2.10", 80, "10.0." + i + ".2", 40000));
        }
        for (int c = 0; c < 10; c++) {
            cycle[0] = c;
            h.advance(CYCLE_MS);
            h.cycle();
            for (int i = 1; i <= 3; i++) {
                if (devs[i - 1].equals(failing)) {
                    continue;
                }
                ApSpec ap = h.manager.loop().aps().get("ap" + i);
                FlowRule want = TierRules.flowRule(Harness.APP, ap, Direction.DOWNLINK, download(i),
                        c % 2 == 0 ? Tier.TIER2 : Tier.TIER1, 10);
                assertEquals("cycle " + c + ": ap" + i + " regulated", want.treatment(),
                        h.flows.getFlowEntry(want).treatment());
            }
        }
        return h;
    }

    private static FlowMatch download(int ap) {
        return tcp("192.0.2.10", 80, "10.0." + ap + ".2", 40000);
    }

    @Test
    public void aMeterSubmitThrowingForOneOfThreeApsLeavesTheOtherTwoRegulated() {
        for (DeviceId failing : List.of(DEV1, DEV2, DEV3)) {
            Harness h = threeAps(failing, true);
            String failingAp = "ap" + failing.toString().substring(failing.toString().length() - 1);
            assertEquals("one fault per cycle", 10, h.manager.loop().apFaults(failingAp));
            for (int i = 1; i <= 3; i++) {
                if (!("ap" + i).equals(failingAp)) {
                    assertEquals(0, h.manager.loop().apFaults("ap" + i));
                    assertTrue("ap" + i + " has a Tier-2 limit",
                            h.store.state("ap" + i).orElseThrow().limitKbps(Direction.DOWNLINK).isPresent());
                }
            }
        }
    }

    @Test
    public void aFlowStoreThrowingForOneOfThreeApsLeavesTheOtherTwoRegulated() {
        for (DeviceId failing : List.of(DEV1, DEV2, DEV3)) {
            Harness h = threeAps(failing, false);
            String failingAp = "ap" + failing.toString().substring(failing.toString().length() - 1);
            assertTrue(h.manager.loop().apFaults(failingAp) >= 10);
            for (int i = 1; i <= 3; i++) {
                if (!("ap" + i).equals(failingAp)) {
                    assertEquals(0, h.manager.loop().apFaults("ap" + i));
                }
            }
        }
    }

    @Test
    public void aShuffledBatchNeverLeavesARuleMissingAfterReconcile() {
        ApSpec wifi = FakeConfigRegistry.parse(Harness.APP, Harness.CONFIG).aps().get(0);
        List<FlowRule> wanted = TierRules.fixedRules(Harness.APP, wifi, d -> Optional.empty());
        TrafficTreatment stale = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(99)).build();
        for (int seed = 0; seed < 20; seed++) {
            Harness h = new Harness().master(DEV1, DEV2);
            h.flows.shuffle = new Random(seed);
            // an earlier run (or another version) left every fixed rule with another treatment: same flow ids
            for (FlowRule r : wanted) {
                h.flows.applyFlowRules(DefaultFlowRule.builder().forDevice(r.deviceId()).forTable(r.tableId())
                        .withPriority(r.priority()).withSelector(r.selector()).withTreatment(stale)
                        .makePermanent().fromApp(Harness.APP).build());
            }
            h.activate();
            Map<Object, TrafficTreatment> onSwitch = new HashMap<>();
            h.flows.switchRules(DEV1).forEach(r -> onSwitch.put(r.id(), r.treatment()));
            for (FlowRule r : wanted) {
                assertEquals("seed " + seed + ": " + r.selector() + " on the switch", r.treatment(),
                        onSwitch.get(r.id()));
            }
            h.deactivate();
        }
    }
}
