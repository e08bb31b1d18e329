package org.mpsdn.impl;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.core.Profile;
import org.mpsdn.core.Tier2Decision;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.flow.FlowRule;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * The profile setting reaches the cycle: the component property, or the netcfg's {@code profile}
 * when it sets one; the station queues reach the engine; with the real core the mpsdn profile
 * decides on the Tier-1 stations' queues and the paper profile on MacOcc.
 */
public class ProfileWiringTest {
    private static final String WITH_PROFILE = Harness.CONFIG.substring(0, Harness.CONFIG.length() - 1)
            + ", \"profile\": \"%s\"}";
    private final Harness h = new Harness().master(DEV1, DEV2);

    @After
    public void tearDown() {
        h.deactivate();
    }

    private static StationQueueTelemetry queue(String ip, double occ) {
        return StationQueueTelemetry.builder().queue(Direction.DOWNLINK, "qdisc", "1:" + ip.hashCode())
                .station("", List.of(ip), "").occupancy(occ, 20).build();
    }

    private Profile cycleProfile() {
        h.cycle();
        return h.engine.last().params().profile();
    }

    @Test
    public void netcfgProfileTakesPrecedenceOverTheProperty() {
        h.activate(OsgiPropertyConstants.PROFILE, "paper");
        assertEquals(Profile.PAPER, cycleProfile());
        h.netcfg.set(Harness.APP, String.format(WITH_PROFILE, "mpsdn"));
        h.settle();
        assertEquals(Profile.MPSDN, cycleProfile());
        h.manager.reconfigure(Harness.props(OsgiPropertyConstants.PROFILE, "paper"));
        assertEquals(Profile.MPSDN, cycleProfile());
        h.netcfg.set(Harness.APP, Harness.CONFIG);
        h.settle();
        assertEquals(Profile.PAPER, cycleProfile());
        h.manager.reconfigure(Harness.props(OsgiPropertyConstants.PROFILE, "mpsdn"));
        assertEquals(Profile.MPSDN, cycleProfile());
    }

    @Test
    public void anInvalidNetcfgProfileKeepsTheConfigInForce() {
        h.activate(OsgiPropertyConstants.PROFILE, "paper");
        h.netcfg.set(Harness.APP, String.format(WITH_PROFILE, "mpsdn"));
        h.settle();
        h.netcfg.set(Harness.APP, String.format(WITH_PROFILE, "fast"));
        h.settle();
        assertEquals(Profile.MPSDN, cycleProfile());
    }

    @Test
    public void stationQueuesReachTheEngine() {
        h.activate();
        List<StationQueueTelemetry> queues = List.of(queue("10.0.1.2", 0.4), queue("10.0.1.7", 0.9));
        h.telemetry.report("wifi1", 0.3, 0.1, List.of(), queues);
        h.cycle();
        assertEquals(queues, h.engine.last().aps().stream().filter(a -> a.spec().id().equals("wifi1"))
                .findFirst().orElseThrow().stationQueues());
    }

