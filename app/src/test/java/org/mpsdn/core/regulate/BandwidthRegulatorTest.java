package org.mpsdn.core.regulate;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * Algorithm 2 / Eq. (4) with the erratum's increase.
 */
public class BandwidthRegulatorTest {
    private static final long CAP = 50_000_000L;
    private final BandwidthRegulator r = new BandwidthRegulator(0.85, 0.5, 100_000L);

    @Test
    public void congestionHalves() {
        assertEquals(5_000_000L, r.next(10_000_000L, 0.9, CAP));
        assertEquals(5_000_000L, r.next(10_000_000L, 0.85, CAP));
        assertEquals(5_000_000L, r.next(10_000_000L, 1.0, CAP));
    }

    @Test
    public void decreaseStopsAtMinimumRate() {
        assertEquals(100_000L, r.next(150_000L, 0.95, CAP));
        assertEquals(100_000L, r.next(100_000L, 0.95, CAP));
        long bw = CAP;
        for (int i = 0; i < 20; i++) {
            bw = r.next(bw, 0.99, CAP);
        }
        assertEquals(100_000L, bw);
    }

    @Test
    public void halfOccupancyIncreases() {
        // BW + BW * 0.5 * (0.85 - 0.5) / 0.5 = 1.35 BW (the literal Eq. 4 would give 0.35 BW: a decrease)
        assertEquals(1_350_000L, r.next(1_000_000L, 0.5, CAP));
        assertEquals(135_000L, r.next(100_000L, 0.5, CAP));
    }

    @Test
    public void anyOccupancyBelowThresholdIncreases() {
        for (double occ = 0.0; occ < 0.85; occ += 0.01) {
            long next = r.next(1_000_000L, occ, CAP);
            assertTrue("occ " + occ + " gave " + next, next > 1_000_000L);
        }
        // just below CTh the increase is tiny but strictly positive
        assertEquals(1_000_001L, r.next(1_000_000L, 0.849999999, CAP));
    }

    @Test
    public void nearZeroOccupancyIsCappedAtCapacity() {
        assertEquals(CAP, r.next(1_000_000L, 0.0, CAP));
        assertEquals(CAP, r.next(100_000L, 1e-12, CAP));
        assertEquals(CAP, r.next(49_000_000L, 0.1, CAP));
        assertEquals(CAP, r.next(CAP, 0.3, CAP));
        assertEquals(Long.MAX_VALUE, r.next(Long.MAX_VALUE / 2, 0.0, Long.MAX_VALUE));
    }

    @Test
    public void limitStaysWithinBounds() {
        // an out-of-range current value (capacity shrank) is clamped first
        assertEquals(CAP / 2, r.next(4 * CAP, 0.9, CAP));
        assertEquals(CAP, r.next(4 * CAP, 0.5, CAP));
        assertEquals(100_000L, r.next(1, 0.9, CAP));
        // an AP slower than R_m gets its capacity as floor and ceiling
        assertEquals(50_000L, r.next(50_000L, 0.9, 50_000L));
        assertEquals(50_000L, r.floorBps(50_000L));
    }

    @Test
    public void rejectsBadOccupancy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> r.next(1_000_000L, 1.5, CAP));
        assertEquals("macOcc must be in [0, 1], was 1.5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> r.next(1_000_000L, Double.NaN, CAP));
        assertEquals("macOcc must be in [0, 1], was NaN", e.getMessage());
    }

    @Test
    public void rejectsBadParameters() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BandwidthRegulator(1.5, 0.5, 100_000L));
        assertEquals("cth must be in (0, 1], was 1.5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new BandwidthRegulator(0.85, 1.0, 100_000L));
        assertEquals("alpha must be in (0, 1), was 1", e.getMessage());
    }
}
