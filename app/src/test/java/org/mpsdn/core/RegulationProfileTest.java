package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.regulate.BandwidthRegulator;
import org.mpsdn.core.regulate.DecreaseBase;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The two profiles end to end: M's secondary (Tier 2) and single-path S (Tier 1) share W2.
 */
public class RegulationProfileTest {
    private static final long CAP = 100_000_000L;
    private static final ApDirection W2 = ApDirection.of("W2", Direction.DOWNLINK);
    private static final RegulationState AT_40M = RegulationState.of(Map.of(W2, 40_000_000L), Map.of());

    private final NetworkSnapshot net = Nets.strongAndWeak(CAP).build();
    private final RegulationCenter paper = new RegulationCenter();
    private final RegulationCenter mpsdn = new RegulationCenter(RegulationParameters.builder()
            .profile(Profile.MPSDN).build());

    private static Measurements.Builder w2(double macOcc, double occM, double occS) {
        return Measurements.builder().occupancy(W2, macOcc)
                .station(W2, new StationLoad("M", occM)).station(W2, new StationLoad("S", occS));
    }

    /** The mpsdn profile's decrease of a rate (its default factor, rounded down to bit/s). */
    private static long down(long bps) {
        return (long) (bps * RegulationParameters.DEFAULT_DECREASE_FACTOR);
    }

    private long w2Limit(CycleResult r) {
        return r.tier2LimitBps("W2", Direction.DOWNLINK).getAsLong();
    }

