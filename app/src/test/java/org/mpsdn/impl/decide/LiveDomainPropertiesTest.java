package org.mpsdn.impl.decide;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Random;

import static org.junit.Assert.assertEquals;

/**
 * Property test (jqwik) of the engine's live domains: over any sequence of cycles (flows appearing, going,
 * changing counters, rates and UE; stations, policies and the domain's APs changing), an engine that keeps its
 * domains' flows across cycles decides every cycle as a new engine that builds them from that cycle's input
 * alone. The paper profile keeps no other memory between cycles, so the two must agree exactly.
 */
class LiveDomainPropertiesTest {
    private static final String[] UES = {"ue1", "ip:10.0.1.9", "ip:10.0.3.3"};
    private static final String[] UE_IPS = {"10.0.1.2", "10.0.1.9", "10.0.3.3", "10.0.2.2"};

    private static ApSpec ap(String id, ApKind kind, int dev, long capKbps) {
        return new ApSpec(id, kind, DeviceId.deviceId("of:000000000000000" + dev), PortNumber.portNumber(1),
                PortNumber.portNumber(2), capKbps, "10.0.0." + dev + ":50051", EnumSet.allOf(Direction.class),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalLong.empty());
    }

    private static final List<ApSpec> APS = List.of(ap("wifi1", ApKind.WIFI, 1, 54_000),
            ap("lte1", ApKind.LTE, 2, 20_000), ap("wifi2", ApKind.WIFI, 3, 30_000));

    @Property(tries = 150)
    void keptFlowsDecideAsFlowsBuiltEachCycle(@ForAll long seed, @ForAll @IntRange(min = 1, max = 25) int cycles) {
        Random r = new Random(seed);
        CoreRegulationEngine kept = new CoreRegulationEngine();
        for (int c = 0; c < cycles; c++) {
            EngineInput in = cycle(r);
            EngineDecision expected = new CoreRegulationEngine().decide(in);
            EngineDecision actual = kept.decide(in);
            assertEquals("cycle " + c + " tiers", expected.tiers(), actual.tiers());
            assertEquals("cycle " + c + " limits", expected.limitsKbps(), actual.limitsKbps());
            assertEquals("cycle " + c + " primaries", expected.primaries(), actual.primaries());
            assertEquals("cycle " + c + " unmet", expected.unmetPolicies(), actual.unmetPolicies());
            assertEquals("cycle " + c + " decisions", expected.decisions().toString(),
                    actual.decisions().toString());
        }
    }

    @Example
    void domainNoLongerDecidedIsDropped() {
        Random r = new Random(1);
        CoreRegulationEngine engine = new CoreRegulationEngine();
        engine.decide(cycle(r));
        ApView other = new ApView(ap("wifi9", ApKind.WIFI, 9, 10_000), Map.of(), Map.of(), List.of());
        EngineInput elsewhere = new EngineInput(List.of(other), List.of(), List.of(), Map.of(),
                new EngineParams(0.85, 0.5, 100, "priority"), 2000);
        engine.decide(elsewhere);
        assertEquals("a disjoint domain is kept beside", 2, engine.keptDomains());
        for (int i = 0; i < 4; i++) {
            engine.decide(elsewhere);
        }
        assertEquals("the domain not decided for 4 calls is gone", 1, engine.keptDomains());
    }

    /** A random cycle: mostly all three APs (sometimes two), 0-14 flows of a small universe, random stations. */
    private static EngineInput cycle(Random r) {
        List<ApView> aps = new ArrayList<>();
        for (int a = 0; a < APS.size(); a++) {
            ApSpec spec = APS.get(a);
            if (r.nextInt(8) == 0 && !spec.id().equals("wifi1")) {
                continue;
            }
            List<StationTelemetry> stations = new ArrayList<>();
            for (int u = 0; u < UE_IPS.length; u++) {
                if (r.nextInt(3) == 0) {
                    long phy = 1_000_000L * (1 + r.nextInt(60));
                    stations.add(new StationTelemetry(String.format("02:00:00:00:%02x:%02x", a, u),
                            List.of(UE_IPS[u]), -95 + r.nextInt(60), phy, phy, 0, 0, 0));
                }
            }
            aps.add(new ApView(spec, Map.of(Direction.DOWNLINK, r.nextDouble(), Direction.UPLINK, r.nextDouble()),
                    r.nextBoolean() ? Map.of() : Map.of(Direction.DOWNLINK, 1_000L + r.nextInt(20_000)), stations));
        }
        List<FlowView> flows = new ArrayList<>();
        int n = r.nextInt(15);
        for (int i = 0; i < n; i++) {
            int port = 40_000 + r.nextInt(6);
            byte proto = r.nextInt(4) == 0 ? IPv4.PROTOCOL_UDP : IPv4.PROTOCOL_TCP;
            boolean down = r.nextInt(3) != 0;
            String ueIp = UE_IPS[r.nextInt(UE_IPS.length)];
            FlowMatch m = down ? new FlowMatch(proto, Ip4Address.valueOf("192.0.2.10"), 80, Ip4Address.valueOf(ueIp),
                    port) : new FlowMatch(proto, Ip4Address.valueOf(ueIp), port, Ip4Address.valueOf("192.0.2.10"), 80);
            long packets = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(10_000);
            long bytes = packets * (40 + r.nextInt(1500));
            double rate = r.nextInt(5) == 0 ? Double.NaN : r.nextInt(10_000_000);
            flows.add(new FlowView(APS.get(r.nextInt(APS.size())).id(), m, down ? Direction.DOWNLINK
                    : Direction.UPLINK, UES[r.nextInt(UES.length)], Tier.TIER1, bytes, packets, rate,
                    r.nextInt(4) != 0));
        }
        List<UeSpec> ues = List.of(new UeSpec("ue1", Map.of(IpAddress.valueOf("10.0.1.2"), Optional.empty(),
                IpAddress.valueOf("10.0.2.2"), Optional.empty())));
        Map<String, UserPolicy> policies = r.nextInt(3) == 0 ? Map.of("ue1", UserPolicy.pinPrimary("lte1"))
                : r.nextInt(3) == 0 ? Map.of("ip:10.0.1.9", UserPolicy.EXEMPT) : Map.of();
        Map<String, String> previous = r.nextBoolean() ? Map.of() : Map.of("ue1", "wifi1");
        return new EngineInput(aps, flows, ues, previous, new EngineParams(0.85, 0.5, 100,
                r.nextBoolean() ? "priority" : "baseline"), 2000, policies);
    }
}
