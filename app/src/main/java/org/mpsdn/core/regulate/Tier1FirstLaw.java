package org.mpsdn.core.regulate;

/**
 * The mpsdn profile's Tier-2 law for one AP and direction (it replaces Algorithm 2's Eq. 4 step where the
 * agent reports station queues):
 * <ul>
 *   <li><b>Tier 1 held back</b> (a Tier-1 station's queue at or above the threshold, or a backlogged one off its
 *       reference rate, {@code Tier1Demand}): Tier 2 gives back what it took since Tier 1 was last served, at most
 *       half of what it sent over the window, BW<sub>i+1</sub> = max(R_m, min(BW<sub>i</sub>, R<sub>2</sub>) / 2),
 *       or R_m when that half is below {@link #FLOOR_STEP} R_m ({@link #decrease}). Below
 *       the rate Tier 2 actually used, the decrease binds at once, whatever limit was in force. Without a
 *       measured Tier-2 rate the limit is halved (Algorithm 2's decrease).</li>
 *   <li><b>Tier 1 draining</b>: in the cycle after a decrease, while the Tier-1 stations send at least
 *       {@link #DRAIN_GAIN} more than over the window that decrease was decided on, their queues drain the
 *       backlog the shortage built; they are not held back, and the limit is kept.</li>
 *   <li><b>Tier 1 served</b>: Tier 2 moves a share &alpha; of the way to the capacity Tier 1 leaves,
 *       A<sub>2</sub> = R<sub>2</sub> + spare ({@code SpareCapacity}): BW<sub>i+1</sub> = BW<sub>i</sub> +
 *       &alpha; &middot; (min(C, A<sub>2</sub>) &minus; BW<sub>i</sub>) when that is above BW<sub>i</sub>, else
 *       BW<sub>i</sub>. An unused limit does not grow beyond what Tier 1 leaves, and the limit approaches the
 *       point where the medium is full, where a Tier-1 queue builds, instead of stepping onto it.</li>
 * </ul>
 * Every limit is in [min(R_m, C), C]; a decrease never raises the limit and an increase never lowers it.
 * Pure; its parameters are the threshold that tells a held-back queue and &alpha;.
 */
public final class Tier1FirstLaw {
    /**
     * How much more the Tier-1 stations must send than at the last cycle's decrease to count as draining: 10 %,
     * above the window-to-window spread of a served station's rate. Measured in the lab (dynamic demand): after
     * a decrease at a step up the held-back station sent 27-33 Mb/s against 15 at the decrease while its queue
     * still read above the threshold; without this rule the next cycle halved Tier 2 again, and the multipath
     * user's primary stalled behind the data stranded on its squeezed subflow. The Tier-1 station signal reads
     * an overflowing station as squeezed only when its rate fell by more than this spread.
     */
    public static final double DRAIN_GAIN = 0.10;

    /**
     * How much the usable share of the air time grows per cycle while Tier 1 is served and that share holds Tier 2
     * back ({@link #probed}): 5 % of the air time, r&#772;<sub>2</sub> &middot; 0.05 of Tier-2 rate (1.5 Mb/s at
     * a 30-Mb/s station). Measured in the lab (idle capacity, Wi-Fi): the share learned at the phase's start,
     * when the connections' first bursts overflowed a Tier-1 queue at 0.45 of the air time, held Tier 2 at 0.25 of
     * the idle capacity for the whole phase, while the windows in which Tier 1 was served carried up to 0.65
     * ({@code deploy/lab/idle_airtime.py}).
     */
    public static final double PROBE_SHARE = 0.05;