    /**
     * ue1 (multipath) has its primary on Wi-Fi and a Tier-2 subflow on LTE. LTE's MacOcc is 0.9,
     * but its only station queue is ue1's (Tier 2): the paper halves the LTE limit, the mpsdn
     * profile sees no Tier-1 station starved there. The queues report no sent bytes over the 2-s window.
     */
    private long lteLimitAfterTwoCycles(Profile profile) {
        h.realCore = true;
        h.activate(OsgiPropertyConstants.PROFILE, profile.id());
        h.telemetry.report("wifi1", 0.3, 0.1, List.of(new StationTelemetry("02:00:00:00:01:02", List.of("10.0.1.2"),
                -40, 54_000_000, 54_000_000, 0, 0, 0)), List.of(queue("10.0.1.2", 0.1)));
        h.telemetry.report("lte1", 0.9, 0.1, List.of(new StationTelemetry("02:00:00:00:02:02", List.of("10.0.2.2"),
                -100, 5_000_000, 5_000_000, 0, 0, 0)), List.of(queue("10.0.2.2", 0.95)));
        h.packetIn(DEV1, 2, Packets.tcp("192.0.2.10", 80, "10.0.1.2", 40000));
        h.packetIn(DEV2, 4, Packets.tcp("192.0.2.10", 80, "10.0.2.2", 40001));
        FlowRule lteRule = TierRules.flowRule(Harness.APP, h.manager.loop().aps().get("lte1"), Direction.DOWNLINK,
                new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf("192.0.2.10"), 80,
                        Ip4Address.valueOf("10.0.2.2"), 40001), Tier.TIER1, 10);
        h.flows.setCounters(lteRule, 15_000_000, 10_000, 2);
        h.cycle();
        h.meterStatsPoll();
        h.advance(2000);
        h.cycle();
        h.meterStatsPoll();
        return h.store.state("lte1").orElseThrow().limitKbps(Direction.DOWNLINK).getAsLong();
    }

    @Test
    public void paperProfileDecidesOnMacOcc() {
        // MacOcc 0.9 >= CTh 0.85 on both cycles: halved down to R_m
        assertEquals(100L, lteLimitAfterTwoCycles(Profile.PAPER));
    }

    @Test
    public void mpsdnProfileDecidesOnTheTier1Stations() {
        // no Tier-1 station queue at LTE: signal 0, never a decrease. Tier 2 may use what Tier 1 leaves (all of
        // LTE's air time at ue1's 5 Mb/s PHY rate, 5 Mb/s), but no more than it uses allows: Tier 2's station sent
        // nothing, so at most 5 R_m, 500 kb/s (Tier1FirstLaw.usedCap). Each cycle moves alpha (0.5) of the way
        // there, onto the rung at or below (the 20 Mb/s ladder's 20000 / 2^(k/4)): 100 -> 300 -> rung 263
        // (k = 25), then 263 -> 382 -> rung 372 (k = 23); not the 20 Mb/s capacity Eq. 4 would raise it to
        assertEquals(372L, lteLimitAfterTwoCycles(Profile.MPSDN));
    }

    private LimitDecision lteDecision() {
        return h.store.state("lte1").orElseThrow().decision(Direction.DOWNLINK).orElseThrow();
    }

    @Test
    public void theStoredDecisionNamesMacOccAndCthUnderPaper() {
        lteLimitAfterTwoCycles(Profile.PAPER);
        LimitDecision d = lteDecision();
        assertEquals(SignalSource.MAC_OCC, d.source().orElseThrow());
        assertEquals(0.9, d.signal().getAsDouble(), 0.0);
        assertEquals(0.85, d.threshold().getAsDouble(), 0.0);
        assertTrue(d.toString(), d.reason() == LimitReason.DECREASE || d.reason() == LimitReason.FLOOR);
        assertEquals(100L, d.targetKbps().getAsLong());
        assertEquals(20_000L, d.capKbps().getAsLong());
    }

    @Test
    public void theStoredDecisionNamesTheTier1StationsAndTheirThresholdUnderMpsdn() {
        lteLimitAfterTwoCycles(Profile.MPSDN);
        LimitDecision d = lteDecision();
        assertEquals(SignalSource.TIER1_STATIONS, d.source().orElseThrow());
        assertEquals("only ue1's (Tier-2) queue at LTE", 0.0, d.signal().getAsDouble(), 0.0);
        assertEquals(0.4, d.threshold().getAsDouble(), 0.0);
        // the second cycle moves from the rung 263 half-way to the 500 kb/s that Tier 2's use allows
        assertEquals(LimitReason.INCREASE, d.reason());
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY.note(), d.note());
        assertEquals(382L, d.targetKbps().getAsLong());
        assertEquals("the capacity Tier 1 leaves", 5_000L, d.capKbps().getAsLong());
        assertEquals(h.now.get(), d.decidedMillis());
    }

    @Test
    public void aSilentAgentsDecisionIsFailOpen() {
        lteLimitAfterTwoCycles(Profile.MPSDN);
        h.telemetry.silence("lte1", 6);
        h.advance(2000);
        h.cycle();
        LimitDecision d = lteDecision();
        assertEquals(LimitReason.FAIL_OPEN, d.reason());
        assertTrue(d.source().isEmpty() && d.targetKbps().isEmpty() && d.capKbps().isEmpty());
    }
}
