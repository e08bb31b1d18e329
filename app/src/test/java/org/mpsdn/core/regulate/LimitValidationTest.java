package org.mpsdn.core.regulate;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * Limit validation (RFC 7661's idea on the Tier-2 meter).
 */
public class LimitValidationTest {
    private static final long CAP = 50_000_000L;
    private static final long FLOOR = 100_000L;
    private final LimitValidation halfRate = new LimitValidation(0.5, DecreaseBase.RATE);
    private final LimitValidation halfLimit = new LimitValidation(0.5, DecreaseBase.LIMIT);

    @Test
    public void capIsTheRateWithHeadroomWithinFloorAndCapacity() {
        assertEquals(15_000_000L, halfRate.capBps(10_000_000L, FLOOR, CAP));
        assertEquals(FLOOR, halfRate.capBps(0L, FLOOR, CAP));
        assertEquals(FLOOR, halfRate.capBps(50_000L, FLOOR, CAP));
        assertEquals(CAP, halfRate.capBps(40_000_000L, FLOOR, CAP));
        assertEquals(CAP, halfRate.capBps(Long.MAX_VALUE, FLOOR, CAP));
        assertEquals(10_000_000L, new LimitValidation(0.0, DecreaseBase.RATE).capBps(10_000_000L, FLOOR, CAP));
    }

    @Test
    public void applicationLimitedMeansTheRateWithHeadroomIsBelowTheLimit() {
        assertTrue(halfRate.applicationLimited(9_999_999L, 15_000_000L));
        assertFalse(halfRate.applicationLimited(10_000_000L, 15_000_000L)); // 10 * 1.5 = 15: the meter binds
        assertFalse(halfRate.applicationLimited(20_000_000L, 15_000_000L));
        assertFalse(halfRate.applicationLimited(-1L, 15_000_000L)); // unknown rate
        assertTrue(halfRate.applicationLimited(0L, FLOOR));
        LimitValidation rfc = new LimitValidation(1.0, DecreaseBase.RATE); // RFC 7661: pipeACK < cwnd / 2
        assertTrue(rfc.applicationLimited(499_999L, 1_000_000L));
        assertFalse(rfc.applicationLimited(500_000L, 1_000_000L));
    }

    @Test
    public void aBindingMeterTakesAlgorithm2sIncrease() {
        // Eq. 4 proposed 50 Mb/s from 8 while Tier 2 used 10 (above 8 / 1.5): the meter binds, 50 it is
        assertEquals(CAP, halfRate.next(CAP, 8_000_000L, false, 10_000_000L, FLOOR, CAP));
        // exactly at limit / (1 + h): still bound
        assertEquals(CAP, halfRate.next(CAP, 15_000_000L, false, 10_000_000L, FLOOR, CAP));
        // TCP through a token bucket at 60 % of a 1-Mb/s limit with h = 1: bound, Eq. 4's 9 Mb/s kept
        assertEquals(9_000_000L, new LimitValidation(1.0, DecreaseBase.RATE)
                .next(9_000_000L, 1_000_000L, false, 600_000L, FLOOR, CAP));
    }

    @Test
    public void anApplicationLimitedTier2HoldsTheLimit() {
        // Tier 2 used 10 of 20 (below 20 / 1.5): Eq. 4's 50 is not taken, the limit is held (cap 15 < 20)
        assertEquals(20_000_000L, halfRate.next(CAP, 20_000_000L, false, 10_000_000L, FLOOR, CAP));
        // a proposal under the cap is kept
        assertEquals(12_000_000L, halfRate.next(12_000_000L, 10_000_000L, false, 10_000_000L, FLOOR, CAP));
        // a limit above its cap neither grows nor shrinks
        assertEquals(40_000_000L, halfRate.next(CAP, 40_000_000L, false, 10_000_000L, FLOOR, CAP));
        assertEquals(CAP, halfRate.next(CAP, CAP, false, 0L, FLOOR, CAP));
        // from the floor an idle Tier 2 earns nothing
        assertEquals(FLOOR, halfRate.next(CAP, FLOOR, false, 0L, FLOOR, CAP));
    }

    @Test
    public void decreaseHalvesTheRateOrTheLimit() {
        // limit 15, Tier 2 used 10: RATE halves 10, LIMIT keeps Algorithm 2's 7.5
        assertEquals(5_000_000L, halfRate.next(7_500_000L, 15_000_000L, true, 10_000_000L, FLOOR, CAP));
        assertEquals(7_500_000L, halfLimit.next(7_500_000L, 15_000_000L, true, 10_000_000L, FLOOR, CAP));
        // a rate above the limit (counted before the meter) halves the limit
        assertEquals(7_500_000L, halfRate.next(7_500_000L, 15_000_000L, true, 20_000_000L, FLOOR, CAP));
        // never below the floor
        assertEquals(FLOOR, halfRate.next(FLOOR, 15_000_000L, true, 0L, FLOOR, CAP));
    }

    @Test
    public void aDecreaseMultipliesByTheFactor() {
        LimitValidation rung = new LimitValidation(1.0, DecreaseBase.RATE, Math.sqrt(0.5));
        // limit 12.5, Tier 2 used 12: 12 / sqrt(2) = 8.485 (Algorithm 2 would have proposed 6.25)
        assertEquals(8_485_281L, rung.next(6_250_000L, 12_500_000L, true, 12_000_000L, FLOOR, CAP));
        // one rung of a sqrt(2) ladder from 12.5 Mb/s lands (rounded down) within 1 bit/s of the rung 8.839
        assertEquals(8_838_834L, rung.next(6_250_000L, 12_500_000L, true, 20_000_000L, FLOOR, CAP));
        // without a rate: the limit times the factor, not Algorithm 2's halving
        assertEquals(8_838_834L, rung.next(6_250_000L, 12_500_000L, true, -1L, FLOOR, CAP));
        // never below the floor, never above the limit
        assertEquals(FLOOR, rung.next(FLOOR, 12_500_000L, true, 0L, FLOOR, CAP));
        assertEquals(FLOOR, rung.next(FLOOR, FLOOR, true, 50_000_000L, FLOOR, CAP));
        assertThrows(IllegalArgumentException.class, () -> new LimitValidation(1.0, DecreaseBase.RATE, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new LimitValidation(1.0, DecreaseBase.RATE, 0.0));
        assertThrows(IllegalArgumentException.class, () -> new LimitValidation(1.0, DecreaseBase.RATE, Double.NaN));
    }

    @Test
    public void aDecreaseIsGentleOnlyWhileTheTier1DemandIsKnownNotToHaveRisen() {
        LimitValidation rung = new LimitValidation(1.0, DecreaseBase.RATE, Math.sqrt(0.5));
        assertEquals(8_485_281L, rung.next(6_250_000L, 12_500_000L, true, true, 12_000_000L, FLOOR, CAP));
        // not steady (the demand rose, or it is unknown): Algorithm 2's half
        assertEquals(6_000_000L, rung.next(6_250_000L, 12_500_000L, true, false, 12_000_000L, FLOOR, CAP));
        assertEquals(6_250_000L, rung.next(6_250_000L, 12_500_000L, true, false, -1L, FLOOR, CAP));
        // an increase is not affected
        assertEquals(CAP, rung.next(CAP, 8_000_000L, false, false, 10_000_000L, FLOOR, CAP));
        // steady: both known and less than 10 % more than over the previous window
        assertTrue(rung.steady(32_999_999L, 30_000_000L));
        assertTrue(rung.steady(20_000_000L, 30_000_000L));
        assertTrue(rung.steady(0L, 0L));
        assertFalse(rung.steady(33_000_000L, 30_000_000L));
        assertFalse(rung.steady(1L, 0L)); // from nothing to something: the demand rose
        assertFalse(rung.steady(33_000_000L, -1L));
        assertFalse(rung.steady(-1L, 30_000_000L));
    }

    @Test
    public void withoutARateTheStepIsAlgorithm2s() {
        assertEquals(CAP, halfRate.next(CAP, 40_000_000L, false, -1L, FLOOR, CAP));
        assertEquals(7_500_000L, halfRate.next(7_500_000L, 15_000_000L, true, -1L, FLOOR, CAP));
    }

    @Test
    public void rejectsBadParameters() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LimitValidation(-0.1, DecreaseBase.RATE));
        assertEquals("headroom must be in [0, 10], was -0.1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LimitValidation(Double.NaN, DecreaseBase.RATE));
        assertEquals("headroom must be in [0, 10], was NaN", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LimitValidation(0.5, null));
        assertEquals("decrease must not be null", e.getMessage());
    }

    @Test
    public void onlyADecreaseOnAWindowThatPredatesTheLimitIsHeld() {
        assertTrue(halfRate.holdsDecrease(true, true));
        assertFalse(halfRate.holdsDecrease(true, false));
        assertFalse(halfRate.holdsDecrease(false, true));
        assertFalse(halfLimit.holdsDecrease(false, false));
    }

    @Test
    public void aDecreaseIsStillTakingEffectWhileTier1SendsTenPercentMore() {
        LimitValidation v = new LimitValidation(1.0, DecreaseBase.RATE);
        assertTrue(v.recovering(11_000_000L, 10_000_000L));
        assertFalse(v.recovering(10_999_999L, 10_000_000L));
        assertFalse("unknown now", v.recovering(-1L, 10_000_000L));
        assertFalse("no decrease to compare with", v.recovering(11_000_000L, -1L));
        assertFalse("Tier 1 sent nothing", v.recovering(0L, 0L));
        assertTrue(v.recovering(1L, 0L));
    }
}