    /**
     * Below how many floors a halving goes to the floor at once: 5 (500 kb/s at the default R_m). What a Tier-2
     * subflow has in flight when its meter drops to R_m is about its rate times its round trip, and it drains at
     * R_m: from 10 Mb/s that stalled a multipath user's whole connection for its whole 30-s phase (lab prototype at
     * {@code 552e396}, run 1, UE3 at 0.6 Mb/s); from below 1 Mb/s it is under a second's worth. Halving the last
     * Mb/s takes three more cycles, in which a greedy Tier-1 station sent 20-21 of its 23 Mb/s (lab prototype at
     * {@code ef37893}, run 1, LTE: 1.56 to 0.1 Mb/s in 8 s).
     */
    public static final long FLOOR_STEP = 5;

    /**
     * How far above what Tier 2 sent an increase may take the limit: 8 times, and at least {@link #FLOOR_STEP}
     * floors. A limit Tier 2 does not use is not given: a subflow that wakes up takes whatever limit is in force
     * within a few round trips, long before the next cycle. Lab at {@code 29acd3a} (prototype and radio event,
     * 3 runs each): before any traffic the limit grew from the floor to 42-46 of the LTE cell's 50 Mb/s; when the
     * users started, the multipath user's LTE subflow took 11 Mb/s, and halving it to the floor took 12-14 s in
     * which the greedy single-path UE4 was short (20.62 and 14.63 s per minute). Eight times lets a subflow
     * held at its limit grow 4.5-fold per cycle at the default &alpha; (0.5 Mb/s to 10 Mb/s in two cycles); the
     * floor term lets a subflow that sends nothing (an MPTCP backup) leave the floor.
     */
    public static final long USE_HEADROOM = 8;

    private Tier1FirstLaw() {
    }

    /**
     * The highest limit an increase may reach given what Tier 2 used ({@link #USE_HEADROOM}).
     *
     * @param tier2SentBps what Tier 2 sent over the window, bit/s; negative when unknown
     * @param floorBps     min(R_m, capacity)
     * @return bit/s; {@link Long#MAX_VALUE} when what Tier 2 sent is unknown
     */
    public static long usedCap(long tier2SentBps, long floorBps) {
        if (tier2SentBps < 0) {
            return Long.MAX_VALUE;
        }
        return Math.max(FLOOR_STEP * floorBps, USE_HEADROOM * tier2SentBps);
    }

    /**
     * Whether the Tier-1 stations drain what the last cycle's decrease freed.
     *
     * @param tier1SentBps      what they sent over this window, bit/s; negative when unknown
     * @param sentAtDecreaseBps what they sent over the window of the last cycle's decrease; negative when none
     * @return true when both are known and they send at least (1 + {@link #DRAIN_GAIN}) times as much now
     */
    public static boolean draining(long tier1SentBps, long sentAtDecreaseBps) {
        return tier1SentBps > 0 && sentAtDecreaseBps >= 0
                && tier1SentBps >= Math.round(sentAtDecreaseBps * (1.0 + DRAIN_GAIN));
    }

    /**
     * Whether the learned share, not the capacity, holds Tier 2 back while Tier 1 is served: the cap the share
     * allows (R<sub>2</sub> + spare) is below the capacity and less than one probe step,
     * {@link #PROBE_SHARE} &middot; r&#772;<sub>2</sub>, above the limit in force. Within that step the increase
     * only creeps: &alpha; of a gap that is smaller each cycle, below the next meter rung (lab idle capacity,
     * LTE: a share learned from one transient full window capped every increase about 80 kb/s above a 6.25-Mb/s
     * limit for 55 s while the cell carried 0.98 of its air time when full).
     *
     * @param currentBps  BW<sub>i</sub>
     * @param capBps      min(C, A<sub>2</sub>): the highest limit the share allowed this cycle
     * @param capacityBps the AP's capacity C
     * @param tier2PhyBps r&#772;<sub>2</sub>, what a unit of air time carries for Tier 2, bit/s
     * @return true when the share binds within one probe step
     */
    public static boolean heldByShare(long currentBps, long capBps, long capacityBps, double tier2PhyBps) {
        return capBps < capacityBps && capBps - currentBps < PROBE_SHARE * tier2PhyBps;
    }

