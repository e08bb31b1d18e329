package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.regulate.BandwidthRegulator;
import org.mpsdn.core.regulate.Tier1FirstLaw;
import org.mpsdn.core.signal.CongestionSignal;
import org.mpsdn.core.signal.SignalInputs;
import org.mpsdn.core.signal.Tier1Demand;
import org.mpsdn.core.signal.SignalKind;
import org.mpsdn.core.signal.SignalReading;
import org.mpsdn.core.signal.SpareCapacity;
import org.mpsdn.core.signal.Tier1StationSignal;
import org.mpsdn.core.throughput.ThroughputModel;

import java.util.Arrays;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Algorithm 2, lines 1-8: the new Tier-2 limit of every AP and regulated direction from its
 * congestion signal: the paper's Eq. (4) step on MacOcc, or in the mpsdn profile the {@link Tier1FirstLaw}
 * where the agent reports station queues. Without a signal reading (missing or invalid
 * occupancy) the limit is unchanged (kept within the AP's range) and counted. Line 9, enforcing
 * the limits through the switches' meters, is the caller's.
 */
final class Tier2Limits {
    private static final Direction[] DOWNLINK_ONLY = {Direction.DOWNLINK};
    private static final Direction[] BOTH = {Direction.DOWNLINK, Direction.UPLINK};

    /** Limit per AP and direction at {@code ap * 2 + direction.ordinal()}, bit/s; -1 when not regulated. */
    final long[] bps;
    /** Signal value used per AP and direction (same index), NaN when none. */
    final double[] signals;
    /** Threshold the signal was compared with per AP and direction (same index), NaN when none. */
    final double[] thresholds;
    /** How each limit was decided (same index), null when not regulated. */
    final Tier2Decision[] decisions;
    /** What the law remembers per AP and direction for the next cycle (same index). */
    final LawMemory[] memory;
    /** Regulated AP-directions without an occupancy. */
    final int missing;
    /** Occupancies ignored for being null, NaN or outside [0, 1]. */
    final int invalid;
    /** Regulated AP-directions whose Tier-1-aware signal fell back to MacOcc (no station queue reported). */
    final int fallbacks;
    /** What the Tier-1 stations sent per AP and direction (same index), bit/s; -1 when unknown. */
    final long[] tier1SentBps;

    /**
     * Regulates every AP of a snapshot.
     *
     * @param s              the snapshot
     * @param in             the signal's inputs
     * @param tier2RateBps   measured Tier-2 rate per AP and direction (-1: unknown), see {@link FlowTiers}
     * @param previous       the previous limits (BW_i)
     * @param law            the profile's control law
     * @param regulateUplink whether both directions are regulated
     */
    Tier2Limits(NetworkSnapshot s, SignalInputs in, long[] tier2RateBps, RegulationState previous,
                Law law, boolean regulateUplink) {
        bps = new long[s.apCount() * 2];
        signals = new double[s.apCount() * 2];
        thresholds = new double[s.apCount() * 2];
        tier1SentBps = new long[s.apCount() * 2];
        decisions = new Tier2Decision[s.apCount() * 2];
        memory = new LawMemory[s.apCount() * 2];
        Arrays.fill(memory, LawMemory.NONE);
        Arrays.fill(bps, -1L);
        Arrays.fill(tier1SentBps, -1L);
        Arrays.fill(signals, Double.NaN);
        Arrays.fill(thresholds, Double.NaN);
        int[] count = new int[Tier2Decision.Cause.values().length];
        int fellBack = 0;
        for (int ap = 0; ap < s.apCount(); ap++) {
            AccessPoint a = s.ap(ap);
            long floor = law.regulator.floorBps(a.capacityBps());
            for (Direction d : regulateUplink ? BOTH : DOWNLINK_ONLY) {
                long current = previous.tier2LimitBps(a.id(), d).orElse(floor);
                // line 2: ap.MacOcc = QueryMac(ap), or the profile's signal
                ApDirection key = new ApDirection(a.id(), d);
                SignalReading r = law.read(in, ap, key);
                int i = ap * 2 + d.ordinal();
                tier1SentBps[i] = law.stationSignal ? in.tier1SentBps(ap, key) : -1L;
                fellBack += law.stationSignal && r.source() == SignalReading.Source.AP_OCCUPANCY ? 1 : 0;
                LawMemory before = previous.lawMemory(a.id(), d);
                double share = law.usableAirtime(in, ap, key, r, floor, before.usableAirtime());
                Tier2Decision decision = law.decide(r, new Bounds(current, floor, a.capacityBps(), tier2RateBps[i]),
                        in, ap, key, share, before);
                memory[i] = LawMemory.of(Tier1FirstLaw.probed(share, heldByShare(decision, in, ap, key)),
                        decreased(decision) ? tier1SentBps[i] : -1L,
                        law.stationSignal ? Tier1StationSignal.overflows(in, ap, key) : Map.of(),
                        law.stationSignal ? Tier1StationSignal.served(in, ap, key, before) : Map.of(),
                        law.stationSignal ? Tier1Demand.references(in, ap, key, before,
                                decision.fromBps() <= floor) : Map.of(),
                        law.stationSignal && decreased(decision)
                                ? Tier1Demand.atDecrease(in, ap, key, freed(decision, in, ap, key)) : Map.of(),
                        tier2Served(decision, before, SpareCapacity.tier2SentBps(in, ap, key)));
                decisions[i] = decision;
                bps[i] = decision.limitBps();
                signals[i] = decision.signal();
                thresholds[i] = decision.threshold();
                count[decision.cause().ordinal()]++;
            }
        }
        missing = count[Tier2Decision.Cause.NO_SIGNAL.ordinal()];
        invalid = count[Tier2Decision.Cause.INVALID_SIGNAL.ordinal()];
        fallbacks = fellBack;
    }

    /** Whether the mpsdn law decreased the limit because Tier 1 was held back. */
    private static boolean decreased(Tier2Decision d) {
        return d.cause() == Tier2Decision.Cause.TIER1_HELD_BACK || d.cause() == Tier2Decision.Cause.TIER1_UNKNOWN;
    }

    /**
     * What Tier 2 sent over the last window in which Tier 1 was served: this window's when it was (Tier 1 served,
     * or backlogged at its reference), none after a decrease or at the floor, else the one remembered.
     */
    private static long tier2Served(Tier2Decision d, LawMemory before, long tier2SentBps) {
        switch (d.cause()) {
            case IDLE_CAPACITY:
            case NOTHING_IDLE:
            case AT_CAPACITY:
            case TIER1_BACKLOGGED:
            case TIER2_UNUSED:
                return tier2SentBps;
            case TIER1_HELD_BACK:
            case TIER1_UNKNOWN:
            case AT_FLOOR:
                return -1L;
            default:
                return before.tier2ServedBps();
        }
    }

    /** What a decrease gave back: Tier 2's rate over the window (its limit when lower or unknown), less the new one. */
    private static long freed(Tier2Decision d, SignalInputs in, int ap, ApDirection key) {
        long sent = SpareCapacity.tier2SentBps(in, ap, key);
        long from = sent >= 0 ? Math.min(d.fromBps(), sent) : d.fromBps();
        return Math.max(0L, from - d.limitBps());
    }

    /** Whether Tier 1 was served and the learned share held Tier 2 back ({@link Tier1FirstLaw#heldByShare}). */
    private static boolean heldByShare(Tier2Decision d, SignalInputs in, int ap, ApDirection key) {
        Tier2Decision.Cause c = d.cause();
        return (c == Tier2Decision.Cause.NOTHING_IDLE || c == Tier2Decision.Cause.IDLE_CAPACITY)
                && Tier1FirstLaw.heldByShare(d.fromBps(), d.capBps(), capacityOf(in, ap),
                        SpareCapacity.tier2PhyBps(in, ap, key));
    }

    private static long capacityOf(SignalInputs in, int ap) {
        return in.snapshot().ap(ap).capacityBps();
    }

    /** The limit a step starts from and what bounds it: BW_i, the floor, the capacity, the Tier-2 rate. */
    static final class Bounds {
        final long current;
        final long floor;
        final long capacity;
        final long rateBps;

        /**
         * @param current  BW_i (clamped into [floor, capacity] here)
         * @param floor    min(R_m, capacity)
         * @param capacity the AP's capacity
         * @param rateBps  the measured Tier-2 rate, -1 when unknown
         */
        Bounds(long current, long floor, long capacity, long rateBps) {
            this.current = Math.max(floor, Math.min(capacity, current));
            this.floor = floor;
            this.capacity = capacity;
            this.rateBps = rateBps;
        }
    }

    /**
     * The control law of a profile. {@code paper}: MacOcc against CTh and the Eq. (4) step. {@code mpsdn}: where
     * the agent reports station queues, the Tier-1 station signal against the Tier-1 threshold decides between
     * the {@link Tier1FirstLaw}'s decrease (Tier 1 held back) and increase (Tier 1 served); where it reports
     * none, the paper's step on MacOcc. Immutable.
     */
    static final class Law {
        final CongestionSignal signal;
        final BandwidthRegulator regulator;
        final BandwidthRegulator stationRegulator;
        final ThroughputModel model;
        final boolean stationSignal;
        final double alpha;

        Law(RegulationParameters p, ThroughputModel model) {
            this.signal = p.profile().signal().signal();
            this.regulator = new BandwidthRegulator(p.cth(), p.alpha(), p.minRateBps());
            this.stationRegulator = new BandwidthRegulator(p.tier1Threshold(), p.alpha(), p.minRateBps());
            this.model = model;
            this.alpha = p.alpha();
            this.stationSignal = p.profile().signal() != SignalKind.AP;
        }

        /**
         * The profile's signal for one AP and direction. In mpsdn, on a medium both directions share (Wi-Fi), a
         * Tier-1 station held back in the other direction holds this one's Tier 2 back too: the air time Tier 2
         * takes here is what the squeezed station lacks (lab uplink experiment: a Tier-1 uploader got 13 of its
         * 36 Mb/s beside a Tier-2 download that its own direction's signal never saw).
         *
         * @param in  the cycle's signal inputs
         * @param ap  AP index
         * @param key AP and direction
         * @return the reading: the higher of the two directions' Tier-1 station readings on a shared medium
         */
        SignalReading read(SignalInputs in, int ap, ApDirection key) {
            SignalReading own = signal.read(in, ap, key);
            if (!stationSignal || own.source() != SignalReading.Source.TIER1_STATIONS || !in.sharedMedium(ap)) {
                return own;
            }
            ApDirection reverse = new ApDirection(key.apId(), key.direction().reverse());
            if (in.stations(reverse).isEmpty()) {
                return own;
            }
            SignalReading other = signal.read(in, ap, reverse);
            return other.source() == SignalReading.Source.TIER1_STATIONS && other.value() > own.value()
                    ? other : own;
        }

        /**
         * Whether a Tier-1 station of this AP direction is backlogged ({@link Tier1Demand#backlogged}); on a medium
         * both directions share, of either direction.
         */
        private static boolean backlogged(SignalInputs in, int ap, ApDirection key) {
            return onMedium(in, ap, key, (k, before) -> Tier1Demand.anyBacklogged(in, ap, k));
        }

        /**
         * Whether no backlogged Tier-1 station of this AP direction wants more than its reference rate
         * ({@link Tier1Demand#withinReferences}); on a medium both directions share, of either direction.
         */
        private static boolean withinReferences(SignalInputs in, int ap, ApDirection key) {
            return !onMedium(in, ap, key, (k, before) -> !Tier1Demand.withinReferences(in, ap, k, before));
        }

        /**
         * Whether a Tier-1 station of this AP direction dropped packets ({@link Tier1Demand#anyDropped}); on a
         * medium both directions share, of either direction.
         */
        private static boolean dropped(SignalInputs in, int ap, ApDirection key) {
            return onMedium(in, ap, key, (k, before) -> Tier1Demand.anyDropped(in, ap, k));
        }

        /**
         * Whether a backlogged Tier-1 station of this AP direction has no reference rate
         * ({@link Tier1Demand#unknown}); on a medium both directions share, of either direction.
         */
        private static boolean unknown(SignalInputs in, int ap, ApDirection key) {
            return onMedium(in, ap, key, (k, before) -> Tier1Demand.unknown(in, ap, k, before));
        }

        /**
         * Whether a test of a direction and what the law remembers there holds for this AP direction or, on a medium
         * both directions share, for the reverse one.
         */
        private static boolean onMedium(SignalInputs in, int ap, ApDirection key,
                                        BiPredicate<ApDirection, LawMemory> test) {
            if (test.test(key, in.lawBefore(ap, key.direction()))) {
                return true;
            }
            ApDirection reverse = new ApDirection(key.apId(), key.direction().reverse());
            return in.sharedMedium(ap) && test.test(reverse, in.lawBefore(ap, reverse.direction()));
        }

        /**
         * The decision for one AP and direction, and why.
         *
         * @param r      the signal reading
         * @param b      BW_i and its bounds
         * @param in     the cycle's signal inputs (station sent rates, PHY rates)
         * @param ap     AP index
         * @param key    AP and direction
         * @param usable the usable share of the air time ({@link #usableAirtime}), NaN for the model's
         * @param before what the law remembers here from the last cycle
         * @return the decision
         */
        Tier2Decision decide(SignalReading r, Bounds b, SignalInputs in, int ap, ApDirection key, double usable,
                             LawMemory before) {
            if (!r.present()) {
                Tier2Decision.Cause c = r.source() == SignalReading.Source.INVALID
                        ? Tier2Decision.Cause.INVALID_SIGNAL : Tier2Decision.Cause.NO_SIGNAL;
                return new Tier2Decision(r.source(), Double.NaN, Double.NaN, b.current, b.current, b.capacity, c);
            }
            if (stationSignal && r.source() == SignalReading.Source.TIER1_STATIONS) {
                return tier1First(r, b, in, ap, key, usable, before);
            }
            return eq4(r, b);
        }

        /**
         * The usable share of the air time: what the stations carried over the last window in which Tier 2
         * filled the medium (the Tier-1 queues' fill or overflow, {@link Tier1StationSignal#fill}, at or above the
         * threshold while Tier 2 sent more than its floor; a station below its reference rate does not say the
         * medium was full), probed upward since ({@link Tier1FirstLaw#probed}; mpsdn profile; NaN otherwise). A
         * window that only looked full (a queue built by a connection's start while the medium still had room: 0.67
         * of the lab's LTE air time against 0.98 when full) sets it low, and the probe raises it again while Tier 1
         * stays served.
         *
         * @param in       the cycle's signal inputs
         * @param ap       AP index
         * @param key      AP and direction
         * @param r        the Tier-1 station signal's reading
         * @param floor    min(R_m, capacity)
         * @param previous the share learned before, NaN when none
         * @return in (0, 1], or NaN
         */
        double usableAirtime(SignalInputs in, int ap, ApDirection key, SignalReading r, long floor,
                             double previous) {
            if (!stationSignal || r.source() != SignalReading.Source.TIER1_STATIONS
                    || !stationRegulator.congested(Tier1StationSignal.fill(in, ap, key))
                    || SpareCapacity.tier2SentBps(in, ap, key) <= floor) {
                return previous;
            }
            double used = Math.min(1.0, SpareCapacity.airtime(in, ap, key));
            return used > 0.0 ? used : previous;
        }

        /** Algorithm 2, lines 3-8: halve when the signal is at or above CTh, else Eq. (4). */
        private Tier2Decision eq4(SignalReading r, Bounds b) {
            double v = r.value();
            long next = regulator.next(b.current, v, b.capacity);
            Tier2Decision.Cause cause = regulator.congested(v)
                    ? next >= b.current ? Tier2Decision.Cause.AT_FLOOR : Tier2Decision.Cause.HALVED
                    : next >= b.capacity && b.current >= b.capacity ? Tier2Decision.Cause.AT_CAPACITY
                    : Tier2Decision.Cause.INCREASE;
            return new Tier2Decision(r.source(), v, regulator.cth(), b.current, next, b.capacity, cause);
        }

        /**
         * The mpsdn law. Tier 1 held back (a Tier-1 queue full or overflowing, or a backlogged Tier-1 station off
         * its reference rate or without one): Tier 2 gives back half its rate, unless the Tier-1 stations drain what
         * the last cycle's decrease freed; a Tier-1 station backlogged at its reference rate, or one whose queue
         * dropped packets: the limit kept; else Tier 2 may use what Tier 1 leaves, up to
         * {@link Tier1FirstLaw#usedCap} of what it used.
         */
        private Tier2Decision tier1First(SignalReading r, Bounds b, SignalInputs in, int ap, ApDirection key,
                                         double usable, LawMemory before) {
            double v = r.value();
            double threshold = stationRegulator.cth();
            if (stationRegulator.congested(v)) {
                if (Tier1FirstLaw.draining(in.tier1SentBps(ap, key), before.tier1SentAtDecreaseBps())) {
                    return new Tier2Decision(r.source(), v, threshold, b.current, b.current, b.capacity,
                            Tier2Decision.Cause.TIER1_DRAINING);
                }
                long sent = SpareCapacity.tier2SentBps(in, ap, key);
                long rate = sent >= 0 ? sent : b.rateBps;
                long next = Tier1FirstLaw.decrease(b.current, rate, b.floor,
                        withinReferences(in, ap, key) ? before.tier2ServedBps() : -1L);
                Tier2Decision.Cause c = next >= b.current ? Tier2Decision.Cause.AT_FLOOR
                        : unknown(in, ap, key) ? Tier2Decision.Cause.TIER1_UNKNOWN
                        : Tier2Decision.Cause.TIER1_HELD_BACK;
                return new Tier2Decision(r.source(), v, threshold, b.current, next, b.capacity, c);
            }
            if (backlogged(in, ap, key)) {
                return new Tier2Decision(r.source(), v, threshold, b.current, b.current, b.capacity,
                        Tier2Decision.Cause.TIER1_BACKLOGGED);
            }
            if (dropped(in, ap, key)) {
                return new Tier2Decision(r.source(), v, threshold, b.current, b.current, b.capacity,
                        Tier2Decision.Cause.TIER1_DROPPED);
            }
            long spare = SpareCapacity.spareBps(in, ap, key, model, usable);
            long sent = SpareCapacity.tier2SentBps(in, ap, key);
            if (spare < 0) { // an agent without sent rates: Eq. (4)'s increase on the station signal
                long next = stationRegulator.next(b.current, v, b.capacity);
                return new Tier2Decision(r.source(), v, threshold, b.current, next, b.capacity,
                        next >= b.capacity && b.current >= b.capacity ? Tier2Decision.Cause.AT_CAPACITY
                                : Tier2Decision.Cause.INCREASE);
            }
            long available = Math.max(0L, sent) + spare;
            // no station carries Tier 2 here: with no Tier-2 flow either (its flows' rate 0), Tier 2 sent nothing
            long used = Tier1FirstLaw.usedCap(sent >= 0 ? sent : b.rateBps == 0 ? 0L : -1L, b.floor);
            long next = Tier1FirstLaw.increase(b.current, Math.min(available, used), b.capacity, alpha);
            Tier2Decision.Cause c = next > b.current ? Tier2Decision.Cause.IDLE_CAPACITY
                    : b.current >= b.capacity ? Tier2Decision.Cause.AT_CAPACITY
                    : used < available && used <= b.current ? Tier2Decision.Cause.TIER2_UNUSED
                    : Tier2Decision.Cause.NOTHING_IDLE;
            return new Tier2Decision(r.source(), v, threshold, b.current, next, Math.min(b.capacity, available), c);
        }
    }
}
