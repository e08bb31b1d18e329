package org.mpsdn.impl.meter;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;

import java.util.Arrays;
import java.util.OptionalLong;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * jqwik: the rates of a meter ladder and the quantisation of a target to a rung.
 */
class LadderRungsPropertiesTest {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double FOURTH_ROOT2 = Math.pow(2, 0.25);

    @Example
    void theDefaultLadderOfTheLabsWifiCellHasNineteenRungsAndRatioTwoTen() {
        long[] sqrt2 = LadderRungs.rates(100, 50_000, SQRT2);
        assertEquals(19, sqrt2.length);
        assertEquals(100, sqrt2[0]);
        assertEquals(138, sqrt2[1]);
        assertEquals(6_250, sqrt2[12]);
        assertEquals(12_500, sqrt2[14]);
        assertEquals(25_000, sqrt2[16]);
        assertEquals(50_000, sqrt2[18]);
        assertArrayEquals(new long[]{100, 195, 391, 781, 1563, 3125, 6250, 12_500, 25_000, 50_000},
                LadderRungs.rates(100, 50_000, 2.0));
        assertArrayEquals("R_m above the capacity", new long[]{300}, LadderRungs.rates(1000, 300, SQRT2));
    }

    @Example
    void halvingsFromTheCapacityLandOnRungsOthersOnTheRungBelow() {
        // the paper's decrease, BW / 2, from the capacity down to the floor: every 2nd rung for sqrt(2), every 4th
        // for 2^(1/4) (a halving rounded 1 kbit/s below a rung counts as at it: 3125 / 2 = 1562 -> 1563)
        long[] bySqrt2 = {50_000, 25_000, 12_500, 6_250, 3_125, 1_562, 781, 391, 195, 100};
        assertHalvingsLandOnRungs(SQRT2, 2, bySqrt2);
        long[] byFourthRoot2 = {50_000, 25_000, 12_500, 6_250, 3_125, 1_563, 781, 391, 195, 100};
        assertHalvingsLandOnRungs(FOURTH_ROOT2, 4, byFourthRoot2);
        long[] sqrt2 = LadderRungs.rates(100, 50_000, SQRT2);
        assertEquals(12_500, LadderRungs.quantise(sqrt2, 16_250, OptionalLong.of(25_000)));
        assertEquals("no limit yet: as a decrease", 4419, LadderRungs.quantise(sqrt2, 5000, OptionalLong.empty()));
        assertEquals("a halving rounded 1 kbit/s below a rung", 2210,
                LadderRungs.quantise(sqrt2, 2209, OptionalLong.of(4419)));
        long[] fourth = LadderRungs.rates(100, 50_000, FOURTH_ROOT2);
        assertEquals("50000 / 2^(7/4)", 14_865, LadderRungs.quantise(fourth, 16_250, OptionalLong.of(25_000)));
        assertEquals("50000 / 2^(13/4)", 5_256, LadderRungs.quantise(fourth, 5_300, OptionalLong.empty()));
    }

    @Example
    void anIncreaseWithinARungStepsOneRungUpWhenTheLawsCapAllowsIt() {
        long[] fourth = LadderRungs.rates(100, 50_000, FOURTH_ROOT2);
        OptionalLong at = OptionalLong.of(5_256);
        // the lab's Wi-Fi idle capacity: BW 5256, the cap (what Tier 1 leaves) 6444, alpha 0.5 -> target 5850
        assertEquals("without the cap: stuck on the rung", 5_256, LadderRungs.quantise(fourth, 5_850, at));
        assertEquals("one rung up, within the cap", 6_250,
                LadderRungs.quantise(fourth, 5_850, at, OptionalLong.of(6_444)));
        assertEquals("the rung above is past the cap: kept", 5_256,
                LadderRungs.quantise(fourth, 5_500, at, OptionalLong.of(5_744)));
        assertEquals("a target past a rung: the rung at or below it, as before", 7_433,
                LadderRungs.quantise(fourth, 7_500, at, OptionalLong.of(9_000)));
        assertEquals("a decrease ignores the cap", 4_419,
                LadderRungs.quantise(fourth, 4_500, at, OptionalLong.of(50_000)));
        assertEquals("at the capacity: no rung above", 50_000,
                LadderRungs.quantise(fourth, 50_001, OptionalLong.of(50_000), OptionalLong.of(60_000)));
    }

    @Property
    void anIncreaseNeverPassesTheCapNorFallsBelowTheLimitInForce(@ForAll @LongRange(min = 100, max = 50_000) long cur,
                                                                 @ForAll @LongRange(min = 1, max = 50_000) long up,
                                                                 @ForAll @LongRange(min = 0, max = 50_000) long more) {
        long[] fourth = LadderRungs.rates(100, 50_000, FOURTH_ROOT2);
        long current = LadderRungs.quantise(fourth, cur, OptionalLong.empty());
        long target = current + up;
        long cap = target + more;
        long rung = LadderRungs.quantise(fourth, target, OptionalLong.of(current), OptionalLong.of(cap));
        assertTrue(LadderRungs.isRung(fourth, rung));
        assertTrue(rung >= current);
        assertTrue("within the cap, or the rung the target alone gives",
                rung <= cap + 1 || rung == LadderRungs.quantise(fourth, target, OptionalLong.of(current)));
    }