    /**
     * The usable share of the air time for the next cycle: the share, raised by {@link #PROBE_SHARE} (at most 1)
     * when Tier 1 was served and the share held Tier 2 back ({@link #heldByShare}). A full window sets
     * the share to what the medium carried; in between, the share probes upward, so a share learned from a window
     * that only looked full does not hold Tier 2 below what the medium can carry.
     *
     * @param share      the share this cycle decided on, in (0, 1], or NaN for the model's
     * @param heldByShare whether Tier 1 was served and the share held Tier 2 back within one probe step
     * @return the share for the next cycle, NaN when it was NaN
     */
    public static double probed(double share, boolean heldByShare) {
        return heldByShare && !Double.isNaN(share) ? Math.min(1.0, share + PROBE_SHARE) : share;
    }

    /**
     * The decrease when Tier 1 is held back: Tier 2 gives back what it took since Tier 1 was last served, at most
     * half of what it sent. That is the Tier-2 rate of the last window in which Tier 1 was served when it lies
     * between half of what Tier 2 sent now and 1 / (1 + {@link #DRAIN_GAIN}) of it (Tier 2 grew by at least that
     * spread since: its growth squeezed Tier 1); otherwise half, or the floor once half is below
     * {@link #FLOOR_STEP} floors. Lab dynamic demand at {@code eaaa6dd}: at a step up Tier 2 had grown 2.7 %
     * since Tier 1 was last served (14.6 to 15.0 Mb/s), went back to 14.6, and the step took 3 cycles to be
     * served; a reference rate left from an earlier, higher demand did not tell that Tier 1 wanted more. Lab idle
     * capacity at {@code 7c326ec}, Wi-Fi: paced Tier-1 stations served beside a Tier 2 of 5.1-5.5 Mb/s slipped
     * 2-5 % below their rate when it reached 6.2-6.4 Mb/s, and each halving to 3.1 Mb/s gave Tier 2 0.70 of the
     * idle capacity on average.
     *
     * @param currentBps BW<sub>i</sub>, in [floor, capacity]
     * @param tier2Bps   what Tier 2 sent over the window, bit/s; negative when unknown
     * @param floorBps   min(R_m, capacity)
     * @param servedBps  what Tier 2 sent over the last window in which Tier 1 was served; negative when none, or
     *                   when a Tier-1 station wants more than it got then ({@code Tier1Demand#withinReferences})
     * @return BW<sub>i+1</sub> &le; BW<sub>i</sub>, &ge; floor
     */
    public static long decrease(long currentBps, long tier2Bps, long floorBps, long servedBps) {
        long base = tier2Bps >= 0 ? Math.min(currentBps, tier2Bps) : currentBps;
        long half = base / 2 < FLOOR_STEP * floorBps ? floorBps : base / 2;
        long to = servedBps > half && servedBps * (1.0 + DRAIN_GAIN) <= base ? servedBps : half;
        return Math.max(floorBps, Math.min(currentBps, to));
    }

    /**
     * The limit when Tier 1 is served: a share &alpha; of the way from BW<sub>i</sub> to what Tier 1 leaves.
     *
     * @param currentBps   BW<sub>i</sub>, in [floor, capacity]
     * @param availableBps the capacity Tier 1 leaves to Tier 2, R<sub>2</sub> + spare, bit/s
     * @param capacityBps  the AP's capacity C
     * @param alpha        the share of the gap closed per cycle, in (0, 1]
     * @return BW<sub>i+1</sub> in [BW<sub>i</sub>, C]
     */
    public static long increase(long currentBps, long availableBps, long capacityBps, double alpha) {
        long target = Math.min(capacityBps, availableBps);
        if (target <= currentBps) {
            return currentBps;
        }
        return currentBps + (long) Math.ceil(alpha * (target - currentBps));
    }
}
