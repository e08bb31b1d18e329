package org.mpsdn.impl.decide;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

/**
 * The adapter to the pure core, on a two-AP scenario with a multipath UE.
 */
public class CoreRegulationEngineTest {
    private static ApSpec ap(String id, ApKind kind, int dev, long capKbps, OptionalDouble cth) {
        return new ApSpec(id, kind, DeviceId.deviceId("of:000000000000000" + dev), PortNumber.portNumber(1),
                PortNumber.portNumber(2), capKbps, "10.0.0." + dev + ":50051", EnumSet.allOf(Direction.class),
                cth, OptionalDouble.empty(), OptionalLong.empty());
    }

    private static FlowMatch tcp(String src, int sp, String dst, int dp) {
        return new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf(src), sp, Ip4Address.valueOf(dst), dp);
    }

    private static StationTelemetry station(String mac, String ip, double rssi, long phy) {
        return new StationTelemetry(mac, List.of(ip), rssi, phy, phy, 0, 0, 0);
    }

    private EngineDecision run(OptionalDouble lteCth) {
        return run(lteCth, Map.of());
    }

    private EngineDecision run(OptionalDouble lteCth, Map<String, UserPolicy> policies) {
        ApSpec wifi = ap("wifi1", ApKind.WIFI, 1, 54_000, OptionalDouble.empty());
        ApSpec lte = ap("lte1", ApKind.LTE, 2, 20_000, lteCth);
        FlowMatch wifiData = tcp("192.0.2.10", 80, "10.0.1.2", 40000);
        FlowMatch lteData = tcp("192.0.2.10", 80, "10.0.2.2", 40001);
        FlowMatch lteAcks = tcp("10.0.2.2", 40001, "192.0.2.10", 80);
        FlowMatch single = tcp("192.0.2.11", 443, "10.0.1.9", 50000);
        List<FlowView> flows = List.of(
                new FlowView("wifi1", wifiData, Direction.DOWNLINK, "ue1", Tier.TIER1, 15_000_000, 10_000, 5e6),
                new FlowView("lte1", lteData, Direction.DOWNLINK, "ue1", Tier.TIER1, 15_000_000, 10_000, 5e6),
                new FlowView("lte1", lteAcks, Direction.UPLINK, "ue1", Tier.TIER1, 260_000, 5_000, 1e5),
                new FlowView("wifi1", single, Direction.DOWNLINK, "ip:10.0.1.9", Tier.TIER1, 15_000_000, 10_000,
                        5e6));
        List<ApView> aps = List.of(
                new ApView(wifi, Map.of(Direction.DOWNLINK, 0.3, Direction.UPLINK, 0.1), Map.of(),
                        List.of(station("02:00:00:00:01:02", "10.0.1.2", -40, 54_000_000),
                                station("02:00:00:00:01:09", "10.0.1.9", -50, 54_000_000))),
                new ApView(lte, Map.of(Direction.DOWNLINK, 0.9, Direction.UPLINK, 0.1),
                        Map.of(Direction.DOWNLINK, 10_000L),
                        List.of(station("02:00:00:00:02:02", "10.0.2.2", -100, 5_000_000))));
        List<UeSpec> ues = List.of(new UeSpec("ue1", Map.of(IpAddress.valueOf("10.0.1.2"), Optional.empty(),
                IpAddress.valueOf("10.0.2.2"), Optional.empty())));
        return new CoreRegulationEngine().decide(new EngineInput(aps, flows, ues, Map.of(),
                new EngineParams(0.85, 0.5, 100, "priority"), 2000, policies));
    }

    @Test
    public void secondarySubflowIsTier2AndCongestedApHalvesItsLimit() {
        EngineDecision d = run(OptionalDouble.empty());
        assertEquals("wifi1", d.primaries().get("ue1"));
        assertEquals(Tier.TIER1, d.tiers().get("wifi1").get(tcp("192.0.2.10", 80, "10.0.1.2", 40000)));
        assertEquals(Tier.TIER2, d.tiers().get("lte1").get(tcp("192.0.2.10", 80, "10.0.2.2", 40001)));
        assertEquals("ACK stream exempt", Tier.TIER1,
                d.tiers().get("lte1").get(tcp("10.0.2.2", 40001, "192.0.2.10", 80)));
        assertEquals("single-path user", Tier.TIER1,
                d.tiers().get("wifi1").get(tcp("192.0.2.11", 443, "10.0.1.9", 50000)));
        assertEquals(Long.valueOf(5000L), d.limitsKbps().get(new ApDirection("lte1", Direction.DOWNLINK)));
    }

    @Test
    public void exemptUeHasNoTier2FlowAndPinnedUeKeepsItsPin() {
        EngineDecision exempt = run(OptionalDouble.empty(), Map.of("ue1", UserPolicy.EXEMPT));
        assertEquals(Tier.TIER1, exempt.tiers().get("lte1").get(tcp("192.0.2.10", 80, "10.0.2.2", 40001)));
        assertEquals(Map.of(), exempt.unmetPolicies());

        EngineDecision pinned = run(OptionalDouble.empty(), Map.of("ue1", UserPolicy.pinPrimary("lte1")));
        assertEquals("lte1", pinned.primaries().get("ue1"));
        assertEquals(Tier.TIER2, pinned.tiers().get("wifi1").get(tcp("192.0.2.10", 80, "10.0.1.2", 40000)));
        assertEquals(Tier.TIER1, pinned.tiers().get("lte1").get(tcp("192.0.2.10", 80, "10.0.2.2", 40001)));
        assertEquals(Map.of(), pinned.unmetPolicies());
    }

    @Test
    public void unmetPinsCarryTheirReason() {
        Map<String, UserPolicy> policies = Map.of(
                "ue1", UserPolicy.pinPrimary("wifi9"),
                "ip:10.0.1.9", UserPolicy.pinPrimary("lte1"),
                "ghost", UserPolicy.pinPrimary("lte1"));
        EngineDecision d = run(OptionalDouble.empty(), policies);
        assertEquals(Map.of(
                "ue1", "AP wifi9 is not a configured AP",
                "ip:10.0.1.9", "UE ip:10.0.1.9 has no connection to AP lte1 (connected to [wifi1])",
                "ghost", "UE ghost is not connected to any AP"), d.unmetPolicies());
        // unmet pins regulate by default
        assertEquals("wifi1", d.primaries().get("ue1"));
        assertEquals(Tier.TIER2, d.tiers().get("lte1").get(tcp("192.0.2.10", 80, "10.0.2.2", 40001)));
    }

    @Test
    public void perApCthOverrideChangesOnlyThatApsLimit() {
        EngineDecision base = run(OptionalDouble.empty());
        EngineDecision d = run(OptionalDouble.of(0.95));
        long lte = d.limitsKbps().get(new ApDirection("lte1", Direction.DOWNLINK));
        // 0.9 < 0.95: increase by BW * alpha * (CTh - occ) / occ = 10000 * 0.5 * 0.05 / 0.9
        assertEquals(10_278L, lte);
        assertEquals(base.limitsKbps().get(new ApDirection("wifi1", Direction.DOWNLINK)),
                d.limitsKbps().get(new ApDirection("wifi1", Direction.DOWNLINK)));
        assertFalse(d.tiers().isEmpty());
    }
}
