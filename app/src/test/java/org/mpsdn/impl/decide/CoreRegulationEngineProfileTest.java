package org.mpsdn.impl.decide;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.core.Profile;
import org.mpsdn.core.model.ApDirection;
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

/**
 * The two profiles through the adapter: ue1 (multipath, primary Wi-Fi) has a Tier-2 subflow on
 * LTE; ip:10.0.1.9 is a single-path user on Wi-Fi. The station queues are matched to UEs by IP.
 */
public class CoreRegulationEngineProfileTest {
    private static final FlowMatch WIFI_DATA = tcp("10.0.1.2", 40000);
    private static final FlowMatch LTE_DATA = tcp("10.0.2.2", 40001);
    private static final FlowMatch SINGLE = tcp("10.0.1.9", 50000);

    private static ApSpec ap(String id, ApKind kind, int dev, long capKbps) {
        return new ApSpec(id, kind, DeviceId.deviceId("of:000000000000000" + dev), PortNumber.portNumber(1),
                PortNumber.portNumber(2), capKbps, "10.0.0." + dev + ":50051", EnumSet.of(Direction.DOWNLINK),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalLong.empty());
    }

    private static FlowMatch tcp(String dst, int dp) {
        return new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf("192.0.2.10"), 80, Ip4Address.valueOf(dst), dp);
    }

    private static StationTelemetry station(String mac, String ip, double rssi, long phy) {
        return new StationTelemetry(mac, List.of(ip), rssi, phy, phy, 0, 0, 0);
    }

    private static StationQueueTelemetry queue(String ip, double occ) {
        return queue(ip, occ, 0);
    }

    private static StationQueueTelemetry queue(String ip, double occ, long sentBytes) {
        return StationQueueTelemetry.builder().queue(Direction.DOWNLINK, "qdisc", "1:" + ip.hashCode())
                .station("", List.of(ip), "").occupancy(occ, 20).window(0, sentBytes).build();
    }

    /** Wi-Fi: MacOcc 0.3, the single-path user's queue 0.9; LTE: MacOcc 0.9, ue1's (Tier-2) queue 0.95. */
    private static EngineDecision run(Profile profile) {
        return run(new EngineParams(0.85, 0.5, 100, "priority", profile), OptionalDouble.empty(), 0.9);
    }

    /** The same with the given parameters, Wi-Fi's Tier-1 threshold override and single-path queue. */
    private static EngineDecision run(EngineParams params, OptionalDouble wifiTier1Threshold, double singleQueue) {
        ApSpec wifi = ap("wifi1", ApKind.WIFI, 1, 54_000).withTier1Threshold(wifiTier1Threshold);
        ApSpec lte = ap("lte1", ApKind.LTE, 2, 20_000);
        List<FlowView> flows = List.of(
                new FlowView("wifi1", WIFI_DATA, Direction.DOWNLINK, "ue1", Tier.TIER1, 15_000_000, 10_000, 9e6),
                new FlowView("lte1", LTE_DATA, Direction.DOWNLINK, "ue1", Tier.TIER2, 15_000_000, 10_000, 4e6),
                new FlowView("wifi1", SINGLE, Direction.DOWNLINK, "ip:10.0.1.9", Tier.TIER1, 15_000_000, 10_000,
                        12e6));
        List<ApView> aps = List.of(
                new ApView(wifi, Map.of(Direction.DOWNLINK, 0.3), Map.of(Direction.DOWNLINK, 20_000L),
                        List.of(station("02:00:00:00:01:02", "10.0.1.2", -40, 54_000_000),
                                station("02:00:00:00:01:09", "10.0.1.9", -50, 54_000_000)),
                        List.of(queue("10.0.1.9", singleQueue), queue("10.0.1.2", 0.0))),
                new ApView(lte, Map.of(Direction.DOWNLINK, 0.9), Map.of(Direction.DOWNLINK, 10_000L),
                        List.of(station("02:00:00:00:02:02", "10.0.2.2", -100, 5_000_000)),
                        List.of(queue("10.0.2.2", 0.95))));
        List<UeSpec> ues = List.of(new UeSpec("ue1", Map.of(IpAddress.valueOf("10.0.1.2"), Optional.empty(),
                IpAddress.valueOf("10.0.2.2"), Optional.empty())));
        return new CoreRegulationEngine().decide(new EngineInput(aps, flows, ues, Map.of(),
                params, 2000));
    }

    private static long limit(EngineDecision d, String ap) {
        return d.limitsKbps().get(new ApDirection(ap, Direction.DOWNLINK));
    }

    private static LimitDecision decision(EngineDecision d, String ap) {
        return d.decisions().get(new ApDirection(ap, Direction.DOWNLINK));
    }

    /**
     * Over a 2-s window (so the queues' sent bytes are rates): at LTE (limit 10 Mb/s, capacity 20 Mb/s) ue1's
     * Tier-2 queue (occupancy 0.2) sent 1.5 MB = 6 Mb/s at a PHY rate of 20 Mb/s, and the single-path user
     * 10.0.2.9 (Tier 1) sent the given bytes (0.5 MB = 2 Mb/s) at 10 Mb/s with its queue at the given occupancy.
     */
    private static EngineDecision runWithSentRates(CoreRegulationEngine engine, double lteTier1Queue,
                                                   long lteTier1SentBytes) {
        return runWithSentRates(engine, lteTier1Queue, lteTier1SentBytes, 2_250_000, Map.of());
    }

    /** The same with what ue1's Wi-Fi station was sent and the previous cycle's primaries. */
    private static EngineDecision runWithSentRates(CoreRegulationEngine engine, double lteTier1Queue,
                                                   long lteTier1SentBytes, long wifiSentBytes,
                                                   Map<String, String> previousPrimaries) {
        FlowMatch lteSingle = tcp("10.0.2.9", 50001);
        SignalWindow window = new SignalWindow(2000);
        List<FlowView> flows = List.of(
                new FlowView("wifi1", WIFI_DATA, Direction.DOWNLINK, "ue1", Tier.TIER1, 15_000_000, 10_000, 9e6),
                new FlowView("lte1", LTE_DATA, Direction.DOWNLINK, "ue1", Tier.TIER2, 15_000_000, 10_000, 4e6),
                new FlowView("lte1", lteSingle, Direction.DOWNLINK, "ip:10.0.2.9", Tier.TIER1, 15_000_000, 10_000,
                        2e6));
        List<ApView> aps = List.of(
                new ApView(ap("wifi1", ApKind.WIFI, 1, 54_000), Map.of(Direction.DOWNLINK, 0.3),
                        Map.of(Direction.DOWNLINK, 20_000L),
                        List.of(station("02:00:00:00:01:02", "10.0.1.2", -40, 54_000_000)),
                        List.of(queue("10.0.1.2", 0.0, wifiSentBytes)), window),
                new ApView(ap("lte1", ApKind.LTE, 2, 20_000), Map.of(Direction.DOWNLINK, 0.9),
                        Map.of(Direction.DOWNLINK, 10_000L),
                        List.of(station("02:00:00:00:02:02", "10.0.2.2", -60, 20_000_000),
                                station("02:00:00:00:02:09", "10.0.2.9", -80, 10_000_000)),
                        List.of(queue("10.0.2.2", 0.2, 1_500_000), queue("10.0.2.9", lteTier1Queue, lteTier1SentBytes)),
                        window));
        List<UeSpec> ues = List.of(new UeSpec("ue1", Map.of(IpAddress.valueOf("10.0.1.2"), Optional.empty(),
                IpAddress.valueOf("10.0.2.2"), Optional.empty())));
        return engine.decide(new EngineInput(aps, flows, ues, previousPrimaries,
                new EngineParams(0.85, 0.5, 100, "priority", Profile.MPSDN), 2000));
    }

    @Test
    public void theEngineCarriesADemotionHoldToTheNextCycle() {
        // ue1's primary moves from LTE to Wi-Fi (54 Mb/s against 20); its LTE station was sent 6 Mb/s, its
        // Wi-Fi one 0.1: the LTE subflow stays Tier 1, and again in the next cycle (the engine remembers the hold
        // while the primaries it is given already say Wi-Fi); once Wi-Fi carries more, LTE is Tier 2
        CoreRegulationEngine engine = new CoreRegulationEngine();
        EngineDecision moved = runWithSentRates(engine, 0.1, 500_000, 25_000, Map.of("ue1", "lte1"));
        assertEquals("wifi1", moved.primaries().get("ue1"));
        assertEquals(Tier.TIER1, moved.tiers().get("lte1").get(LTE_DATA));
        EngineDecision held = runWithSentRates(engine, 0.1, 500_000, 25_000, Map.of("ue1", "wifi1"));
        assertEquals(Tier.TIER1, held.tiers().get("lte1").get(LTE_DATA));
        EngineDecision carried = runWithSentRates(engine, 0.1, 500_000, 2_250_000, Map.of("ue1", "wifi1"));
        assertEquals(Tier.TIER2, carried.tiers().get("lte1").get(LTE_DATA));
        assertEquals(Tier.TIER2, runWithSentRates(new CoreRegulationEngine(), 0.1, 500_000, 25_000,
                Map.of("ue1", "wifi1")).tiers().get("lte1").get(LTE_DATA));
    }

    @Test
    public void paperProfileReadsMacOccOnly() {
        EngineDecision d = run(Profile.PAPER);
        assertEquals(Tier.TIER2, d.tiers().get("lte1").get(LTE_DATA));
        assertEquals(5_000L, limit(d, "lte1")); // MacOcc 0.9: halved
        assertEquals(38_333L, limit(d, "wifi1")); // MacOcc 0.3: 20 Mb/s * (1 + 0.5 * 0.55 / 0.3)
    }

    @Test
    public void mpsdnProfileReadsTier1StationsWithoutSentRatesEq4OnTheirSignal() {
        EngineDecision d = run(Profile.MPSDN);
        assertEquals(Tier.TIER2, d.tiers().get("lte1").get(LTE_DATA));
        // LTE: only ue1's Tier-2 queue is full, so the Tier-1 signal is 0 (the paper halves on MacOcc 0.9);
        // without a window the queues' sent rates are unknown: Eq. 4's increase, from an idle signal to C
        assertEquals(20_000L, limit(d, "lte1"));
        LimitDecision lte = decision(d, "lte1");
        assertEquals(SignalSource.TIER1_STATIONS, lte.source().orElseThrow());
        assertEquals(0.0, lte.signal().getAsDouble(), 0.0);
        assertEquals(LimitReason.INCREASE, lte.reason());
        // Wi-Fi: the single-path user's queue is at 0.9: held back; no Tier-2 traffic there, so R_m
        assertEquals(100L, limit(d, "wifi1"));
        assertEquals(LimitReason.DECREASE, decision(d, "wifi1").reason());
    }

    @Test
    public void withSentRatesTier2GetsHalfWhatItSentWhenTier1IsHeldBackElseWhatTier1Leaves() {
        EngineDecision held = runWithSentRates(new CoreRegulationEngine(), 0.6, 500_000);
        assertEquals(Tier.TIER2, held.tiers().get("lte1").get(LTE_DATA));
        // 10.0.2.9's queue 0.6 >= 0.4: half of the 6 Mb/s Tier 2 sent (not half the 10 Mb/s limit)
        assertEquals(3_000L, limit(held, "lte1"));
        assertEquals(LimitReason.DECREASE, decision(held, "lte1").reason());
        assertEquals(0.6, decision(held, "lte1").signal().getAsDouble(), 0.0);
        // 10.0.2.9's queue 0.1: served. No queue full, so the model's air time (LTE: all of it):
        // the stations used 6 / 20 + 2 / 10 = 0.5 of it; the rest at Tier 2's 20 Mb/s PHY rate is 10 Mb/s spare,
        // so Tier 2 may use 6 + 10 = 16 Mb/s, and the 10 Mb/s limit moves alpha (0.5) of the way there: 13 Mb/s
        // (Eq. 4 would take 10 * (1 + 0.5 * 0.3 / 0.1) = 25, capped to 20)
        EngineDecision served = runWithSentRates(new CoreRegulationEngine(), 0.1, 500_000);
        assertEquals(13_000L, limit(served, "lte1"));
        assertEquals(LimitReason.INCREASE, decision(served, "lte1").reason());
        assertEquals(16_000L, decision(served, "lte1").capKbps().getAsLong());
    }

    @Test
    public void theCycleAfterADecreaseKeepsTheLimitWhileTier1DrainsTheBacklog() {
        CoreRegulationEngine engine = new CoreRegulationEngine();
        assertEquals(3_000L, limit(runWithSentRates(engine, 0.6, 500_000), "lte1")); // Tier 1 sent 2 Mb/s
        // still at 0.6, but sending 2.2 Mb/s (1.1 times 2): draining what the decrease freed, the limit kept
        EngineDecision draining = runWithSentRates(engine, 0.6, 550_000);
        assertEquals(10_000L, limit(draining, "lte1"));
        assertEquals(LimitReason.HOLD, decision(draining, "lte1").reason());
        // a decrease only where the cycle before decreased: after the hold, 2.2 Mb/s held back is a decrease
        assertEquals(3_000L, limit(runWithSentRates(engine, 0.6, 550_000), "lte1"));
        // sending less than 1.1 times what it sent at the decrease: held back, half of Tier 2's 6 Mb/s again
        CoreRegulationEngine other = new CoreRegulationEngine();
        runWithSentRates(other, 0.6, 500_000);
        assertEquals(3_000L, limit(runWithSentRates(other, 0.6, 549_000), "lte1"));
    }

    @Test
    public void theTier1ThresholdComesFromTheParametersOrTheApsOverride() {
        EngineParams mpsdn = new EngineParams(0.85, 0.5, 100, "priority", Profile.MPSDN);
        assertEquals(0.4, mpsdn.tier1Threshold(), 0.0);
        // the single-path user's queue at 0.5: below CTh, above the default Tier-1 threshold: a decrease
        assertEquals(100L, limit(run(mpsdn, OptionalDouble.empty(), 0.5), "wifi1"));
        // Wi-Fi's own threshold 0.6: not held back; no sent rates, so Eq. 4's increase on the Tier-1 signal
        // against that threshold: 20 Mb/s * (1 + 0.5 * (0.6 - 0.5) / 0.5) = 22 Mb/s, and at 0.25, 34 Mb/s
        assertEquals(22_000L, limit(run(mpsdn, OptionalDouble.of(0.6), 0.5), "wifi1"));
        assertEquals(34_000L, limit(run(mpsdn, OptionalDouble.of(0.6), 0.25), "wifi1"));
        // the global threshold 0.6 does the same; the paper profile ignores it (MacOcc 0.3 vs CTh)
        assertEquals(34_000L, limit(run(new EngineParams(0.85, 0.5, 100, "priority", Profile.MPSDN, 0.6),
                OptionalDouble.empty(), 0.25), "wifi1"));
        assertEquals(22_000L, limit(run(new EngineParams(0.85, 0.5, 100, "priority", Profile.MPSDN, 0.6),
                OptionalDouble.empty(), 0.5), "wifi1"));
        assertEquals(38_333L, limit(run(new EngineParams(0.85, 0.5, 100, "priority", Profile.PAPER, 0.1),
                OptionalDouble.of(0.1), 0.5), "wifi1"));
    }
}
