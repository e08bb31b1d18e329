package org.mpsdn.core.throughput;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.core.Expect.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * The collision factor models.
 */
public class CollisionModelTest {

    @Test
    public void linear() {
        LinearCollisionModel m = new LinearCollisionModel(0.05);
        assertEquals(1.0, m.meanTransmissions(1), 0.0);
        assertEquals(1.45, m.meanTransmissions(10), 1e-12);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LinearCollisionModel(-1));
        assertEquals("beta must be in [0, 10], was -1", e.getMessage());
    }

    @Test
    public void bianchiOneStationNeverCollides() {
        assertEquals(1.0, new BianchiCollisionModel().meanTransmissions(1), 0.0);
    }

    @Test
    public void bianchiGrowsWithStations() {
        BianchiCollisionModel m = new BianchiCollisionModel();
        double previous = 1.0;
        for (int n = 2; n <= 600; n++) {
            double k = m.meanTransmissions(n);
            assertTrue("k(" + n + ") = " + k + " must exceed k(" + (n - 1) + ") = " + previous, k > previous);
            previous = k;
        }
    }

    @Test
    public void bianchiSolvesTheFixedPoint() {
        // W = 16, m = 6: check p = 1 - (1 - tau(p))^(n-1) with Bianchi's Eq. 7 for tau
        BianchiCollisionModel m = new BianchiCollisionModel(16, 6);
        for (int n : new int[]{2, 5, 10, 30, 100}) {
            double p = m.collisionProbability(n);
            double tau = 2 * (1 - 2 * p) / ((1 - 2 * p) * 17 + p * 16 * (1 - Math.pow(2 * p, 6)));
            assertEquals("n=" + n, p, 1 - Math.pow(1 - tau, n - 1), 1e-9);
            assertEquals(1 / (1 - p), m.meanTransmissions(n), 1e-12);
        }
    }

    @Test
    public void bianchiDocumentedValues() {
        // the values quoted in BianchiCollisionModel's Javadoc (802.11n defaults)
        BianchiCollisionModel m = new BianchiCollisionModel();
        assertEquals(1.12, m.meanTransmissions(2), 0.005);
        assertEquals(1.37, m.meanTransmissions(5), 0.005);
        assertEquals(1.62, m.meanTransmissions(10), 0.005);
        assertEquals(2.14, m.meanTransmissions(30), 0.005);
        // beyond the precomputed table the same fixed point is solved on demand
        assertEquals(1 / (1 - m.collisionProbability(700)), m.meanTransmissions(700), 1e-12);
        assertTrue(m.meanTransmissions(700) > m.meanTransmissions(BianchiCollisionModel.TABLE_SIZE));
    }

    @Test
    public void bianchiRejectsBadInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BianchiCollisionModel(1, 6));
        assertEquals("minWindow must be in [2, 1024], was 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new BianchiCollisionModel().meanTransmissions(0));
        assertTrue(e.getMessage().startsWith("activeStations must be in [1, "));
    }
}
