package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.signal.SignalReading;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Each reason of a Tier-2 decision comes from its scenario: M's secondary (Tier 2) and single-path S
 * (Tier 1) share W2 (see {@link Nets#strongAndWeak}).
 */
public class Tier2DecisionTest {
    private static final long CAP = 100_000_000L;
    private static final ApDirection W2 = ApDirection.of("W2", Direction.DOWNLINK);

    private final RegulationCenter paper = new RegulationCenter();
    private final RegulationCenter mpsdn = new RegulationCenter(RegulationParameters.builder()
            .profile(Profile.MPSDN).build());

    private static RegulationState at(long bps) {
        return RegulationState.of(Map.of(W2, bps), Map.of());
    }

    private static Measurements.Builder w2(double macOcc, double occS) {
        return Measurements.builder().occupancy(W2, macOcc)
                .station(W2, new StationLoad("M", 0.9)).station(W2, new StationLoad("S", occS));
    }

    private static Tier2Decision w2(CycleResult r) {
        return r.decision("W2", Direction.DOWNLINK).orElseThrow();
    }

    private static NetworkSnapshot net() {
        return Nets.strongAndWeak(CAP).build();
    }

    @Test
    public void paperDecidesOnMacOccAgainstCth() {
        Tier2Decision up = w2(paper.cycle(net(), w2(0.5, 0.9).build(), at(40_000_000L)));
        assertEquals(LimitReason.INCREASE, up.reason());
        assertEquals(SignalReading.Source.AP_OCCUPANCY, up.source());
        assertEquals(0.5, up.signal(), 0.0);
        assertEquals(RegulationParameters.DEFAULT_CTH, up.threshold(), 0.0);
        assertEquals(40_000_000L, up.fromBps());
        assertTrue(up.limitBps() > 40_000_000L);
        assertEquals(CAP, up.capBps()); // no validation: the capacity caps
        Tier2Decision down = w2(paper.cycle(net(), w2(0.9, 0.0).build(), at(40_000_000L)));
        assertEquals(LimitReason.DECREASE, down.reason());
        assertEquals(Tier2Decision.Cause.HALVED, down.cause());
        assertEquals(20_000_000L, down.limitBps());
    }

    @Test
    public void mpsdnDecidesOnTheTier1StationsAgainstItsThreshold() {
        Tier2Decision d = w2(mpsdn.cycle(net(), w2(0.1, 0.6).build(), at(40_000_000L)));
        assertEquals(SignalReading.Source.TIER1_STATIONS, d.source());
        assertEquals(0.6, d.signal(), 0.0); // S's queue; M's (Tier 2) does not count
        assertEquals(RegulationParameters.DEFAULT_TIER1_THRESHOLD, d.threshold(), 0.0);
        assertEquals(LimitReason.DECREASE, d.reason());
        assertEquals(Tier2Decision.Cause.HALVED, d.cause()); // what Tier 1 sent is unknown: the paper's step
        assertEquals(20_000_000L, d.limitBps());
    }

    @Test
    public void aSteadyTier1DemandCutsByTheDecreaseFactor() {
        Measurements m = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("S", 0.6, 20_000_000L))
                .tier1SentBefore(W2, 20_000_000L).build();
        Tier2Decision d = w2(mpsdn.cycle(net(), m, at(40_000_000L)));
        assertEquals(LimitReason.DECREASE, d.reason());
        assertEquals(Tier2Decision.Cause.CUT_BY_FACTOR, d.cause());
        assertEquals((long) (40_000_000L * RegulationParameters.DEFAULT_DECREASE_FACTOR), d.limitBps());
    }

    @Test
    public void aDecreaseAtTheFloorIsFloor() {
        long floor = RegulationParameters.DEFAULT_MIN_RATE_BPS;
        Tier2Decision p = w2(paper.cycle(net(), w2(0.9, 0.0).build(), at(floor)));
        assertEquals(LimitReason.FLOOR, p.reason());
        assertEquals(floor, p.limitBps());
        Tier2Decision q = w2(mpsdn.cycle(net(), w2(0.0, 0.9).build(), at(floor)));
        assertEquals(LimitReason.FLOOR, q.reason());
    }

    @Test
    public void anIncreaseAtCapacityIsStillAnIncrease() {
        Tier2Decision d = w2(paper.cycle(net(), w2(0.1, 0.0).build(), at(CAP)));
        assertEquals(LimitReason.INCREASE, d.reason());
        assertEquals(Tier2Decision.Cause.AT_CAPACITY, d.cause());
        assertEquals(CAP, d.limitBps());
    }

    @Test
    public void anApplicationLimitedTier2GetsTheValidationCap() {
        // M's secondary sends 6 Mb/s under a 40 Mb/s limit: below limit / 2, so the cap is 12 Mb/s and the limit held
        NetworkSnapshot s = Nets.strongAndWeak(CAP).rate("M", "W2", 6_000_000L).rate("S", "W2", 30_000_000L)
                .rate("M", "W1", 40_000_000L).build();
        Tier2Decision held = w2(mpsdn.cycle(s, w2(0.1, 0.05).build(), at(40_000_000L)));
        assertEquals(LimitReason.VALIDATION_CAP, held.reason());
        assertEquals(12_000_000L, held.capBps());
        assertEquals(40_000_000L, held.limitBps());
        assertTrue(held.limitBps() < mpsdnUnvalidated(s));
        // the paper profile ignores the rate
        assertEquals(LimitReason.INCREASE, w2(paper.cycle(s, w2(0.1, 0.05).build(), at(40_000_000L))).reason());
    }

    /** What Eq. (4) alone would have made of the 40 Mb/s limit at a Tier-1 signal of 0.05. */
    private static long mpsdnUnvalidated(NetworkSnapshot s) {
        return new org.mpsdn.core.regulate.BandwidthRegulator(RegulationParameters.DEFAULT_TIER1_THRESHOLD,
                RegulationParameters.DEFAULT_ALPHA, RegulationParameters.DEFAULT_MIN_RATE_BPS)
                .next(40_000_000L, 0.05, CAP);
    }

    @Test
    public void aMeterBoundTier2IncreasesAsEq4Says() {
        NetworkSnapshot s = Nets.strongAndWeak(CAP).rate("M", "W2", 30_000_000L).rate("S", "W2", 30_000_000L)
                .rate("M", "W1", 40_000_000L).build();
        Tier2Decision d = w2(mpsdn.cycle(s, w2(0.1, 0.05).build(), at(40_000_000L)));
        assertEquals(LimitReason.INCREASE, d.reason());
        assertEquals(CAP, d.capBps()); // the meter binds: no validation cap
    }

    @Test
    public void holdsSayWhy() {
        Tier2Decision predates = w2(mpsdn.cycle(net(), w2(0.1, 0.9).signalPredatesLimit(W2).build(),
                at(40_000_000L)));
        assertEquals(LimitReason.HOLD, predates.reason());
        assertEquals(Tier2Decision.Cause.WINDOW_PREDATES_LIMIT, predates.cause());
        assertEquals(40_000_000L, predates.limitBps());
        Measurements recovering = Measurements.builder().occupancy(W2, 0.1)
                .station(W2, new StationLoad("S", 0.9, 30_000_000L)).tier1SentAtDecrease(W2, 20_000_000L).build();
        Tier2Decision r = w2(mpsdn.cycle(net(), recovering, at(40_000_000L)));
        assertEquals(LimitReason.HOLD, r.reason());
        assertEquals(Tier2Decision.Cause.LAST_DECREASE_TAKING_EFFECT, r.cause());
        Tier2Decision none = w2(paper.cycle(net(), Measurements.builder().build(), at(40_000_000L)));
        assertEquals(LimitReason.HOLD, none.reason());
        assertEquals(Tier2Decision.Cause.NO_SIGNAL, none.cause());
        assertTrue(Double.isNaN(none.signal()) && Double.isNaN(none.threshold()));
        Tier2Decision bad = w2(paper.cycle(net(), Measurements.builder().occupancy(W2, 1.5).build(),
                at(40_000_000L)));
        assertEquals(Tier2Decision.Cause.INVALID_SIGNAL, bad.cause());
        // the paper profile holds no decrease
        assertEquals(LimitReason.DECREASE,
                w2(paper.cycle(net(), w2(0.9, 0.9).signalPredatesLimit(W2).build(), at(40_000_000L))).reason());
    }

    @Test
    public void theFallbackToMacOccComparesWithCth() {
        Tier2Decision d = w2(mpsdn.cycle(net(), Measurements.builder().occupancy(W2, 0.5).build(), at(40_000_000L)));
        assertEquals(SignalReading.Source.AP_OCCUPANCY, d.source());
        assertEquals(RegulationParameters.DEFAULT_CTH, d.threshold(), 0.0);
        assertEquals(LimitReason.INCREASE, d.reason());
    }

    @Test
    public void unregulatedDirectionsHaveNoDecision() {
        CycleResult r = paper.cycle(net(), w2(0.5, 0.0).build(), at(40_000_000L));
        assertTrue(r.decision("W2", Direction.UPLINK).isEmpty());
        assertTrue(r.decision("nope", Direction.DOWNLINK).isEmpty());
        assertEquals(r.tier2LimitBps("W2", Direction.DOWNLINK).getAsLong(), w2(r).limitBps());
    }

    @Test
    public void ignoredParametersFollowTheProfile() {
        assertEquals(java.util.List.of("tier1Threshold", "validationHeadroom", "decreaseBase", "decreaseFactor"),
                java.util.List.copyOf(Profile.PAPER.ignoredParameters(false).keySet()));
        assertEquals(java.util.List.of("cth"), java.util.List.copyOf(Profile.MPSDN.ignoredParameters(false).keySet()));
        assertTrue(Profile.MPSDN.ignoredParameters(true).isEmpty());
    }
}
