package org.mpsdn.core.regulate;

import org.junit.Test;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * When the learned share, not the capacity, holds Tier 2 back.
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
}
