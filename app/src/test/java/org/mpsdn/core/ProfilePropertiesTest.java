package org.mpsdn.core;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.regulate.Tier1FirstLaw;
import org.mpsdn.core.signal.SignalReading;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Property-based tests (jqwik) of the congestion signals, the Tier-1-first law and the two profiles
 * over random networks and measurements.
 */
class ProfilePropertiesTest {
    private static final long R_M = RegulationParameters.DEFAULT_MIN_RATE_BPS;

    private static RegulationParameters params(Profile profile, boolean uplink, double cth) {
        return RegulationParameters.builder().profile(profile).regulateUplink(uplink).cth(cth).build();
    }

    @Property(tries = 300)
    void signalsAreInTheUnitIntervalAndLimitsWithinFloorAndCapacity(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll Profile profile, @ForAll boolean uplink) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        RandomMeasurements m = new RandomMeasurements(n, seed);
        NetworkSnapshot s = n.build();
        CycleResult r = new RegulationCenter(params(profile, uplink, 0.85))
                .cycle(s, m.build(0), m.previous());
        for (int ap = 0; ap < s.apCount(); ap++) {
            AccessPoint a = s.ap(ap);
            for (Direction d : uplink ? Direction.values() : new Direction[]{Direction.DOWNLINK}) {
                double sig = r.signal(ap, d);
                assertTrue(a + " " + d + " signal " + sig, Double.isNaN(sig) || sig >= 0.0 && sig <= 1.0);
                long limit = r.tier2LimitBps(ap, d);
                assertTrue(a + " " + d + " limit " + limit,
                        limit >= Math.min(R_M, a.capacityBps()) && limit <= a.capacityBps());
            }
        }
    }

    @Property(tries = 300)
    void tier1FirstGivesBackWhatTier2TookSinceServedAtMostHalfWhenHeldBackAndNeverLowersALimitOtherwise(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll boolean uplink, @ForAll @DoubleRange(min = 0.05, max = 1.0) double cth,
            @ForAll @DoubleRange(min = 0.05, max = 1.0) double tier1Threshold) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        RandomMeasurements m = new RandomMeasurements(n, seed);
        NetworkSnapshot s = n.build();
        RegulationState previous = m.previous();
        CycleResult r = new RegulationCenter(params(Profile.MPSDN, uplink, cth).toBuilder()
                .tier1Threshold(tier1Threshold).build()).cycle(s, m.build(0), previous);
        long[] rates = tier2Rates(s, r);
        for (int ap = 0; ap < s.apCount(); ap++) {
            AccessPoint a = s.ap(ap);
            long floor = Math.min(R_M, a.capacityBps());
            for (Direction d : uplink ? Direction.values() : new Direction[]{Direction.DOWNLINK}) {
                double sig = r.signal(ap, d);
                if (Double.isNaN(sig)) {
                    continue;
                }
                long limit = r.tier2LimitBps(ap, d);
                long before = Math.max(floor, Math.min(a.capacityBps(), previous.tier2LimitBps(a.id(), d)
                        .orElse(floor)));
                double th = r.threshold(ap, d);
                assertTrue(a + " " + d + " threshold " + th, th == cth || th == tier1Threshold);
                if (sig < th) {
                    assertTrue(a + " " + d + ": an increase lowered " + before + " to " + limit, limit >= before);
                    Tier2Decision up = r.decision(a.id(), d).orElseThrow();
                    long sent = m.tier2SentBps(s, r, ap, d);
                    long use = sent >= 0 ? sent : rates[ap * 2 + d.ordinal()] == 0 ? 0L : -1L;
                    if (up.cause() == Tier2Decision.Cause.IDLE_CAPACITY && use >= 0) {
                        assertTrue(a + " " + d + ": raised to " + limit + " with Tier 2 at " + use,
                                limit <= Tier1FirstLaw.usedCap(use, floor));
                    }
                    continue;
                }
                assertTrue(a + " " + d + ": a decrease raised " + before + " to " + limit, limit <= before);
                boolean stations = r.decision(a.id(), d).orElseThrow().source() == SignalReading.Source.TIER1_STATIONS;
                if (stations && Tier1FirstLaw.draining(r.tier1SentBps(a.id(), d).orElse(-1L),
                        previous.lawMemory(a.id(), d).tier1SentAtDecreaseBps())) {
                    assertEquals(a + " " + d + ": draining", before, limit);
                    continue;
                }
                long sent = m.tier2SentBps(s, r, ap, d);
                long rate = sent >= 0 ? sent : rates[ap * 2 + d.ordinal()];
                if (stations && rate >= 0) {
                    // half of what Tier 2 sent, or the Tier-2 rate at which Tier 1 was last served when it lies
                    // between that half and all of it
                    long served = previous.lawMemory(a.id(), d).tier2ServedBps();
                    boolean backToServed = limit == served
                            && served * (1.0 + Tier1FirstLaw.DRAIN_GAIN) <= Math.min(before, rate);
                    assertTrue(a + " " + d + ": held back, Tier 2 sent " + rate + ", limit " + limit + ", "
                            + r.decision(a.id(), d).orElseThrow(),
                            limit <= Math.max(floor, rate / 2) || backToServed);
                }
            }
        }
    }

    /** Sum of the rates of the cycle's Tier-2 flows per AP and direction, -1 if one is unmeasured. */
    private static long[] tier2Rates(NetworkSnapshot s, CycleResult r) {
        long[] sum = new long[s.apCount() * 2];
        for (int i = 0; i < s.flowCount(); i++) {
            if (r.tier(i) != Tier.TIER2) {
                continue;
            }
            int k = s.connectionAp(s.flowConnection(i)) * 2 + s.flowDirection(i).ordinal();
            long rate = s.flow(i).rateBps();
            sum[k] = sum[k] < 0 || rate < 0 ? -1 : sum[k] + rate;
        }
        return sum;
    }

    @Property(tries = 200)
    void inputOrderDoesNotChangeDecisions(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll Profile profile, @ForAll boolean uplink, @ForAll long orderSeed) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        RandomMeasurements m = new RandomMeasurements(n, seed);
        RegulationCenter center = new RegulationCenter(params(profile, uplink, 0.85));
        NetworkSnapshot s1 = n.build();
        NetworkSnapshot s2 = n.buildShuffled(new Random(orderSeed));
        CycleResult r1 = center.cycle(s1, m.build(0), m.previous());
        CycleResult r2 = center.cycle(s2, m.build(orderSeed == 0 ? 1 : orderSeed), m.previous());
        assertEquals(r1.tier2Limits(), r2.tier2Limits());
        assertEquals(r1.nextState().primaries(), r2.nextState().primaries());
        assertEquals(tiers(r1), tiers(r2));
        assertEquals(signals(s1, r1), signals(s2, r2));
        assertEquals(r1.signalFallbacks(), r2.signalFallbacks());
    }

    @Property(tries = 200)
    void theSameInputCycleAfterCycleKeepsThePrimaries(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll Profile profile) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        RandomMeasurements m = new RandomMeasurements(n, seed);
        RegulationCenter center = new RegulationCenter(params(profile, false, 0.85));
        NetworkSnapshot s = n.build();
        CycleResult r1 = center.cycle(s, m.build(0), m.previous());
        CycleResult r2 = center.cycle(s, m.build(0), r1.nextState());
        CycleResult r3 = center.cycle(s, m.build(0), r2.nextState());
        assertEquals(r1.nextState().primaries(), r2.nextState().primaries());
        assertEquals(r2.nextState().primaries(), r3.nextState().primaries());
    }

    @Property(tries = 300)
    void paperProfileDecidesExactlyAsBefore(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int aps, @ForAll @IntRange(max = 30) int ues,
            @ForAll boolean uplink, @ForAll DeadlockBreaker breaker,
            @ForAll @DoubleRange(min = 0.05, max = 1.0) double cth) {
        Nets n = Nets.random(seed, aps, ues, 0.6, 1);
        RandomMeasurements m = new RandomMeasurements(n, seed);
        NetworkSnapshot s = n.build();
        RegulationParameters p = RegulationParameters.builder().regulateUplink(uplink).deadlockBreaker(breaker)
                .cth(cth).build();
        RegulationCenter center = new RegulationCenter(p);
        // everything measured (stations, rates) vs MacOcc alone through the original entry point
        CycleResult full = center.cycle(s, m.build(seed), m.previous());
        CycleResult macOnly = center.cycle(s, m.occupancy, m.previous());
        PaperAlgorithm2 oracle = new PaperAlgorithm2(s, m.occupancy, m.previous(), p);
        assertEquals(oracle.limits, full.tier2Limits());
        assertEquals(oracle.limits, macOnly.tier2Limits());
        assertEquals(oracle.missing, full.missingOccupancy());
        assertEquals(oracle.invalid, full.invalidOccupancy());
        assertEquals(tiers(macOnly), tiers(full));
        assertEquals(macOnly.nextState().primaries(), full.nextState().primaries());
        assertEquals(0, full.signalFallbacks());
    }

    private static Map<String, Tier> tiers(CycleResult r) {
        Map<String, Tier> t = new HashMap<>();
        r.forEachFlow((f, tier) -> t.put(key(f.key(), f.apId(), f.direction()), tier));
        return t;
    }

    private static String key(FlowKey k, String ap, Direction d) {
        return ap + "|" + k + "|" + d;
    }

    private static Map<String, Double> signals(NetworkSnapshot s, CycleResult r) {
        Map<String, Double> m = new HashMap<>();
        for (int ap = 0; ap < s.apCount(); ap++) {
            for (Direction d : Direction.values()) {
                m.put(s.ap(ap).id() + "/" + d, r.signal(ap, d));
            }
        }
        return m;
    }
}
