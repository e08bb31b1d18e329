package org.mpsdn.core.regulate;

import org.mpsdn.core.model.Checks;

/**
 * One step of Algorithm 2 / Eq. (4) for one AP and direction, with the increase as the paper's
 * text states it (see the erratum in shared/seeds/README.md):
 * <pre>
 *   BW_{i+1} = max(R_m, BW_i / 2)                                       if MacOcc &ge; CTh
 *   BW_{i+1} = BW_i + BW_i &middot; &alpha; &middot; (CTh &minus; MacOcc) / max(MacOcc, &epsilon;)
 *                                                                       if MacOcc &lt; CTh
 * </pre>
 * and the result always kept within [min(R_m, C), C] for the AP's capacity C: the
 * floor &epsilon; = {@value #MIN_OCCUPANCY} avoids dividing by zero (an idle AP jumps to its capacity);
 * increases round up so that any occupancy below CTh raises a limit that is below C.
 */
public final class BandwidthRegulator {
    /** Occupancy below which the increase treats the AP as idle (no division by zero). */
    public static final double MIN_OCCUPANCY = 1e-6;

    private final double cth;
    private final double alpha;
    private final long minRateBps;

    /**
     * Creates the regulator.
     *
     * @param cth        congestion threshold, in (0, 1]
     * @param alpha      aggressiveness factor, in (0, 1)
     * @param minRateBps R_m in bit/s, &ge; 1
     * @throws IllegalArgumentException naming a bad value and its range
     */
    public BandwidthRegulator(double cth, double alpha, long minRateBps) {
        this.cth = Checks.inLeftOpenRange("cth", cth, 0.0, 1.0);
        this.alpha = Checks.inOpenRange("alpha", alpha, 0.0, 1.0);
        this.minRateBps = Checks.inRange("minRateBps", minRateBps, 1, Long.MAX_VALUE);
    }

    /**
     * The lowest limit an AP of this capacity may get: R_m, or the capacity if that is smaller.
     *
     * @param capacityBps AP capacity, bit/s
     * @return min(R_m, capacity)
     */
    public long floorBps(long capacityBps) {
        return Math.min(minRateBps, capacityBps);
    }

    /** @return the threshold this step compares the signal with (CTh) */
    public double cth() {
        return cth;
    }

    /**
     * Whether a signal value calls for a decrease (Algorithm 2, line 3).
     *
     * @param signal the congestion signal, in [0, 1]
     * @return signal &ge; CTh
     */
    public boolean congested(double signal) {
        return signal >= cth;
    }

    /**
     * Computes the next Tier-2 limit.
     *
     * @param currentBps  current limit BW_i, bit/s (first clamped into [floor, capacity])
     * @param macOcc      average MAC queue occupancy ratio over the last interval, in [0, 1]
     * @param capacityBps the AP's capacity, bit/s, &ge; 1
     * @return BW_{i+1} in [min(R_m, capacity), capacity]
     * @throws IllegalArgumentException if macOcc is NaN or outside [0, 1], or capacity &lt; 1
     */
    public long next(long currentBps, double macOcc, long capacityBps) {
        Checks.inRange("macOcc", macOcc, 0.0, 1.0);
        Checks.inRange("capacityBps", capacityBps, 1, Long.MAX_VALUE);
        long floor = floorBps(capacityBps);
        long bw = Math.max(floor, Math.min(capacityBps, currentBps));
        if (macOcc >= cth) {
            return Math.max(floor, bw / 2);
        }
        double occ = Math.max(macOcc, MIN_OCCUPANCY);
        double increased = bw + bw * (alpha * (cth - occ) / occ);
        if (increased >= capacityBps) {
            return capacityBps;
        }
        return Math.max(floor, Math.min(capacityBps, (long) Math.ceil(increased)));
    }

    @Override
    public String toString() {
        return "BandwidthRegulator{cth=" + cth + ", alpha=" + alpha + ", minRateBps=" + minRateBps + "}";
    }
}
