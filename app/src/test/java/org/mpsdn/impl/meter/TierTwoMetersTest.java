package org.mpsdn.impl.meter;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Burst sizes of the Tier-2 meters.
 */
public class TierTwoMetersTest {

    private static final long FULL_FRAME_BITS = 1518L * 8;

    @Test
    public void burstAtTheMinimumRateHoldsSeveralFullSizeFrames() {
        // R_m = 100 kb/s with the default 100 ms window: 10 kbit would be less than one frame
        long bits = TierTwoMeters.burstKbits(100, 100) * 1000;
        assertTrue("burst " + bits + " bit", bits >= 8 * FULL_FRAME_BITS);
        assertTrue(TierTwoMeters.burstKbits(1, 1) * 1000 >= 8 * FULL_FRAME_BITS);
    }

    @Test
    public void burstFollowsTheRateAboveTheMinimum() {
        assertEquals(500, TierTwoMeters.burstKbits(5000, 100));
        assertEquals(1001, TierTwoMeters.burstKbits(10_001, 100));
    }
}
