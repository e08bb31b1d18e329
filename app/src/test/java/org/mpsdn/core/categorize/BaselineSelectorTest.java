package org.mpsdn.core.categorize;

import org.junit.Test;
import org.mpsdn.core.Nets;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.AchievableThroughput;
import org.mpsdn.core.throughput.LinearCollisionModel;
import org.mpsdn.core.throughput.LteThroughputModel;
import org.mpsdn.core.throughput.ThroughputModel;
import org.mpsdn.core.throughput.WifiThroughputModel;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * The baseline solution: B_f filtering, then estimation with the rest active.
 */
public class BaselineSelectorTest {
    private static final ThroughputModel NO_COLLISIONS = new AchievableThroughput(
            new WifiThroughputModel(new LinearCollisionModel(0.0)), new LteThroughputModel());

    @Test
    public void filterPercentFormula() {
        // B_f = 100 - 100 * N_d / N_c
        assertEquals(25.0, BaselineSelector.filterPercent(3, 4), 1e-12);
        assertEquals(100.0 - 100.0 * 30 / 45, BaselineSelector.filterPercent(30, 45), 1e-12);
        assertEquals(0.0, BaselineSelector.filterPercent(5, 5), 0.0);
        assertEquals(50.0, BaselineSelector.filterPercent(10, 20), 0.0);
        assertEquals(0.0, BaselineSelector.filterPercent(0, 0), 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BaselineSelector.filterPercent(5, 4));
        assertEquals("devices and connections must satisfy 0 <= devices <= connections, were 5 and 4",
                e.getMessage());
    }

    @Test
    public void filterQuotaIsFloorOfPercentOfApConnections() {
        // B_f = 50 %: 5 connections -> 2, 4 -> 2, 1 -> 0
        assertEquals(2, BaselineSelector.filterQuota(5, 10, 20));
        assertEquals(2, BaselineSelector.filterQuota(4, 10, 20));
        assertEquals(0, BaselineSelector.filterQuota(1, 10, 20));
        // B_f = 100/3 %: 3 connections -> 1 exactly (no floating-point 0.999...)
        assertEquals(1, BaselineSelector.filterQuota(3, 2, 3));
    }

    /**
     * Four devices, six connections: B_f = 100 - 100 * 4/6 = 33.3 %. On AP "A" (4 connections)
     * floor(4/3) = 1 is filtered: the weakest is S's, but it is S's last connection, so the next
     * weakest, M1's, goes. On AP "B" (2 connections) none is filtered.
     */
    @Test
    public void filtersLowestRssiButNeverALastConnection() {
        Nets n = new Nets().wifi("A", 1_000_000_000L).wifi("B", 1_000_000_000L)
                .ue("S", false).ue("M1", true).ue("M2", true).ue("T", false)
                .conn("S", "A", -90, 6_000_000)
                .conn("M1", "A", -80, 12_000_000).conn("M1", "B", -60, 24_000_000)
                .conn("M2", "A", -50, 54_000_000).conn("M2", "B", -70, 18_000_000)
                .conn("T", "A", -40, 65_000_000);
        NetworkSnapshot s = n.build();
        PrimarySelection sel = new BaselineSelector().select(s, NO_COLLISIONS, null, 0.0);
        assertEquals(1, sel.filteredConnections());
        int m1 = s.ueIndex("M1");
        assertFalse(sel.active(s.connectionIndex(m1, "A")));
        assertTrue(sel.active(s.connectionIndex(s.ueIndex("S"), "A")));
        // M1's only remaining connection is B
        assertEquals("B", s.connection(sel.primaryConnection(m1)).apId());
        // A carries S, M2, T: 1/(1/6 + 1/54 + 1/65) Mb/s each = 4.98; B carries M1, M2: 1/(1/24 + 1/18) = 10.3
        int m2 = s.ueIndex("M2");
        assertEquals("B", s.connection(sel.primaryConnection(m2)).apId());
        assertEquals(1 / (1 / 24e6 + 1 / 18e6), sel.estimatedThroughputBps(s.connectionIndex(m2, "B")), 1e-3);
    }

    @Test
    public void everyDeviceKeepsAConnection() {
        Nets n = Nets.random(7, 6, 60, 0.7, 200_000);
        NetworkSnapshot s = n.build();
        PrimarySelection sel = new BaselineSelector().select(s, new AchievableThroughput(), null, 0.0);
        assertTrue(sel.filteredConnections() > 0);
        for (int ue = 0; ue < s.ueCount(); ue++) {
            int active = 0;
            for (int k = 0; k < s.ueConnectionCount(ue); k++) {
                active += sel.active(s.ueConnection(ue, k)) ? 1 : 0;
            }
            assertEquals(s.ueConnectionCount(ue) == 0, active == 0);
            assertEquals(s.ueConnectionCount(ue) == 0, sel.primaryConnection(ue) < 0);
        }
    }
}