    @Test
    public void tier2QueueingBehindItselfIsNotCongestionInMpsdn() {
        Measurements m = w2(0.9, 0.95, 0.05).build();
        CycleResult p = paper.cycle(net, m, AT_40M);
        CycleResult q = mpsdn.cycle(net, m, AT_40M);
        assertEquals(Profile.PAPER, p.profile());
        assertEquals(20_000_000L, w2Limit(p)); // MacOcc 0.9 >= CTh: halved
        assertEquals(0.9, p.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(0.05, q.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0); // only S counts
        assertTrue(w2Limit(q) > 40_000_000L); // no rate measured: Eq. 4 increase unvalidated
        assertEquals(0, q.signalFallbacks());
    }

    @Test
    public void aBackloggedTier1StationIsCongestionEvenWhenTheApLooksEmpty() {
        Measurements m = w2(0.3, 0.0, 0.9).build();
        assertTrue(w2Limit(paper.cycle(net, m, AT_40M)) > 40_000_000L);
        assertEquals(20_000_000L, w2Limit(mpsdn.cycle(net, m, AT_40M)));
    }

    @Test
    public void anUnmatchedStationCountsAsTier1() {
        Measurements m = w2(0.3, 0.0, 0.0).station(W2, new StationLoad(null, 0.9))
                .station(W2, new StationLoad("nobody", 0.1)).build();
        CycleResult r = mpsdn.cycle(net, m, AT_40M);
        assertEquals(0.9, r.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
    }

    @Test
    public void onlyTier2StationsReadAsNoCongestion() {
        Measurements m = Measurements.builder().occupancy(W2, 1.0).station(W2, new StationLoad("M", 1.0)).build();
        CycleResult r = mpsdn.cycle(net, m, AT_40M);
        assertEquals(0.0, r.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(CAP, w2Limit(r)); // idle: Eq. 4 jumps to capacity (no rate: not validated)
    }

    @Test
    public void withoutStationQueuesTheSignalFallsBackToMacOcc() {
        Measurements m = Measurements.builder().occupancy(W2, 0.9).build();
        CycleResult r = mpsdn.cycle(net, m, AT_40M);
        assertEquals(1, r.signalFallbacks());
        assertEquals(0.9, r.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(20_000_000L, w2Limit(r));
        assertEquals(0, paper.cycle(net, m, AT_40M).signalFallbacks());
    }

    /** M's Tier-2 subflow on W2 measured at 6 Mb/s, S's Tier-1 flow at 30. */
    private static NetworkSnapshot measured() {
        return Nets.strongAndWeak(CAP).rate("M", "W2", 6_000_000L).rate("S", "W2", 30_000_000L)
                .rate("M", "W1", 40_000_000L).build();
    }

    @Test
    public void theMeasuredTier2RateSumsThisCyclesTier2Flows() {
        NetworkSnapshot s = measured();
        CycleResult r = mpsdn.cycle(s, w2(0.2, 0.9, 0.05).build(), AT_40M);
        assertEquals(6_000_000L, r.tier2RateBps(s.apIndex("W2"), Direction.DOWNLINK));
        assertEquals(0L, r.tier2RateBps(s.apIndex("W1"), Direction.DOWNLINK)); // M's primary: Tier 1
        assertEquals(-1L, mpsdn.cycle(net, w2(0.2, 0.9, 0.05).build(), AT_40M)
                .tier2RateBps(net.apIndex("W2"), Direction.DOWNLINK)); // no rate measured
    }

    @Test
    public void validationLetsABindingLimitGrowAsEq4AndHoldsALimitTier2LeavesUnused() {
        Measurements m = w2(0.2, 0.9, 0.05).build();
        RegulationState at5M = RegulationState.of(Map.of(W2, 5_000_000L), Map.of());
        assertEquals(13_125_000L, w2Limit(paper.cycle(measured(), m, at5M))); // 5 Mb/s * (1 + 0.5 * 0.65 / 0.2)
        // h = 1 (default): Tier 2 uses 6 of 5 Mb/s (counted before the meter): the meter binds, Eq. 4's increase
        // with the Tier-1 threshold 0.4 and S's 0.05, no longer capped at 2 x 6 Mb/s
        assertEquals(1.0, mpsdn.parameters().validationHeadroom(), 0.0);
        long eq4 = new BandwidthRegulator(0.4, 0.5, 100_000L).next(5_000_000L, 0.05, CAP);
        assertTrue(eq4 > 12_000_000L);
        assertEquals(eq4, w2Limit(mpsdn.cycle(measured(), m, at5M)));
        // 6 Mb/s is below 40 / 2: application-limited, held (neither raised nor lowered)
        assertEquals(40_000_000L, w2Limit(mpsdn.cycle(measured(), m, AT_40M)));
    }

    @Test
    public void theStationSignalIsComparedWithTheTier1ThresholdAndMacOccWithCth() {
        int w2 = net.apIndex("W2");
        // S's queue at 0.5: below CTh 0.85, above the Tier-1 threshold 0.4: decreased in mpsdn
        CycleResult r = mpsdn.cycle(net, w2(0.5, 0.0, 0.5).build(), AT_40M);
        assertEquals(0.4, r.threshold(w2, Direction.DOWNLINK), 0.0);
        assertEquals(20_000_000L, w2Limit(r));
        // at 0.39 it is an Eq. 4 increase with 0.4 in place of CTh (no rate measured: not validated)
        r = mpsdn.cycle(net, w2(0.5, 0.0, 0.39).build(), AT_40M);
        assertEquals(new BandwidthRegulator(0.4, 0.5, 100_000L).next(40_000_000L, 0.39, CAP), w2Limit(r));
        // the fallback to MacOcc keeps CTh
        r = mpsdn.cycle(net, Measurements.builder().occupancy(W2, 0.5).build(), AT_40M);
        assertEquals(0.85, r.threshold(w2, Direction.DOWNLINK), 0.0);
        assertTrue(w2Limit(r) > 40_000_000L);
        // the paper compares MacOcc with CTh whatever the stations read
        r = paper.cycle(net, w2(0.5, 0.0, 0.9).build(), AT_40M);
        assertEquals(0.85, r.threshold(w2, Direction.DOWNLINK), 0.0);
        assertTrue(w2Limit(r) > 40_000_000L);
        // a threshold set by the operator
        RegulationCenter t6 = new RegulationCenter(mpsdn.parameters().toBuilder().tier1Threshold(0.6).build());
        assertTrue(w2Limit(t6.cycle(net, w2(0.5, 0.0, 0.5).build(), AT_40M)) > 40_000_000L);
        assertTrue(Double.isNaN(mpsdn.cycle(net, Measurements.builder().build(), AT_40M)
                .threshold(w2, Direction.DOWNLINK)));
    }

    @Test
    public void decreaseMultipliesTheMeasuredRateByTheFactorByDefault() {
        Measurements m = w2(0.2, 0.9, 0.9).build();
        assertEquals(DecreaseBase.RATE, mpsdn.parameters().decreaseBase());
        assertEquals(Math.sqrt(0.5), mpsdn.parameters().decreaseFactor(), 0.0);
        // without what Tier 1 sent before: Algorithm 2's half of the rate
        assertEquals(3_000_000L, w2Limit(mpsdn.cycle(measured(), m, AT_40M)));
        // with it, and Tier 1 steady: 6 Mb/s / sqrt(2)
        Measurements steady = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.9))
                .station(W2, new StationLoad("S", 0.9, 20_000_000L)).tier1SentBefore(W2, 20_000_000L).build();
        assertEquals(4_242_640L, w2Limit(mpsdn.cycle(measured(), steady, AT_40M)));
        RegulationCenter halveLimit = new RegulationCenter(RegulationParameters.builder().profile(Profile.MPSDN)
                .decreaseBase(DecreaseBase.LIMIT).decreaseFactor(0.5).build());
        assertEquals(20_000_000L, w2Limit(halveLimit.cycle(measured(), m, AT_40M)));
        RegulationCenter halveRate = new RegulationCenter(RegulationParameters.builder().profile(Profile.MPSDN)
                .decreaseFactor(0.5).build());
        assertEquals(3_000_000L, w2Limit(halveRate.cycle(measured(), steady, AT_40M)));
    }

    @Test
    public void missingAndInvalidOccupancyStillHoldTheLimit() {
        Map<ApDirection, Double> occ = new java.util.HashMap<>();
        occ.put(W2, Double.NaN);
        CycleResult r = mpsdn.cycle(net, Measurements.of(occ), AT_40M);
        assertEquals(40_000_000L, w2Limit(r));
        assertEquals(1, r.invalidOccupancy());
        assertEquals(2, r.missingOccupancy()); // W1 and L
        assertTrue(Double.isNaN(r.signal(net.apIndex("W2"), Direction.DOWNLINK)));
    }

    @Test
    public void mpsdnDecreasesOncePerSignalWindowUnderTheLimitInForce() {
        Measurements straddling = w2(0.2, 0.9, 0.9).signalPredatesLimit(W2).build();
        CycleResult q = mpsdn.cycle(measured(), straddling, AT_40M);
        assertEquals(40_000_000L, w2Limit(q)); // congested, but the window began before 40 Mb/s came in force
        assertEquals(1, q.decreasesHeld());
        assertEquals(3_000_000L, w2Limit(mpsdn.cycle(measured(), w2(0.2, 0.9, 0.9).build(), AT_40M)));
        // an increase on such a window goes ahead (only decreases are held)
        CycleResult up = mpsdn.cycle(net, w2(0.2, 0.0, 0.05).signalPredatesLimit(W2).build(), AT_40M);
        assertTrue(w2Limit(up) > 40_000_000L);
        assertEquals(0, up.decreasesHeld());
        // the paper's Algorithm 2 halves on every window
        CycleResult p = paper.cycle(measured(), w2(0.9, 0.9, 0.9).signalPredatesLimit(W2).build(), AT_40M);
        assertEquals(20_000_000L, w2Limit(p));
        assertEquals(0, p.decreasesHeld());
    }

    private static Measurements.Builder w2Sent(long sentS, long sentAtDecrease) {
        Measurements.Builder b = Measurements.builder().occupancy(W2, 0.2)
                .station(W2, new StationLoad("M", 0.9, 6_000_000L)).station(W2, new StationLoad("S", 0.9, sentS));
        return sentAtDecrease < 0 ? b : b.tier1SentAtDecrease(W2, sentAtDecrease);
    }

    @Test
    public void mpsdnHoldsASecondDecreaseWhileTheFirstIsStillTakingEffect() {
        // S (Tier 1) sent 30 Mb/s over the window of the last decrease, 33 now: at least 10 % more
        CycleResult held = mpsdn.cycle(measured(), w2Sent(33_000_000L, 30_000_000L).build(), AT_40M);
        assertEquals(40_000_000L, w2Limit(held));
        assertEquals(1, held.decreasesHeldRecovering());
        assertEquals(0, held.decreasesHeld());
        assertEquals("only S's queue counts (M's carries Tier 2)", 33_000_000L,
                held.tier1SentBps("W2", Direction.DOWNLINK).getAsLong());
        // less than 10 % more: the decrease did not free Tier 1, decrease from M's 6 Mb/s
        CycleResult cut = mpsdn.cycle(measured(), w2Sent(32_900_000L, 30_000_000L).build(), AT_40M);
        assertEquals(3_000_000L, w2Limit(cut));
        assertEquals(0, cut.decreasesHeldRecovering());
        // no decrease to compare with, or S's rate unknown: decrease
        assertEquals(3_000_000L, w2Limit(mpsdn.cycle(measured(), w2Sent(40_000_000L, -1).build(), AT_40M)));
        Measurements unknown = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.9))
                .station(W2, new StationLoad("S", 0.9)).tier1SentAtDecrease(W2, 1L).build();
        CycleResult u = mpsdn.cycle(measured(), unknown, AT_40M);
        assertEquals(3_000_000L, w2Limit(u));
        assertTrue(u.tier1SentBps("W2", Direction.DOWNLINK).isEmpty());
        // an increase is never held; the paper's Algorithm 2 halves whatever Tier 1 sends
        Measurements calm = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.9, 1L))
                .station(W2, new StationLoad("S", 0.05, 50_000_000L)).tier1SentAtDecrease(W2, 1L).build();
        assertEquals(0, mpsdn.cycle(measured(), calm, AT_40M).decreasesHeldRecovering());
        Measurements full = w2Sent(40_000_000L, 30_000_000L).occupancy(W2, 0.9).build();
        CycleResult p = paper.cycle(measured(), full, AT_40M);
        assertEquals(20_000_000L, w2Limit(p));
        assertEquals(0, p.decreasesHeldRecovering());
        assertTrue(p.tier1SentBps("W2", Direction.DOWNLINK).isEmpty());
    }

    @Test
    public void aDecreaseStepsOneRungWhileTheTier1DemandIsSteadyAndHalvesOtherwise() {
        // S (Tier 1) sent 30 Mb/s over the previous window, 33 now (+10 %): its demand rose, halve M's 6 Mb/s
        Measurements rose = w2Sent(33_000_000L, -1).tier1SentBefore(W2, 30_000_000L).build();
        assertEquals(3_000_000L, w2Limit(mpsdn.cycle(measured(), rose, AT_40M)));
        // the same or less than before: Tier 2's probing reached the edge, one rung down
        Measurements flat = w2Sent(33_000_000L, -1).tier1SentBefore(W2, 31_000_000L).build();
        assertEquals(down(6_000_000L), w2Limit(mpsdn.cycle(measured(), flat, AT_40M)));
        // unknown before (no previous window, or an agent or simulator without station rates): halve, as Algorithm 2
        assertEquals(3_000_000L, w2Limit(mpsdn.cycle(measured(), w2Sent(33_000_000L, -1).build(), AT_40M)));
        // the paper halves the limit whatever Tier 1 sends
        Measurements full = w2Sent(33_000_000L, -1).tier1SentBefore(W2, 31_000_000L).occupancy(W2, 0.9).build();
        assertEquals(20_000_000L, w2Limit(paper.cycle(measured(), full, AT_40M)));
    }
}
