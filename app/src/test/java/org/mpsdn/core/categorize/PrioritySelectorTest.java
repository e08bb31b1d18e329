package org.mpsdn.core.categorize;

import org.junit.Test;
import org.mpsdn.core.Nets;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.AchievableThroughput;
import org.mpsdn.core.throughput.LinearCollisionModel;
import org.mpsdn.core.throughput.LteThroughputModel;
import org.mpsdn.core.throughput.ThroughputModel;
import org.mpsdn.core.throughput.WifiThroughputModel;

import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The priority-based solution, Steps 1-4.
 */
public class PrioritySelectorTest {
    /** k = 1 so that the numbers are easy to follow. */
    private static final ThroughputModel NO_COLLISIONS = new AchievableThroughput(
            new WifiThroughputModel(new LinearCollisionModel(0.0)), new LteThroughputModel());

    private static String primaryAp(NetworkSnapshot s, PrimarySelection sel, String ue) {
        int c = sel.primaryConnection(s.ueIndex(ue));
        return c < 0 ? null : s.connection(c).apId();
    }

    /**
     * M1 has the fastest connection (54 Mb/s on W1) so it is decided first and takes W1 (54 vs 24).
     * M2 (48 on W1, 40 on W2) then sees W1 shared with M1: 1 / (1/54 + 1/48) = 25.4 Mb/s, so it
     * takes W2 (40). Deciding M2 first would put both on W1: the order matters.
     */
    @Test
    public void decreasingPhyRateOrder() {
        Nets n = new Nets().wifi("W1", 1_000_000_000L).wifi("W2", 1_000_000_000L)
                .ue("M1", true).ue("M2", true)
                .conn("M2", "W1", -50, 48_000_000).conn("M2", "W2", -55, 40_000_000)
                .conn("M1", "W1", -45, 54_000_000).conn("M1", "W2", -70, 24_000_000);
        NetworkSnapshot s = n.build();
        PrimarySelection sel = new PrioritySelector().select(s, NO_COLLISIONS, null, 0.0);
        assertEquals("W1", primaryAp(s, sel, "M1"));
        assertEquals("W2", primaryAp(s, sel, "M2"));
        int m2w1 = s.connectionIndex(s.ueIndex("M2"), "W1");
        assertEquals(1 / (1 / 54e6 + 1 / 48e6), sel.estimatedThroughputBps(m2w1), 1e-3);
    }

    @Test
    public void singlePathUsersCountFromTheStart() {
        // S sits on W1 at 6 Mb/s: for M, W1 would give 1 / (1/6 + 1/54) = 5.4 Mb/s, W2 gives 20 Mb/s
        Nets n = new Nets().wifi("W1", 1_000_000_000L).wifi("W2", 1_000_000_000L)
                .ue("S", false).ue("M", true)
                .conn("S", "W1", -85, 6_000_000)
                .conn("M", "W1", -40, 54_000_000).conn("M", "W2", -75, 20_000_000);
        NetworkSnapshot s = n.build();
        PrimarySelection sel = new PrioritySelector().select(s, NO_COLLISIONS, null, 0.0);
        assertEquals("W2", primaryAp(s, sel, "M"));
        assertEquals("W1", primaryAp(s, sel, "S"));
    }

    @Test
    public void exactTiesGoToTheBetterRankedConnection() {
        // identical links on two empty APs: same throughput, same PHY rate and RSSI: AP id decides
        Nets n = new Nets().wifi("B", 1_000_000_000L).wifi("A", 1_000_000_000L).ue("M", true)
                .conn("M", "B", -50, 54_000_000).conn("M", "A", -50, 54_000_000);
        for (long seed = 0; seed < 10; seed++) {
            NetworkSnapshot s = n.buildShuffled(new Random(seed));
            assertEquals("A", primaryAp(s, new PrioritySelector().select(s, NO_COLLISIONS, null, 0), "M"));
        }
        // equal throughput, higher RSSI wins
        Nets m = new Nets().wifi("B", 1_000_000_000L).wifi("A", 1_000_000_000L).ue("M", true)
                .conn("M", "B", -40, 54_000_000).conn("M", "A", -50, 54_000_000);
        NetworkSnapshot s = m.build();
        assertEquals("B", primaryAp(s, new PrioritySelector().select(s, NO_COLLISIONS, null, 0), "M"));
    }

    @Test
    public void hysteresisKeepsThePreviousPrimaryWithinTheMargin() {
        // W1 gives 54, W2 gives 48: without hysteresis W1; previous W2 with h = 0.2 stays (54 <= 1.2 * 48)
        Nets n = new Nets().wifi("W1", 1_000_000_000L).wifi("W2", 1_000_000_000L).ue("M", true)
                .conn("M", "W1", -50, 54_000_000).conn("M", "W2", -50, 48_000_000);
        NetworkSnapshot s = n.build();
        int ue = s.ueIndex("M");
        int[] prev = {s.connectionIndex(ue, "W2")};
        assertEquals("W1", primaryAp(s, new PrioritySelector().select(s, NO_COLLISIONS, null, 0.0), "M"));
        assertEquals("W2", primaryAp(s, new PrioritySelector().select(s, NO_COLLISIONS, prev, 0.2), "M"));
        // h = 0.1: 54 > 1.1 * 48 = 52.8, so it switches
        assertEquals("W1", primaryAp(s, new PrioritySelector().select(s, NO_COLLISIONS, prev, 0.1), "M"));
    }

    @Test
    public void deviceWithoutConnectionsHasNoPrimary() {
        Nets n = new Nets().wifi("W1", 1_000_000_000L).ue("M", true).ue("X", true)
                .conn("M", "W1", -50, 54_000_000);
        NetworkSnapshot s = n.build();
        PrimarySelection sel = new PrioritySelector().select(s, NO_COLLISIONS, null, 0.0);
        assertEquals(-1, sel.primaryConnection(s.ueIndex("X")));
        assertTrue(sel.isPrimary(s.ueIndex("M"), s.connectionIndex(s.ueIndex("M"), "W1")));
    }
}