    /** Halves the limit from the capacity down, each result quantised as a decrease from the limit before. */
    private static void assertHalvingsLandOnRungs(double ratio, int rungsPerHalving, long[] expected) {
        long[] rates = LadderRungs.rates(100, 50_000, ratio);
        assertEquals(50_000, rates[rates.length - 1]);
        long limit = 50_000;
        for (int k = 1; k < expected.length; k++) {
            limit = LadderRungs.quantise(rates, limit / 2, OptionalLong.of(limit));
            assertEquals("halving " + k + " at ratio " + ratio, expected[k], limit);
            assertEquals("the rung " + rungsPerHalving + " below the last",
                    rates[rates.length - 1 - k * rungsPerHalving], limit);
        }
    }

    @Example
    void anIncreaseTakesTheHighestRungAtOrBelowItsTargetNotLessThanTheCurrentOne() {
        long[] sqrt2 = LadderRungs.rates(100, 50_000, SQRT2);
        assertEquals("the next rung (8839) is above the target", 6_250,
                LadderRungs.quantise(sqrt2, 6_300, OptionalLong.of(6_250)));
        assertEquals(8_839, LadderRungs.quantise(sqrt2, 9_000, OptionalLong.of(6_250)));
        assertEquals("several rungs at once", 35_355, LadderRungs.quantise(sqrt2, 49_000, OptionalLong.of(6_250)));
        long[] fourth = LadderRungs.rates(100, 50_000, FOURTH_ROOT2);
        assertEquals(6_250, LadderRungs.quantise(fourth, 7_431, OptionalLong.of(6_250)));
        assertEquals("1 kbit/s below a rung counts as at it", 7_433,
                LadderRungs.quantise(fourth, 7_432, OptionalLong.of(6_250)));
        assertEquals(7_433, LadderRungs.quantise(fourth, 8_837, OptionalLong.of(6_250)));
        assertEquals(8_839, LadderRungs.quantise(fourth, 8_839, OptionalLong.of(6_250)));
    }

    @Property(tries = 300)
    void ratesRunFromTheFloorToTheCapacityByAtMostTheRatio(
            @ForAll @LongRange(min = 1, max = 1_000_000) long floor,
            @ForAll @LongRange(min = 1, max = 10_000_000) long capacity,
            @ForAll @DoubleRange(min = 1.1, max = 4.0) double ratio) {
        long[] rates = LadderRungs.rates(floor, capacity, ratio);
        assertEquals(Math.min(floor, capacity), rates[0]);
        assertEquals(capacity, rates[rates.length - 1]);
        for (int i = 1; i < rates.length; i++) {
            assertTrue(Arrays.toString(rates), rates[i] > rates[i - 1]);
            // each rate rounded to kbit/s: at most 3 kbit/s over the ratio; the floor's gap up to ratio^1.5
            double gap = i == 1 ? Math.pow(ratio, 1.5) : ratio;
            assertTrue(Arrays.toString(rates), rates[i] <= Math.round(rates[i - 1] * gap) + 3);
        }
    }

    @Property(tries = 1000)
    void aDecreaseGoesToTheHighestRungAtOrBelowItsTarget(
            @ForAll @LongRange(min = 1, max = 200_000) long target,
            @ForAll @LongRange(min = 1, max = 200_000) long current,
            @ForAll @DoubleRange(min = 1.1, max = 4.0) double ratio) {
        long[] rates = LadderRungs.rates(100, 54_000, ratio);
        if (target >= current) {
            return;
        }
        long q = LadderRungs.quantise(rates, target, OptionalLong.of(current));
        assertTrue(LadderRungs.isRung(rates, q));
        if (target >= rates[0]) {
            assertTrue("never rounded up (beyond kbit/s rounding)", q <= target + 1);
            for (long r : rates) {
                assertTrue("no higher rung at or below the target", r <= q || r > target + 1);
            }
        } else {
            assertEquals("below the floor: the floor", rates[0], q);
        }
    }

    @Property(tries = 1000)
    void anIncreaseGoesToTheHighestRungAtOrBelowItsTargetNeverBelowTheCurrentRung(
            @ForAll @LongRange(min = 1, max = 60_000) long target,
            @ForAll("rungIndex") int index,
            @ForAll @DoubleRange(min = 1.1, max = 4.0) double ratio) {
        long[] rates = LadderRungs.rates(100, 54_000, ratio);
        long current = rates[index % rates.length];
        if (target <= current) {
            return;
        }
        long q = LadderRungs.quantise(rates, target, OptionalLong.of(current));
        assertTrue(LadderRungs.isRung(rates, q));
        assertTrue("never below the rung in force", q >= current);
        // never past the target (beyond kbit/s rounding), unless the rung in force already is
        assertTrue(q + " for " + target + " from " + current, q <= Math.max(target + 1, current));
        for (long r : rates) {
            assertTrue("no higher rung at or below the target: " + r, r <= q || r > target + 1);
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Integer> rungIndex() {
        return net.jqwik.api.Arbitraries.integers().between(0, 200);
    }

    @Property(tries = 500)
    void aRungInForceStaysWhenTheTargetEqualsIt(
            @ForAll("rungIndex") int index,
            @ForAll @DoubleRange(min = 1.1, max = 4.0) double ratio) {
        long[] rates = LadderRungs.rates(100, 54_000, ratio);
        long rung = rates[index % rates.length];
        assertEquals(rung, LadderRungs.quantise(rates, rung, OptionalLong.of(rung)));
    }
}
