package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.regulate.Tier1FirstLaw;
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
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, d.cause()); // no Tier-2 rate known: half the limit
        assertEquals(20_000_000L, d.limitBps());
    }

    @Test
    public void tier1DrainingWhatTheLastDecreaseFreedHoldsTheLimit() {
        Measurements m = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("S", 0.9, 22_000_000L))
                .build();
        RegulationState decreased = RegulationState.of(Map.of(W2, 40_000_000L), Map.of(),
                Map.of(W2, LawMemory.of(Double.NaN, 20_000_000L, Map.of(), Map.of())));
        Tier2Decision d = w2(mpsdn.cycle(net(), m, decreased));
        assertEquals(LimitReason.HOLD, d.reason());
        assertEquals(Tier2Decision.Cause.TIER1_DRAINING, d.cause());
        assertEquals(40_000_000L, d.limitBps());
        // less than 10 % more than at the decrease: still held back
        Measurements flat = Measurements.builder().occupancy(W2, 0.1)
                .station(W2, new StationLoad("S", 0.9, 21_999_999L)).build();
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, w2(mpsdn.cycle(net(), flat, decreased)).cause());
        // no decrease in the last cycle: held back
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, w2(mpsdn.cycle(net(), m, at(40_000_000L))).cause());
    }

    @Test
    public void tier1HeldBackRightAfterAnIncreaseGetsTheHalving() {
        double threshold = RegulationParameters.DEFAULT_TIER1_THRESHOLD;
        // below the threshold: an increase (no sent rate reported: Eq. 4 on the station signal)
        CycleResult up = mpsdn.cycle(net(), w2(0.1, threshold - 0.01).build(), at(30_000_000L));
        Tier2Decision raised = w2(up);
        assertEquals(LimitReason.INCREASE, raised.reason());
        assertTrue(raised.limitBps() > 30_000_000L);
        // held back in the next cycle: half the limit (no Tier-2 rate known), not back to where the increase started
        Tier2Decision halved = w2(mpsdn.cycle(net(), w2(0.1, threshold).build(), up.nextState()));
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, halved.cause());
        assertEquals(raised.limitBps() / 2, halved.limitBps());
        // half of what Tier 2 sent: M's secondary sent 2 Mb/s
        Measurements sent = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, 2_000_000L))
                .station(W2, new StationLoad("S", threshold, 10_000_000L)).build();
        assertEquals(1_000_000L, w2(mpsdn.cycle(net(), sent, up.nextState())).limitBps());
    }

    /** S backlogged (busy in every sample) at a low fill, sending {@code sentS}; M (Tier 2) sending 2 Mb/s. */
    private static Measurements backloggedS(long sentS) {
        return Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, 2_000_000L))
                .station(W2, new StationLoad("S", 0.15, sentS).withBusyShare(1.0)).build();
    }

    /** S with a busy share of 0.7 at a low fill, sending {@code sentS}; M (Tier 2) sending 2 Mb/s. */
    private static Measurements notBacklogged(long sentS) {
        return Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, 2_000_000L))
                .station(W2, new StationLoad("S", 0.15, sentS).withBusyShare(0.7)).build();
    }

    private static RegulationState withReference(long limit, long refS) {
        return RegulationState.of(Map.of(W2, limit), Map.of(),
                Map.of(W2, LawMemory.of(Double.NaN, -1L, Map.of(), Map.of(), Map.of("S", refS))));
    }

    @Test
    public void aBackloggedTier1StationIsJudgedOnItsReferenceRate() {
        // at its reference (within 5 %): served at what it can get, the limit kept rather than raised
        Tier2Decision kept = w2(mpsdn.cycle(net(), backloggedS(19_500_000L), withReference(6_000_000L, 20_000_000L)));
        assertEquals(LimitReason.HOLD, kept.reason());
        assertEquals(Tier2Decision.Cause.TIER1_BACKLOGGED, kept.cause());
        assertEquals(6_000_000L, kept.limitBps());
        // more than 5 % below it: Tier 2 takes its air time, held back although its queue reads 0.15
        Tier2Decision below = w2(mpsdn.cycle(net(), backloggedS(18_900_000L), withReference(6_000_000L, 20_000_000L)));
        assertEquals(1.0, below.signal(), 0.0);
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, below.cause());
        assertEquals(1_000_000L, below.limitBps()); // half of the 2 Mb/s Tier 2 sent
        // more than 5 % above it: it wants more than was ever measured, held back
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, w2(mpsdn.cycle(net(), backloggedS(21_100_000L),
                withReference(6_000_000L, 20_000_000L))).cause());
        // no reference: held back, half of what Tier 2 sent, until a window with Tier 2 at its floor tells it
        Tier2Decision learn = w2(mpsdn.cycle(net(), backloggedS(19_500_000L), at(6_000_000L)));
        assertEquals(Tier2Decision.Cause.TIER1_UNKNOWN, learn.cause());
        assertEquals(1_000_000L, learn.limitBps());
        // not backlogged (busy share below 3/4) at its reference: judged on its fill alone, served (the increase:
        // here the capacity S leaves is below the limit, so nothing is idle); the reference is kept
        CycleResult up = mpsdn.cycle(net(), notBacklogged(19_500_000L), withReference(6_000_000L, 20_000_000L));
        assertEquals(Tier2Decision.Cause.NOTHING_IDLE, w2(up).cause());
        assertEquals(Map.of("S", 20_000_000L), up.nextState().lawMemory("W2", Direction.DOWNLINK).tier1References());
        // not backlogged, below its reference: its queue emptied, it gets what it wants (its demand fell)
        assertEquals(Tier2Decision.Cause.NOTHING_IDLE, w2(mpsdn.cycle(net(), notBacklogged(10_000_000L),
                withReference(6_000_000L, 20_000_000L))).cause());
        // not backlogged without a reference: served
        assertEquals(Tier2Decision.Cause.NOTHING_IDLE, w2(mpsdn.cycle(net(), notBacklogged(10_000_000L),
                at(6_000_000L))).cause());
        // the paper's law ignores it: MacOcc 0.2 below CTh
        assertEquals(LimitReason.INCREASE, w2(paper.cycle(net(), backloggedS(10_000_000L),
                withReference(6_000_000L, 20_000_000L))).reason());
    }

    @Test
    public void aBackloggedStationsReferenceIsWhatItGetsWithTier2AtItsFloor() {
        long floor = RegulationParameters.DEFAULT_MIN_RATE_BPS;
        // Tier 2 at its floor: what S sends is its reference, even below the one remembered
        CycleResult atFloor = mpsdn.cycle(net(), backloggedS(15_000_000L), withReference(floor, 20_000_000L));
        assertEquals(Map.of("S", 15_000_000L),
                atFloor.nextState().lawMemory("W2", Direction.DOWNLINK).tier1References());
        // above the floor a backlogged station keeps the reference remembered
        CycleResult above = mpsdn.cycle(net(), backloggedS(19_500_000L), withReference(6_000_000L, 20_000_000L));
        assertEquals(Map.of("S", 20_000_000L),
                above.nextState().lawMemory("W2", Direction.DOWNLINK).tier1References());
        // and learns none it did not have
        assertTrue(mpsdn.cycle(net(), backloggedS(19_500_000L), at(6_000_000L)).nextState()
                .lawMemory("W2", Direction.DOWNLINK).tier1References().isEmpty());
    }

    /** M (Tier 2) sending {@code sentM}, S sending {@code sentS} with its queue busy in {@code busy} of the samples. */
    private static Measurements tier2AndS(long sentM, long sentS, double busy) {
        return Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, sentM))
                .station(W2, new StationLoad("S", 0.15, sentS).withBusyShare(busy)).build();
    }

    @Test
    public void aDecreaseGoesBackToTheTier2RateAtWhichTier1WasLastServed() {
        // S served (not backlogged) while M's Tier 2 sent 1.6 Mb/s: that rate is remembered
        CycleResult served = mpsdn.cycle(net(), tier2AndS(1_600_000L, 19_500_000L, 0.7),
                withReference(6_000_000L, 20_000_000L));
        assertEquals(1_600_000L, served.nextState().lawMemory("W2", Direction.DOWNLINK).tier2ServedBps());
        // Tier 2 grew to 2 Mb/s and S fell below its reference: back to 1.6 Mb/s, not half of 2
        CycleResult back = mpsdn.cycle(net(), tier2AndS(2_000_000L, 18_900_000L, 1.0), served.nextState());
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, w2(back).cause());
        assertEquals(1_600_000L, w2(back).limitBps());
        assertEquals(-1L, back.nextState().lawMemory("W2", Direction.DOWNLINK).tier2ServedBps());
        // S wants more than its reference (its demand grew): half of what Tier 2 sent, not back to 1.6 Mb/s
        CycleResult grew = mpsdn.cycle(net(), tier2AndS(2_000_000L, 21_100_000L, 1.0), served.nextState());
        assertEquals(1_000_000L, w2(grew).limitBps());
        // still held back (and not draining): nothing remembered, so half of what Tier 2 was allowed
        CycleResult again = mpsdn.cycle(net(), tier2AndS(2_000_000L, 18_900_000L, 1.0), back.nextState());
        assertEquals(800_000L, w2(again).limitBps());
    }

    @Test
    public void aDecreaseThatAStationDoesNotTakeGivesItsReference() {
        // S backlogged at 12.5 Mb/s without a reference, Tier 2 sending 2 Mb/s under a 6-Mb/s limit: halved to 1 Mb/s,
        // which gives back 1 Mb/s, less than 10 % of S's rate: the next window cannot show S served
        CycleResult small = mpsdn.cycle(net(), backloggedS(12_500_000L), at(6_000_000L));
        assertEquals(Tier2Decision.Cause.TIER1_UNKNOWN, w2(small).cause());
        assertTrue(small.nextState().lawMemory("W2", Direction.DOWNLINK).tier1AtDecrease().isEmpty());
        // S at 5 Mb/s: the 1 Mb/s given back is 20 % of its rate, so the decrease tests it
        CycleResult test = mpsdn.cycle(net(), backloggedS(5_000_000L), at(6_000_000L));
        assertEquals(Tier2Decision.Cause.TIER1_UNKNOWN, w2(test).cause());
        assertEquals(Map.of("S", 5_000_000L), test.nextState().lawMemory("W2", Direction.DOWNLINK).tier1AtDecrease());
        // next window S sends 5.2 Mb/s: it did not take what was given back, so it is served there: the limit is
        // kept (backlogged at its reference), and 5.2 Mb/s is its reference from now on
        CycleResult served = mpsdn.cycle(net(), backloggedS(5_200_000L), test.nextState());
        assertEquals(Tier2Decision.Cause.TIER1_BACKLOGGED, w2(served).cause());
        assertEquals(w2(test).limitBps(), w2(served).limitBps());
        assertEquals(Map.of("S", 5_200_000L), served.nextState().lawMemory("W2", Direction.DOWNLINK)
                .tier1References());
        // its queue emptied once Tier 2 gave back (busy in 0.7 of the samples): still served there, its reference
        assertEquals(Map.of("S", 5_200_000L), mpsdn.cycle(net(), notBacklogged(5_200_000L), test.nextState())
                .nextState().lawMemory("W2", Direction.DOWNLINK).tier1References());
        // had it sent 5.6 Mb/s (12 % more), it took the air time: Tier 2 squeezed it, held back again
        CycleResult took = mpsdn.cycle(net(), backloggedS(5_600_000L), test.nextState());
        assertEquals(1.0, w2(took).signal(), 0.0);
        assertTrue(took.nextState().lawMemory("W2", Direction.DOWNLINK).tier1References().isEmpty());
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
    public void aLimitAboveWhatTier1LeavesIsKept() {
        // M's secondary (6 Mb/s PHY) sent 6 Mb/s, S 30 Mb/s at 54: nothing idle is left, the 40 Mb/s limit is kept
        Measurements m = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("M", 0.1, 6_000_000L))
                .station(W2, new StationLoad("S", 0.05, 30_000_000L)).build();
        Tier2Decision held = w2(mpsdn.cycle(net(), m, at(40_000_000L)));
        assertEquals(LimitReason.HOLD, held.reason());
        assertEquals(Tier2Decision.Cause.NOTHING_IDLE, held.cause());
        assertEquals(6_000_000L, held.capBps()); // what Tier 1 leaves: M's own 6 Mb/s
        assertEquals(40_000_000L, held.limitBps());
        // below it, the limit moves alpha (0.5) of the way to it
        Tier2Decision up = w2(mpsdn.cycle(net(), m, at(1_000_000L)));
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, up.cause());
        assertEquals(3_500_000L, up.limitBps());
        assertEquals(6_000_000L, up.capBps());
        // the paper profile reads MacOcc only
        assertEquals(LimitReason.INCREASE, w2(paper.cycle(net(), m, at(40_000_000L))).reason());
    }

    @Test
    public void anIncreaseGoesNoFurtherThanWhatTier2UsesAllows() {
        // S sent 10 Mb/s at 54, M's secondary 0.2 Mb/s at 6: Tier 1 leaves M's station about 4.9 Mb/s of air time,
        // but Tier 2 used 0.2 Mb/s of a 0.3-Mb/s limit: the increase goes half-way to 8 x 0.2 = 1.6 Mb/s
        Measurements m = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("M", 0.0, 200_000L))
                .station(W2, new StationLoad("S", 0.05, 10_000_000L)).build();
        Tier2Decision up = w2(mpsdn.cycle(net(), m, at(300_000L)));
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, up.cause());
        assertEquals(300_000L + (1_600_000L - 300_000L) / 2, up.limitBps());
        assertTrue("the decision still shows what Tier 1 leaves", up.capBps() > 1_600_000L);
        // a limit already above what Tier 2's use allows is kept, and says why
        Tier2Decision kept = w2(mpsdn.cycle(net(), m, at(2_000_000L)));
        assertEquals(LimitReason.HOLD, kept.reason());
        assertEquals(Tier2Decision.Cause.TIER2_UNUSED, kept.cause());
        assertEquals(2_000_000L, kept.limitBps());
        // a Tier 2 that sends nothing (an MPTCP backup at the floor) may still leave the floor, up to 5 R_m
        Measurements idle = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("M", 0.0, 0L))
                .station(W2, new StationLoad("S", 0.05, 10_000_000L)).build();
        Tier2Decision fromFloor = w2(mpsdn.cycle(net(), idle, at(RegulationParameters.DEFAULT_MIN_RATE_BPS)));
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, fromFloor.cause());
        assertEquals(300_000L, fromFloor.limitBps());
        // no Tier-2 flow at all (no multipath user yet): Tier 2 sent nothing, and the limit waits near the floor
        Measurements none = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("S", 0.0, 0L))
                .build();
        NetworkSnapshot single = new Nets().wifi("W2", CAP).ue("S", false).conn("S", "W2", -50, 54_000_000)
                .tcpDown("S", "W2").build();
        RegulationCenter c = new RegulationCenter(RegulationParameters.builder().profile(Profile.MPSDN).build());
        RegulationState st = at(RegulationParameters.DEFAULT_MIN_RATE_BPS);
        for (int i = 0; i < 10; i++) {
            CycleResult r = c.cycle(single, none, st);
            st = r.nextState();
        }
        long limit = st.tier2LimitBps("W2", Direction.DOWNLINK).orElseThrow();
        assertTrue(limit + " bit/s", limit <= Tier1FirstLaw.FLOOR_STEP * RegulationParameters.DEFAULT_MIN_RATE_BPS);
    }

    @Test
    public void aTier1QueueThatDroppedHoldsTheLimit() {
        // S is served by its fill (0.05) and not backlogged, but its queue dropped packets: nothing is idle for it
        Measurements m = Measurements.builder().occupancy(W2, 0.1).station(W2, new StationLoad("M", 0.0, 1_000_000L))
                .station(W2, new StationLoad("S", 0.05, 10_000_000L, 150_000L)).build();
        Tier2Decision d = w2(mpsdn.cycle(net(), m, at(1_000_000L)));
        assertEquals(LimitReason.HOLD, d.reason());
        assertEquals(Tier2Decision.Cause.TIER1_DROPPED, d.cause());
        assertEquals(1_000_000L, d.limitBps());
        // drops in the Tier-2 station's own queue (its meter's doing) do not hold it
        Measurements own = Measurements.builder().occupancy(W2, 0.1)
                .station(W2, new StationLoad("M", 0.0, 1_000_000L, 150_000L))
                .station(W2, new StationLoad("S", 0.05, 10_000_000L)).build();
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, w2(mpsdn.cycle(net(), own, at(1_000_000L))).cause());
    }

    @Test
    public void withoutSentRatesTheStationSignalTakesEq4sIncrease() {
        Tier2Decision d = w2(mpsdn.cycle(net(), w2(0.1, 0.05).build(), at(40_000_000L)));
        assertEquals(Tier2Decision.Cause.INCREASE, d.cause());
        assertEquals(new org.mpsdn.core.regulate.BandwidthRegulator(RegulationParameters.DEFAULT_TIER1_THRESHOLD,
                RegulationParameters.DEFAULT_ALPHA, RegulationParameters.DEFAULT_MIN_RATE_BPS)
                .next(40_000_000L, 0.05, CAP), d.limitBps());
        assertEquals(CAP, d.capBps());
    }

    @Test
    public void holdsSayWhy() {
        Tier2Decision none = w2(paper.cycle(net(), Measurements.builder().build(), at(40_000_000L)));
        assertEquals(LimitReason.HOLD, none.reason());
        assertEquals(Tier2Decision.Cause.NO_SIGNAL, none.cause());
        assertTrue(Double.isNaN(none.signal()) && Double.isNaN(none.threshold()));
        Tier2Decision bad = w2(paper.cycle(net(), Measurements.builder().occupancy(W2, 1.5).build(),
                at(40_000_000L)));
        assertEquals(Tier2Decision.Cause.INVALID_SIGNAL, bad.cause());
        // the paper profile holds no decrease, whatever Tier 1 sent at the last one
        RegulationState decreased = RegulationState.of(Map.of(W2, 40_000_000L), Map.of(),
                Map.of(W2, LawMemory.of(Double.NaN, 1L, Map.of(), Map.of())));
        assertEquals(LimitReason.DECREASE, w2(paper.cycle(net(), w2(0.9, 0.9).build(), decreased)).reason());
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
        assertEquals(java.util.List.of("tier1Threshold"),
                java.util.List.copyOf(Profile.PAPER.ignoredParameters(false).keySet()));
        assertEquals(java.util.List.of("cth"), java.util.List.copyOf(Profile.MPSDN.ignoredParameters(false).keySet()));
        assertTrue(Profile.MPSDN.ignoredParameters(true).isEmpty());
    }
}
