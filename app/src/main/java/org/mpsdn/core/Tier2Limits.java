package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.regulate.BandwidthRegulator;
import org.mpsdn.core.regulate.LimitValidation;
import org.mpsdn.core.signal.CongestionSignal;
import org.mpsdn.core.signal.SignalInputs;
import org.mpsdn.core.signal.SignalKind;
import org.mpsdn.core.signal.SignalReading;

import java.util.Arrays;

/**
 * Algorithm 2, lines 1-8: the new Tier-2 limit of every AP and regulated direction from its
 * congestion signal (one {@link BandwidthRegulator} step each; the paper's signal is MacOcc), then,
 * in the mpsdn profile, {@link LimitValidation}. Without a signal reading (missing or invalid
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
    /** Regulated AP-directions without an occupancy. */
    final int missing;
    /** Occupancies ignored for being null, NaN or outside [0, 1]. */
    final int invalid;
    /** Regulated AP-directions whose Tier-1-aware signal fell back to MacOcc (no station queue reported). */
    final int fallbacks;
    /** What the Tier-1 stations sent per AP and direction (same index), bit/s; -1 when unknown. */
    final long[] tier1SentBps;
    /** Decreases held because the signal's window began before the limit in force (mpsdn profile). */
    final int held;
    /** Decreases held because the last decrease was still taking effect (mpsdn profile). */
    final int heldRecovering;

    /**
     * Regulates every AP of a snapshot.
     *
     * @param s              the snapshot
     * @param in             the signal's inputs
     * @param m              the measurements (which signal windows predate their limit)
     * @param tier2RateBps   measured Tier-2 rate per AP and direction (-1: unknown), see {@link FlowTiers}
     * @param previous       the previous limits (BW_i)
     * @param law            the signal, the Eq. (4) step and the optional validation
     * @param regulateUplink whether both directions are regulated
     */
    Tier2Limits(NetworkSnapshot s, SignalInputs in, Measurements m, long[] tier2RateBps, RegulationState previous,
                Law law, boolean regulateUplink) {
        bps = new long[s.apCount() * 2];
        signals = new double[s.apCount() * 2];
        thresholds = new double[s.apCount() * 2];
        tier1SentBps = new long[s.apCount() * 2];
        decisions = new Tier2Decision[s.apCount() * 2];
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
                SignalReading r = law.signal.read(in, ap, key);
                int i = ap * 2 + d.ordinal();
                tier1SentBps[i] = law.stationSignal ? in.tier1SentBps(ap, key) : -1L;
                fellBack += law.stationSignal && r.source() == SignalReading.Source.AP_OCCUPANCY ? 1 : 0;
                Tier2Decision decision = law.decide(r, new Bounds(current, floor, a.capacityBps(), tier2RateBps[i]),
                        m.predatesLimit(key), tier1SentBps[i], m.tier1SentAtDecreaseBps(key),
                        m.tier1SentBeforeBps(key));
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
        held = count[Tier2Decision.Cause.WINDOW_PREDATES_LIMIT.ordinal()];
        heldRecovering = count[Tier2Decision.Cause.LAST_DECREASE_TAKING_EFFECT.ordinal()];
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
     * The control law of a profile: signal, Eq. (4) step with the signal's threshold (CTh for MacOcc, the
     * Tier-1 threshold for the Tier-1 station signal), optional validation. Immutable.
     */
    static final class Law {
        final CongestionSignal signal;
        final BandwidthRegulator regulator;
        final BandwidthRegulator stationRegulator;
        final LimitValidation validation;
        final boolean stationSignal;

        Law(RegulationParameters p) {
            this.signal = p.profile().signal().signal();
            this.regulator = new BandwidthRegulator(p.cth(), p.alpha(), p.minRateBps());
            this.stationRegulator = new BandwidthRegulator(p.tier1Threshold(), p.alpha(), p.minRateBps());
            this.validation = p.profile().validates()
                    ? new LimitValidation(p.validationHeadroom(), p.decreaseBase(), p.decreaseFactor()) : null;
            this.stationSignal = p.profile().signal() != SignalKind.AP;
        }

        /**
         * The Eq. (4) step for a reading: CTh for MacOcc (the paper's), the Tier-1 threshold for the
         * Tier-1 station signal (a station queue is not one shared MAC queue, docs/regulation.md).
         *
         * @param source where the reading came from
         * @return the step
         */
        BandwidthRegulator regulator(SignalReading.Source source) {
            return source == SignalReading.Source.TIER1_STATIONS ? stationRegulator : regulator;
        }

        /**
         * Whether the profile holds a decrease whose signal predates the limit in force
         * ({@link LimitValidation#holdsDecrease}); never in the paper profile.
         *
         * @param eq4                 the Eq. (4) step for the signal
         * @param signal              the signal, in [0, 1]
         * @param signalPredatesLimit whether the signal's window began before the limit in force
         * @return true when the limit is kept
         */
        boolean holds(BandwidthRegulator eq4, double signal, boolean signalPredatesLimit) {
            return validation != null && validation.holdsDecrease(eq4.congested(signal), signalPredatesLimit);
        }

        /**
         * Whether the profile holds a decrease because the last one is still taking effect
         * ({@link LimitValidation#recovering}); never in the paper profile.
         *
         * @param eq4            the Eq. (4) step for the signal
         * @param signal         the signal, in [0, 1]
         * @param tier1SentBps   what the Tier-1 stations sent over this window (-1: unknown)
         * @param sentAtDecrease what they sent over the window of the last decrease (-1: not supplied)
         * @return true when the limit is kept
         */
        boolean recovering(BandwidthRegulator eq4, double signal, long tier1SentBps, long sentAtDecrease) {
            return validation != null && eq4.congested(signal)
                    && validation.recovering(tier1SentBps, sentAtDecrease);
        }

        /**
         * Whether the Tier-1 demand is known not to have risen ({@link LimitValidation#steady}); never in the
         * paper profile.
         *
         * @param tier1SentBps what the Tier-1 stations sent over this window (-1: unknown)
         * @param sentBefore   what they sent over the previous window (-1: not supplied)
         * @return true when a decrease may be gentle
         */
        boolean steady(long tier1SentBps, long sentBefore) {
            return validation != null && validation.steady(tier1SentBps, sentBefore);
        }

        /**
         * Lines 3-8 for one AP and direction, with the mpsdn profile's holds and validation, and why.
         *
         * @param r                   the signal reading
         * @param b                   BW_i and its bounds
         * @param signalPredatesLimit whether the signal's window began before the limit in force
         * @param tier1Sent           what the Tier-1 stations sent over this window (-1: unknown)
         * @param sentAtDecrease      what they sent over the window of the last decrease (-1: not supplied)
         * @param sentBefore          what they sent over the previous window (-1: not supplied)
         * @return the decision
         */
        Tier2Decision decide(SignalReading r, Bounds b, boolean signalPredatesLimit, long tier1Sent,
                             long sentAtDecrease, long sentBefore) {
            long cap = capBps(b);
            if (!r.present()) {
                Tier2Decision.Cause c = r.source() == SignalReading.Source.INVALID
                        ? Tier2Decision.Cause.INVALID_SIGNAL : Tier2Decision.Cause.NO_SIGNAL;
                return new Tier2Decision(r.source(), Double.NaN, Double.NaN, b.current, b.current, cap, c);
            }
            BandwidthRegulator eq4 = regulator(r.source());
            double v = r.value();
            Tier2Decision.Cause cause;
            long next = b.current;
            if (holds(eq4, v, signalPredatesLimit)) {
                cause = Tier2Decision.Cause.WINDOW_PREDATES_LIMIT;
            } else if (recovering(eq4, v, tier1Sent, sentAtDecrease)) {
                cause = Tier2Decision.Cause.LAST_DECREASE_TAKING_EFFECT;
            } else {
                boolean steady = steady(tier1Sent, sentBefore);
                long proposed = eq4.next(b.current, v, b.capacity);
                next = step(eq4, b.current, v, b.capacity, b.floor, b.rateBps, steady);
                if (eq4.congested(v)) {
                    cause = next >= b.current ? Tier2Decision.Cause.AT_FLOOR
                            : validation != null && steady ? Tier2Decision.Cause.CUT_BY_FACTOR
                            : Tier2Decision.Cause.HALVED;
                } else {
                    cause = next < proposed ? Tier2Decision.Cause.VALIDATION_CAP
                            : next >= b.capacity && b.current >= b.capacity ? Tier2Decision.Cause.AT_CAPACITY
                            : Tier2Decision.Cause.INCREASE;
                }
            }
            return new Tier2Decision(r.source(), v, eq4.cth(), b.current, next, cap, cause);
        }

        /**
         * The highest limit an increase may reach: the capacity, or (mpsdn profile) while Tier 2 leaves the limit
         * unused, the validation cap.
         *
         * @param b BW_i and its bounds
         * @return bit/s
         */
        long capBps(Bounds b) {
            if (validation == null || !validation.applicationLimited(b.rateBps, b.current)) {
                return b.capacity;
            }
            return validation.capBps(b.rateBps, b.floor, b.capacity);
        }

        /**
         * Lines 3-8: halve when the signal is &ge; the threshold, else increase (Eq. 4); then validate.
         *
         * @param eq4      the Eq. (4) step for the signal ({@link #regulator(SignalReading.Source)})
         * @param current  BW_i
         * @param signal   the signal, in [0, 1]
         * @param capacity the AP's capacity
         * @param floor    min(R_m, capacity)
         * @param rateBps  the measured Tier-2 rate, -1 when unknown
         * @param steady   whether the Tier-1 demand is known not to have risen ({@link #steady})
         * @return BW_{i+1}
         */
        long step(BandwidthRegulator eq4, long current, double signal, long capacity, long floor, long rateBps,
                  boolean steady) {
            long next = eq4.next(current, signal, capacity);
            if (validation == null) {
                return next;
            }
            long bw = Math.max(floor, Math.min(capacity, current));
            return validation.next(next, bw, eq4.congested(signal), steady, rateBps, floor, capacity);
        }
    }
}
