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

    @Example
    void theDefaultLadderOfTheLabsWifiCellHasNineteenRungsAndRatioTwoTen() {
        long[] sqrt2 = LadderRungs.rates(100, 50_000, SQRT2);
        assertEquals(19, sqrt2.length);
        assertEquals(100, sqrt2[0]);
        assertEquals(12_800, sqrt2[14]);
        assertEquals(50_000, sqrt2[18]);
        assertArrayEquals(new long[]{100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 50_000},
                LadderRungs.rates(100, 50_000, 2.0));
    }

    @Example
    void theDynamicDemandRunsDecreasesLandOnTheRungsBelowTheirTargets() {
        long[] rates = LadderRungs.rates(100, 50_000, SQRT2);
        assertEquals(12_800, LadderRungs.quantise(rates, 16_250, OptionalLong.of(25_600)));
        assertEquals(9051, LadderRungs.quantise(rates, 12_500, OptionalLong.of(12_800)));
        assertEquals(6400, LadderRungs.quantise(rates, 6400, OptionalLong.of(12_800)));
        assertEquals("no limit yet: as a decrease", 4525, LadderRungs.quantise(rates, 5000, OptionalLong.empty()));
        assertEquals("a halving rounded 1 kbit/s below a rung", 2263,
                LadderRungs.quantise(rates, 2262, OptionalLong.of(4525)));
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
            // each rate rounded to kbit/s (or forced 1 kbit/s above the one below): at most 3 kbit/s over the ratio
            assertTrue(Arrays.toString(rates), rates[i] <= Math.round(rates[i - 1] * ratio) + 3);
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
    void anIncreaseMovesAtLeastOneRungUpAndStaysNearItsTarget(
            @ForAll @LongRange(min = 1, max = 54_000) long target,
            @ForAll("rungIndex") int index,
            @ForAll @DoubleRange(min = 1.1, max = 4.0) double ratio) {
        long[] rates = LadderRungs.rates(100, 54_000, ratio);
        long current = rates[index % rates.length];
        if (target <= current) {
            return;
        }
        long q = LadderRungs.quantise(rates, target, OptionalLong.of(current));
        assertTrue(LadderRungs.isRung(rates, q));
        assertTrue("above the limit in force unless at the top", q > current || current == rates[rates.length - 1]);
        long oneUp = rates[Math.min(rates.length - 1, index % rates.length + 1)];
        // the nearest rung on a log scale, or the next one up when that is nearer the current limit
        assertTrue(q + " for " + target + " from " + current, q == oneUp
                || (double) Math.max(q, target) / Math.min(q, target) <= Math.sqrt(ratio) * 1.01 + 1.0 / target);
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
