package org.mpsdn.core.throughput;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Connection;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.core.Expect.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Eq. (1)-(2) on hand-computed cases.
 */
public class WifiThroughputModelTest {
    private static final double EPS = 1e-6;
    private static final AccessPoint AP = new AccessPoint("w", ApKind.WIFI, 10_000_000_000L);

    @Test
    public void eq2TwoStationsNoCollisions() {
        // T_w = 2 / (1/54 + 1/6) Mb/s = 2 / (10/54) = 10.8 Mb/s
        assertEquals(10.8e6, WifiThroughputModel.apThroughput(1.0, 54e6, 6e6), 1e-3);
    }

    @Test
    public void eq2WithCollisionFactor() {
        // k = 1.2: T_w = 10.8 / 1.2 = 9 Mb/s
        assertEquals(9.0e6, WifiThroughputModel.apThroughput(1.2, 54e6, 6e6), 1e-3);
    }

    @Test
    public void eq2EqualRatesIsRateOverK() {
        assertEquals(54e6 / 1.5, WifiThroughputModel.apThroughput(1.5, 54e6, 54e6, 54e6), 1e-3);
    }

    @Test
    public void eq2RejectsBadInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WifiThroughputModel.apThroughput(1.0, 54e6, 0.0));
        assertTrue(e.getMessage(), e.getMessage().startsWith("phyRatesBps[1] must be in (0, "));
        e = assertThrows(IllegalArgumentException.class, () -> WifiThroughputModel.apThroughput(0.5, 54e6));
        assertTrue(e.getMessage(), e.getMessage().startsWith("meanTransmissions must be in [1, "));
    }

    @Test
    public void loadMatchesEq2WithLinearCollisions() {
        WifiThroughputModel m = new WifiThroughputModel(new LinearCollisionModel(0.1));
        ApLoad load = m.newLoad(AP);
        Connection fast = new Connection("a", "w", -40, 54_000_000);
        Connection slow = new Connection("b", "w", -80, 6_000_000);
        // alone: 54 Mb/s, k(1) = 1
        assertEquals(54e6, load.throughputIfAdded(fast), EPS);
        load.add(fast);
        // with the slow one: k(2) = 1.1, each gets 1 / (1.1 * (1/54 + 1/6)) = 5.4 / 1.1 Mb/s
        assertEquals(5.4e6 / 1.1, load.throughputIfAdded(slow), 1e-3);
        load.add(slow);
        assertEquals(5.4e6 / 1.1, load.throughputOfMember(fast), 1e-3);
        assertEquals(10.8e6 / 1.1, load.apThroughput(), 1e-3);
        assertEquals(2, load.activeCount());
    }

    @Test
    public void weakStationLowersApThroughput() {
        WifiThroughputModel m = new WifiThroughputModel();
        ApLoad load = m.newLoad(AP);
        load.add(new Connection("a", "w", -40, 54_000_000));
        double before = load.apThroughput();
        load.add(new Connection("b", "w", -85, 6_000_000));
        assertTrue(load.apThroughput() < before / 4);
    }

    @Test
    public void capacityCapsTheAp() {
        WifiThroughputModel m = new WifiThroughputModel(new LinearCollisionModel(0.0));
        ApLoad load = m.newLoad(new AccessPoint("w", ApKind.WIFI, 20_000_000));
        load.add(new Connection("a", "w", -40, 54_000_000));
        assertEquals(20e6, load.apThroughput(), EPS);
        assertEquals(10e6, load.throughputIfAdded(new Connection("b", "w", -40, 54_000_000)), EPS);
    }

    @Test
    public void rejectsLteAp() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WifiThroughputModel().newLoad(new AccessPoint("l", ApKind.LTE, 1)));
        assertEquals("ap.kind must be WIFI, was LTE", e.getMessage());
    }
}
