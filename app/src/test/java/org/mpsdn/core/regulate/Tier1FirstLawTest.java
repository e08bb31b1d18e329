package org.mpsdn.core.regulate;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * When the learned share, not the capacity, holds Tier 2 back; how far a decrease goes.
 */
public class Tier1FirstLawTest {
    private static final long CAP = 40_000_000L;
    /** r2 of a 40-Mb/s station: one probe step is 2 Mb/s of Tier-2 rate. */
    private static final double PHY = 40_000_000.0;

    @Test
    public void aCapWithinOneProbeStepAboveTheLimitIsHeldByTheShare() {
        // lab idle capacity, LTE: limit 6.25 Mb/s on a rung, the share allowed 6.4 (the next rung is 7.43)
        assertTrue(Tier1FirstLaw.heldByShare(6_250_000L, 6_400_000L, CAP, PHY));
        assertTrue(Tier1FirstLaw.heldByShare(6_250_000L, 6_250_000L, CAP, PHY)); // nothing idle
        assertTrue(Tier1FirstLaw.heldByShare(6_250_000L, 5_000_000L, CAP, PHY)); // the share below the limit
        assertTrue(Tier1FirstLaw.heldByShare(6_250_000L, 8_249_999L, CAP, PHY));
    }

    @Test
    public void roomOfAProbeStepOrTheCapacityIsNot() {
        assertFalse(Tier1FirstLaw.heldByShare(6_250_000L, 8_250_000L, CAP, PHY));
        assertFalse(Tier1FirstLaw.heldByShare(6_250_000L, 20_000_000L, CAP, PHY));
        // the capacity binds, not the share
        assertFalse(Tier1FirstLaw.heldByShare(39_000_000L, CAP, CAP, PHY));
        assertFalse(Tier1FirstLaw.heldByShare(CAP, CAP, CAP, PHY));
        // a slower Tier-2 station: one probe step is 0.3 Mb/s at 6 Mb/s
        assertFalse(Tier1FirstLaw.heldByShare(6_250_000L, 6_600_000L, CAP, 6_000_000.0));
        assertTrue(Tier1FirstLaw.heldByShare(6_250_000L, 6_500_000L, CAP, 6_000_000.0));
    }

    @Test
    public void aDecreaseHalvesWhatTier2SentAndGoesToTheFloorBelowFiveFloors() {
        long floor = 100_000L;
        assertEquals(1_500_000L, Tier1FirstLaw.decrease(CAP, 3_000_000L, floor, -1L)); // half of what Tier 2 sent
        // half the limit below it
        assertEquals(10_000_000L, Tier1FirstLaw.decrease(20_000_000L, 30_000_000L, floor, -1L));
        assertEquals(20_000_000L, Tier1FirstLaw.decrease(CAP, -1L, floor, -1L)); // no Tier-2 rate: half the limit
        assertEquals(500_000L, Tier1FirstLaw.decrease(CAP, 1_000_000L, floor, -1L)); // five floors: still a halving
        assertEquals(floor, Tier1FirstLaw.decrease(CAP, 999_998L, floor, -1L)); // below five floors: the floor
        assertEquals(floor, Tier1FirstLaw.decrease(floor, 0L, floor, -1L));
        // a capacity below R_m: the floor is the capacity, and the decrease never goes under it
        assertEquals(50_000L, Tier1FirstLaw.decrease(50_000L, 400_000L, 50_000L, -1L));
    }

    @Test
    public void aDecreaseGivesBackWhatTier2TookSinceTier1WasLastServedAtMostHalf() {
        long floor = 100_000L;
        // Tier 1 served with Tier 2 at 5.5 Mb/s, held back at 6.4: back to 5.5
        assertEquals(5_500_000L, Tier1FirstLaw.decrease(CAP, 6_400_000L, floor, 5_500_000L));
        // at most half: served at 1 Mb/s, now 6.4: 3.2
        assertEquals(3_200_000L, Tier1FirstLaw.decrease(CAP, 6_400_000L, floor, 1_000_000L));
        // Tier 2 sent no more than when Tier 1 was served (Tier 1's demand grew, or its radio fell): half
        assertEquals(3_200_000L, Tier1FirstLaw.decrease(CAP, 6_400_000L, floor, 6_400_000L));
        assertEquals(3_200_000L, Tier1FirstLaw.decrease(CAP, 6_400_000L, floor, 9_000_000L));
        // Tier 2 grew less than 10 % since (6.0 to 6.4): its growth is not what Tier 1 lacks, half
        assertEquals(3_200_000L, Tier1FirstLaw.decrease(CAP, 6_400_000L, floor, 6_000_000L));
        // below the limit in force, whatever Tier 2 sent: 5.5 under a 6.2-Mb/s limit that Tier 2 overshot
        assertEquals(5_500_000L, Tier1FirstLaw.decrease(6_200_000L, 6_400_000L, floor, 5_500_000L));
        // a decrease never raises the limit and never goes below the floor
        for (long served : new long[] {-1L, 0L, floor, 2_000_000L, CAP}) {
            long next = Tier1FirstLaw.decrease(3_000_000L, 6_400_000L, floor, served);
            assertTrue(next <= 3_000_000L && next >= floor);
        }
    }
}
