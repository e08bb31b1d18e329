package org.mpsdn.impl.meter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;

/**
 * The rates of a meter ladder and the quantisation of a Tier-2 target to one of them (pure arithmetic).
 * <p>
 * The rungs run geometrically down from the capacity by the ratio, each rate rounded to kbit/s, to the floor
 * {@code min(R_m, capacity)} (a rung less than sqrt(ratio) above the floor is left out). Counted from the
 * capacity, halving a rung (the paper's decrease) lands on a rung when the ratio is 2^(1/4), sqrt(2) or 2, as the
 * halvings from the capacity did before the ladder. A target goes to
 * <ul>
 * <li>the highest rung at or below it when it is below the current limit, or when no limit is in force
 *     (a decrease answers congestion: it is not rounded up, save that a rung 1 kbit/s above the target counts
 *     as at it, both being rounded to kbit/s; a target below the floor goes to the floor);</li>
 * <li>the highest rung at or below it, and at least the current limit, when it is above the current limit:
 *     an increase never steps past its target, so a raise to the idle capacity does not take Tier 1's share;
 *     but when that is the current limit and the law allowed more (its cap: the capacity Tier 1 leaves), the
 *     rung above the current limit if it is within the cap. Without this an increase that closes a share of
 *     the gap to the cap never leaves a rung while the cap is less than (1 + 1/&alpha;) rungs above it: 1.38
 *     times the limit at &alpha; 0.5 and the ratio 2^(1/4) (lab idle capacity: the Wi-Fi limit stayed on one
 *     rung 0.73-0.82 of the cap for 20 s);</li>
 * <li>the current limit when it equals it and the current limit is a rung (else as a decrease).</li>
 * </ul>
 * The core holds a limit by deciding the limit in force (a rung) again.
 */
public final class LadderRungs {
    /** Ratio that disables the ladder: every step adds a meter at the exact target (make-before-break). */
    public static final double NO_LADDER = 1.0;
    /** Smallest ratio of a ladder (about 66 rungs for 100 kbit/s to 50 Mbit/s). */
    public static final double MIN_RATIO = 1.1;
    /** Largest ratio of a ladder. */
    public static final double MAX_RATIO = 4.0;

    private LadderRungs() {
    }

    /**
     * The rates of a ladder.
     *
     * @param floorKbps    the floor R_m in kbit/s (positive)
     * @param capacityKbps the AP's capacity in kbit/s (positive), the top rung
     * @param ratio        the ratio of two consecutive rungs, in [{@link #MIN_RATIO}, {@link #MAX_RATIO}]
     * @return strictly increasing rates from {@code min(floor, capacity)} to {@code capacity}, consecutive ones at
     *         most the ratio apart (up to rounding; the floor and the rung above it at most ratio^1.5)
     */
    public static long[] rates(long floorKbps, long capacityKbps, double ratio) {
        if (floorKbps <= 0 || capacityKbps <= 0) {
            throw new IllegalArgumentException("floor and capacity must be positive, were " + floorKbps + ", "
                    + capacityKbps);
        }
        if (!(ratio >= MIN_RATIO && ratio <= MAX_RATIO)) {
            throw new IllegalArgumentException("ratio must be in [" + MIN_RATIO + ", " + MAX_RATIO + "], was "
                    + ratio);
        }
        long floor = Math.min(floorKbps, capacityKbps);
        double lowest = floor * Math.sqrt(ratio); // a rung nearer the floor than this would hardly differ from it
        List<Long> rungs = new ArrayList<>();
        rungs.add(capacityKbps);
        for (int k = 1; ; k++) {
            long r = Math.round(capacityKbps / Math.pow(ratio, k));
            if (r < lowest || r <= floor) {
                break;
            }
            if (r < rungs.get(rungs.size() - 1)) {
                rungs.add(r);
            }
        }
        if (floor < rungs.get(rungs.size() - 1)) {
            rungs.add(floor);
        }
        Collections.reverse(rungs);
        return rungs.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * The rung a target goes to (see the class comment).
     *
     * @param rates   the ladder's rates, strictly increasing
     * @param target  the core's target in kbit/s
     * @param current the limit in force (or the newest one pending), empty when none
     * @return one of the rates
     */
    public static long quantise(long[] rates, long target, OptionalLong current) {
        return quantise(rates, target, current, OptionalLong.empty());
    }

    /**
     * The rung a target goes to, an increase at least one rung while the law's cap allows it (see the class
     * comment).
     *
     * @param rates   the ladder's rates, strictly increasing
     * @param target  the core's target in kbit/s
     * @param current the limit in force (or the newest one pending), empty when none
     * @param capKbps the highest limit the law allowed this cycle, empty when it said none
     * @return one of the rates
     */
    public static long quantise(long[] rates, long target, OptionalLong current, OptionalLong capKbps) {
        if (current.isPresent() && target > current.getAsLong()) {
            long cur = current.getAsLong();
            long rung = Math.max(atOrBelow(rates, target + 1), atOrBelow(rates, cur + 1));
            if (rung <= cur && capKbps.isPresent()) {
                long above = above(rates, cur);
                return above > cur && above <= capKbps.getAsLong() + 1 ? above : rung;
            }
            return rung;
        }
        if (current.isPresent() && target == current.getAsLong() && isRung(rates, target)) {
            return target;
        }
        return atOrBelow(rates, target + 1);
    }

    /**
     * Whether a rate is a rung.
     *
     * @param rates the ladder's rates
     * @param rate  a rate
     * @return true if rate is one of them
     */
    public static boolean isRung(long[] rates, long rate) {
        return Arrays.binarySearch(rates, rate) >= 0;
    }

    /** The lowest rung above a rate, the highest rung if none. */
    private static long above(long[] rates, long rate) {
        int i = Arrays.binarySearch(rates, rate);
        int next = i >= 0 ? i + 1 : -i - 1;
        return rates[Math.min(rates.length - 1, next)];
    }

    /** The highest rung at or below a rate, the floor if none. */
    private static long atOrBelow(long[] rates, long rate) {
        int i = Arrays.binarySearch(rates, rate);
        if (i >= 0) {
            return rates[i];
        }
        int insertion = -i - 1;
        return rates[Math.max(0, insertion - 1)];
    }
}
