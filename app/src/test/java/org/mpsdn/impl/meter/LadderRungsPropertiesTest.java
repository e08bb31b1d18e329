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
        long[] rates = LadderRungs.rates(100, 50_000, SQRT2);
        assertEquals(25_000, LadderRungs.quantise(rates, 25_000, OptionalLong.of(50_000)));
        assertEquals(6_250, LadderRungs.quantise(rates, 6_250, OptionalLong.of(12_500)));
        assertEquals(391, LadderRungs.quantise(rates, 391, OptionalLong.of(781)));
        assertEquals(12_500, LadderRungs.quantise(rates, 16_250, OptionalLong.of(25_000)));
        assertEquals("no limit yet: as a decrease", 4419, LadderRungs.quantise(rates, 5000, OptionalLong.empty()));
        assertEquals("a halving rounded 1 kbit/s below a rung", 2210,
                LadderRungs.quantise(rates, 2209, OptionalLong.of(4419)));
        assertEquals("an increase: at least one rung up", 8839,
                LadderRungs.quantise(rates, 6300, OptionalLong.of(6250)));
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
