package org.mpsdn.core;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;
import org.mpsdn.core.regulate.BandwidthRegulator;
import org.mpsdn.core.regulate.Tier1FirstLaw;
import org.mpsdn.core.signal.Tier1StationSignal;
import org.mpsdn.core.throughput.BianchiCollisionModel;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

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
        assertTrue(w2Limit(q) > 40_000_000L); // no sent rate reported: Eq. 4 increase on the station signal
        assertEquals(0, q.signalFallbacks());
    }

    @Test
    public void aBackloggedTier1StationIsCongestionEvenWhenTheApLooksEmpty() {
        Measurements m = w2(0.3, 0.0, 0.9).build();
        assertTrue(w2Limit(paper.cycle(net, m, AT_40M)) > 40_000_000L);
        assertEquals(20_000_000L, w2Limit(mpsdn.cycle(net, m, AT_40M)));
    }

    @Test
    public void aTier1QueueThatOverflowsInTwoWindowsInARowReadsAsFull() {
        // S's queue averages 0.1 but dropped 3 Mb/s of the 33 that reached it (9 %): remembered, not yet held back
        Measurements over = overflowing("S", 30_000_000L, 3_000_000L);
        CycleResult first = mpsdn.cycle(net, over, AT_40M);
        assertEquals(0.1, first.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(Map.of("S", 30_000_000L), first.nextState().lawMemory("W2", Direction.DOWNLINK)
                .tier1Overflows());
        // the next window overflows as well, at the same rate (a squeezed greedy sender under a steady Tier 2)
        CycleResult second = mpsdn.cycle(net, over, first.nextState());
        assertEquals(1.0, second.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, second.decision("W2", Direction.DOWNLINK).get().cause());
        // 2 % dropped (a paced flow's bursts): its occupancy stands, and nothing is remembered
        CycleResult calm = mpsdn.cycle(net, overflowing("S", 12_000_000L, 240_000L), first.nextState());
        assertEquals(0.1, calm.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertTrue(calm.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Overflows().isEmpty());
        // a Tier-2 station's drops do not count
        Measurements t2 = w2(0.3, 0.0, 0.0).station(W2, new StationLoad("M", 0.1, 1_000_000L, 1_000_000L))
                .build();
        CycleResult tier2 = mpsdn.cycle(net, t2, first.nextState());
        assertEquals(0.0, tier2.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertTrue(tier2.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Overflows().isEmpty());
        // another station's overflow in the last window does not make S's persist
        CycleResult other = mpsdn.cycle(net, overflowing("M2", 30_000_000L, 3_000_000L), AT_40M);
        assertEquals(0.1, mpsdn.cycle(net, over, other.nextState()).signal(net.apIndex("W2"), Direction.DOWNLINK),
                0.0);
        assertEquals(0.09, new StationLoad("S", 0.1, 30_000_000L, 3_000_000L).overflowShare(), 0.001);
        assertEquals(0.0, new StationLoad("S", 0.1, StationLoad.UNKNOWN, 3_000_000L).overflowShare(), 0.0);
        assertThrows(IllegalArgumentException.class, () -> new StationLoad("S", 0.1, 1L, -2L));
    }

    @Test
    public void aStationThatDoesNotTakeWhatADecreaseFreedIsServedAtItsRate() {
        // lab idle capacity, LTE: a paced station dropped 4-6 % in two windows in a row at the same 12.9 Mb/s
        CycleResult first = mpsdn.cycle(net, sOnly(12_900_000L, 700_000L), AT_40M);
        CycleResult second = mpsdn.cycle(net, sOnly(12_880_000L, 700_000L), first.nextState());
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, second.decision("W2", Direction.DOWNLINK).get().cause());
        // after the decrease it sends no more, still overflowing: served at that rate, not held back again
        CycleResult third = mpsdn.cycle(net, sOnly(12_900_000L, 700_000L), second.nextState());
        assertEquals(0.1, third.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(Map.of("S", 12_900_000L), third.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Served());
        // within 10 % of that rate it stays served, at the rate it was shown served at
        CycleResult fourth = mpsdn.cycle(net, sOnly(11_800_000L, 700_000L), third.nextState());
        assertEquals(0.1, fourth.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(Map.of("S", 12_900_000L), fourth.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Served());
        // sending 10 % less than that, it may be squeezed again: held back
        CycleResult fell = mpsdn.cycle(net, sOnly(11_500_000L, 700_000L), fourth.nextState());
        assertEquals(1.0, fell.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertTrue(fell.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Served().isEmpty());
        // a station that takes what the decrease freed drains, and is not served
        CycleResult greedy = mpsdn.cycle(net, sOnly(20_000_000L, 700_000L), second.nextState());
        assertEquals(Tier2Decision.Cause.TIER1_DRAINING, greedy.decision("W2", Direction.DOWNLINK).get().cause());
        assertTrue(greedy.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Served().isEmpty());
        // without a decrease before, a steady rate shows nothing: held back
        assertEquals(1.0, mpsdn.cycle(net, sOnly(12_900_000L, 700_000L), first.nextState())
                .signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
    }

    @Test
    public void aTier1UploaderHeldBackOnWifiHoldsTheDownlinksTier2Back() {
        // lab uplink experiment: S uploads on W2's one channel and its queue fills while M's Tier-2 download there
        // sends 20 Mb/s; the downlink's own Tier-1 stations are idle
        ApDirection up = ApDirection.of("W2", Direction.UPLINK);
        Measurements m = Measurements.builder().occupancy(W2, 0.3)
                .station(W2, new StationLoad("M", 0.5, 20_000_000L, 0L))
                .station(W2, new StationLoad("S", 0.0, 1_000_000L, 0L))
                .station(up, new StationLoad("S", 0.9, 30_000_000L, 0L)).build();
        CycleResult r = mpsdn.cycle(net, m, AT_40M);
        assertEquals(0.9, r.signal(net.apIndex("W2"), Direction.DOWNLINK), 0.0);
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, r.decision("W2", Direction.DOWNLINK).get().cause());
        assertEquals(10_000_000L, w2Limit(r));
        // its upload's air time leaves no spare for the downlink's Tier 2 either, once S is served
        Measurements served = Measurements.builder().occupancy(W2, 0.3)
                .station(W2, new StationLoad("M", 0.0, 1_000_000L, 0L))
                .station(W2, new StationLoad("S", 0.0, 1_000_000L, 0L))
                .station(up, new StationLoad("S", 0.1, 53_000_000L, 0L)).build();
        RegulationState at1M = RegulationState.of(Map.of(W2, 1_000_000L), Map.of());
        CycleResult full = mpsdn.cycle(net, served, at1M);
        assertEquals(Tier2Decision.Cause.NOTHING_IDLE, full.decision("W2", Direction.DOWNLINK).get().cause());
        // without the upload the same downlink has room
        Measurements alone = Measurements.builder().occupancy(W2, 0.3)
                .station(W2, new StationLoad("M", 0.0, 1_000_000L, 0L))
                .station(W2, new StationLoad("S", 0.0, 1_000_000L, 0L)).build();
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, mpsdn.cycle(net, alone, at1M).decision("W2",
                Direction.DOWNLINK).get().cause());
    }

    @Test
    public void anUnmatchedStationsOverflowPersistsWhenATier1QueueOverflowedBefore() {
        Measurements m = w2(0.3, 0.0, 0.0).station(W2, new StationLoad(null, 0.1, 30_000_000L, 3_000_000L))
                .build();
        CycleResult first = mpsdn.cycle(net, m, AT_40M);
        assertEquals(Map.of(Tier1StationSignal.UNMATCHED, 30_000_000L),
                first.nextState().lawMemory("W2", Direction.DOWNLINK).tier1Overflows());
        assertEquals(1.0, mpsdn.cycle(net, m, first.nextState()).signal(net.apIndex("W2"), Direction.DOWNLINK),
                0.0);
    }

    /** W2 with M and S idle, and one more Tier-1 reading of a queue averaging 0.1 that sent and dropped so. */
    /** W2 where S's one reading sent and dropped so (every Tier-1 rate known, as the lab's agents report). */
    private static Measurements sOnly(long sentBps, long droppedBps) {
        return Measurements.builder().occupancy(W2, 0.3).station(W2, new StationLoad("M", 0.0))
                .station(W2, new StationLoad("S", 0.1, sentBps, droppedBps)).build();
    }

    private static Measurements overflowing(String ue, long sentBps, long droppedBps) {
        return w2(0.3, 0.0, 0.0).station(W2, new StationLoad(ue, 0.1, sentBps, droppedBps)).build();
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
        assertEquals(CAP, w2Limit(r)); // no sent rate reported: Eq. 4 on signal 0 jumps to capacity
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
    public void heldBackTier2GivesBackHalfOfWhatItSent() {
        // S (Tier 1) backlogged; M's station (Tier 2 at W2) sent 6 Mb/s over the window: 3 Mb/s, below the rate
        Measurements m = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, 6_000_000L))
                .station(W2, new StationLoad("S", 0.9, 20_000_000L)).build();
        CycleResult r = mpsdn.cycle(net, m, AT_40M);
        assertEquals(3_000_000L, w2Limit(r));
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, r.decision("W2", Direction.DOWNLINK).get().cause());
        // no station sent rate: the flows' measured rate (6 Mb/s); neither: half the limit (Algorithm 2's)
        assertEquals(3_000_000L, w2Limit(mpsdn.cycle(measured(), w2(0.2, 0.1, 0.9).build(), AT_40M)));
        assertEquals(20_000_000L, w2Limit(mpsdn.cycle(net, w2(0.2, 0.1, 0.9).build(), AT_40M)));
        // a rate above the limit: half the limit
        RegulationState at4M = RegulationState.of(Map.of(W2, 4_000_000L), Map.of());
        assertEquals(2_000_000L, w2Limit(mpsdn.cycle(net, m, at4M)));
    }

    /** The capacity S (54 Mb/s) and M (6 Mb/s) leave idle at W2 for M, computed here from Eq. 2's k-bar. */
    private static long spare(double usable, long sentM, long sentS) {
        double share = Double.isNaN(usable) ? 1.0 / new BianchiCollisionModel().meanTransmissions(2) : usable;
        return (long) Math.max(0.0, 6_000_000.0 * (share - sentM / 6_000_000.0 - sentS / 54_000_000.0));
    }

    /** alpha (0.5) of the way from a limit to a target above it, rounded up. */
    private static long halfWay(long from, long target) {
        return from + (long) Math.ceil(0.5 * (target - from));
    }

    @Test
    public void servedTier1LetsTier2TakeTheIdleCapacity() {
        RegulationState at1M = RegulationState.of(Map.of(W2, 1_000_000L), Map.of());
        Measurements m = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, 1_000_000L))
                .station(W2, new StationLoad("S", 0.05, 20_000_000L)).build();
        CycleResult r = mpsdn.cycle(net, m, at1M);
        long spare = spare(Double.NaN, 1_000_000L, 20_000_000L);
        assertTrue(spare > 1_000_000L);
        assertEquals(halfWay(1_000_000L, 1_000_000L + spare), w2Limit(r));   // towards M's 1 Mb/s + the spare
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, r.decision("W2", Direction.DOWNLINK).get().cause());
        assertEquals(1_000_000L + spare, r.decision("W2", Direction.DOWNLINK).get().capBps());
        // nothing idle: held
        Measurements busy = Measurements.builder().occupancy(W2, 0.2).station(W2, new StationLoad("M", 0.1, 1_000_000L))
                .station(W2, new StationLoad("S", 0.05, 40_000_000L)).build();
        CycleResult h = mpsdn.cycle(net, busy, at1M);
        assertEquals(1_000_000L, w2Limit(h));
        assertEquals(Tier2Decision.Cause.NOTHING_IDLE, h.decision("W2", Direction.DOWNLINK).get().cause());
        // the paper's Eq. 4 reads MacOcc and does not look at the stations
        assertEquals(new BandwidthRegulator(0.85, 0.5, 100_000L).next(1_000_000L, 0.2, CAP),
                w2Limit(paper.cycle(net, m, at1M)));
    }

    @Test
    public void aQueueThatOverflowedInOneWindowNeitherHoldsTier2BackNorTeachesTheAirtime() {
        // S at 0.2 of its queue, dropping 5 % of what reached it in one window (a paced sender's burst): no decrease,
        // and not a window in which Tier 2 filled the medium
        Measurements burst = Measurements.builder().occupancy(W2, 0.3)
                .station(W2, new StationLoad("M", 0.1, 2_000_000L))
                .station(W2, new StationLoad("S", 0.2, 19_000_000L, 1_000_000L)).build();
        CycleResult r = mpsdn.cycle(net, burst, AT_40M);
        assertNotEquals(Tier2Decision.Cause.TIER1_HELD_BACK, r.decision("W2", Direction.DOWNLINK).get().cause());
        assertTrue(w2Limit(r) >= 40_000_000L);
        assertTrue(Double.isNaN(airtime(r)));
        // the overflow persists into the next window while S's rate falls to 15 Mb/s: held back, and that window's
        // air time is learned
        Measurements squeezed = Measurements.builder().occupancy(W2, 0.3)
                .station(W2, new StationLoad("M", 0.1, 6_000_000L))
                .station(W2, new StationLoad("S", 0.2, 15_000_000L, 1_000_000L)).build();
        CycleResult again = mpsdn.cycle(net, squeezed, r.nextState());
        assertEquals(Tier2Decision.Cause.TIER1_HELD_BACK, again.decision("W2", Direction.DOWNLINK).get().cause());
        assertTrue(airtime(again) > 0.0 && airtime(again) <= 1.0);
    }

    @Test
    public void aShareThatHoldsTier2BackWhileTier1IsServedProbesUpward() {
        // learned at a connection's start: 0.45 of the air time; Tier 1 (S) served at 20 Mb/s, Tier 2 (M) at 1 Mb/s
        // under a 3-Mb/s limit: nothing idle by that share, so the next cycle decides on 0.45 + 0.05
        double start = 0.45;
        Measurements served = Measurements.builder().occupancy(W2, 0.2)
                .station(W2, new StationLoad("M", 0.1, 1_000_000L))
                .station(W2, new StationLoad("S", 0.05, 20_000_000L)).build();
        RegulationState state = learned(3_000_000L, start);
        double share = start;
        for (int cycle = 1; cycle <= 3; cycle++) {
            CycleResult r = mpsdn.cycle(net, served, state);
            assertEquals(Tier2Decision.Cause.NOTHING_IDLE, r.decision("W2", Direction.DOWNLINK).get().cause());
            assertEquals(3_000_000L, w2Limit(r));
            share = airtime(r);
            assertEquals(start + cycle * Tier1FirstLaw.PROBE_SHARE, share, 1e-12);
            state = learned(3_000_000L, share);
        }
        // a share that leaves room above the limit, but less than one probe step (0.05 of the air time): the
        // limit creeps up and the share still probes
        double edge = start;
        while (mpsdn.cycle(net, served, learned(3_000_000L, edge)).decision("W2", Direction.DOWNLINK).get().cause()
                != Tier2Decision.Cause.IDLE_CAPACITY) {
            edge += 0.01;
        }
        CycleResult creeps = mpsdn.cycle(net, served, learned(3_000_000L, edge));
        assertTrue(w2Limit(creeps) > 3_000_000L);
        assertEquals(edge + Tier1FirstLaw.PROBE_SHARE, airtime(creeps), 1e-12);
        // room of more than a probe step: the limit grows towards it and the share stays
        double roomy = edge + 2 * Tier1FirstLaw.PROBE_SHARE;
        CycleResult grows = mpsdn.cycle(net, served, learned(3_000_000L, roomy));
        assertEquals(Tier2Decision.Cause.IDLE_CAPACITY, grows.decision("W2", Direction.DOWNLINK).get().cause());
        assertTrue(w2Limit(grows) > w2Limit(creeps));
        assertEquals(roomy, airtime(grows), 1e-12);
        // never above the whole air time; the model's share (none learned) is not probed
        assertEquals(1.0, Tier1FirstLaw.probed(0.98, true), 1e-12);
        assertTrue(Double.isNaN(Tier1FirstLaw.probed(Double.NaN, true)));
        assertEquals(0.5, Tier1FirstLaw.probed(0.5, false), 1e-12);
    }

    @Test
    public void aFullWindowTeachesTheUsableAirtime() {
        // S backlogged: the medium was busy all window, and carried 30/54 + 1/6 of it
        Measurements full = Measurements.builder().occupancy(W2, 0.9).station(W2, new StationLoad("M", 0.1, 1_000_000L))
                .station(W2, new StationLoad("S", 0.9, 30_000_000L)).build();
        CycleResult r = mpsdn.cycle(net, full, AT_40M);
        double carried = 30.0 / 54.0 + 1.0 / 6.0;
        assertEquals(carried, airtime(r), 1e-12);
        assertTrue(Double.isNaN(airtime(paper.cycle(net, full, AT_40M))));
        // next window S is served at 20 Mb/s: the spare is what that air time leaves, not the model's
        RegulationState learned = learned(1_000_000L, airtime(r));
        Measurements served = Measurements.builder().occupancy(W2, 0.2)
                .station(W2, new StationLoad("M", 0.1, 1_000_000L))
                .station(W2, new StationLoad("S", 0.05, 20_000_000L)).build();
        CycleResult next = mpsdn.cycle(net, served, learned);
        assertEquals(halfWay(1_000_000L, 1_000_000L + spare(carried, 1_000_000L, 20_000_000L)), w2Limit(next));
        assertTrue(spare(carried, 1_000_000L, 20_000_000L) < spare(Double.NaN, 1_000_000L, 20_000_000L));
        assertEquals(carried, airtime(next), 1e-12); // kept
        // the last full window sets it: one that carried less (a queue built at a connection's start) lowers it,
        // one that carried more raises it
        Measurements less = Measurements.builder().occupancy(W2, 0.9).station(W2, new StationLoad("M", 0.1, 1_000_000L))
                .station(W2, new StationLoad("S", 0.9, 10_000_000L)).build();
        assertEquals(10.0 / 54.0 + 1.0 / 6.0,
                airtime(mpsdn.cycle(net, less, learned)), 1e-12);
        Measurements more = Measurements.builder().occupancy(W2, 0.9).station(W2, new StationLoad("M", 0.1, 1_200_000L))
                .station(W2, new StationLoad("S", 0.9, 34_000_000L)).build();
        assertEquals(34.0 / 54.0 + 1.2 / 6.0,
                airtime(mpsdn.cycle(net, more, learned)), 1e-12);
    }

    @Test
    public void theStationSignalIsComparedWithTheTier1ThresholdAndMacOccWithCth() {
        int w2 = net.apIndex("W2");
        // S's queue at 0.5: below CTh 0.85, above the Tier-1 threshold 0.4: decreased in mpsdn
        CycleResult r = mpsdn.cycle(net, w2(0.5, 0.0, 0.5).build(), AT_40M);
        assertEquals(0.4, r.threshold(w2, Direction.DOWNLINK), 0.0);
        assertEquals(20_000_000L, w2Limit(r));
        // at 0.39, below it: an Eq. 4 increase with 0.4 in place of CTh (no sent rate reported)
        r = mpsdn.cycle(net, w2(0.5, 0.0, 0.39).build(), AT_40M);
        assertEquals(new BandwidthRegulator(0.4, 0.5, 100_000L).next(40_000_000L, 0.39, CAP), w2Limit(r));
        // at 0.19 it is an Eq. 4 increase with 0.4 in place of CTh (no sent rate reported)
        r = mpsdn.cycle(net, w2(0.5, 0.0, 0.19).build(), AT_40M);
        assertEquals(new BandwidthRegulator(0.4, 0.5, 100_000L).next(40_000_000L, 0.19, CAP), w2Limit(r));
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
        assertTrue(w2Limit(t6.cycle(net, w2(0.5, 0.0, 0.5).build(), AT_40M)) > 40_000_000L); // not held back
        assertTrue(w2Limit(t6.cycle(net, w2(0.5, 0.0, 0.29).build(), AT_40M)) > 40_000_000L);
        assertTrue(Double.isNaN(mpsdn.cycle(net, Measurements.builder().build(), AT_40M)
                .threshold(w2, Direction.DOWNLINK)));
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

    /** The usable air time a cycle left in W2's memory. */
    private static double airtime(CycleResult r) {
        return r.nextState().lawMemory("W2", Direction.DOWNLINK).usableAirtime();
    }

    /** A state with W2 at a limit and a usable air time learned. */
    private static RegulationState learned(long limitBps, double airtime) {
        return RegulationState.of(Map.of(W2, limitBps), Map.of(),
                Map.of(W2, LawMemory.of(airtime, -1L, Map.of(), Map.of())));
    }
}
