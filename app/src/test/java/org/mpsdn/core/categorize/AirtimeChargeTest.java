package org.mpsdn.core.categorize;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.Nets;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.AchievableThroughput;
import org.mpsdn.core.throughput.ApLoad;
import org.mpsdn.core.throughput.LinearCollisionModel;
import org.mpsdn.core.throughput.LteThroughputModel;
import org.mpsdn.core.throughput.ThroughputModel;
import org.mpsdn.core.throughput.WifiThroughputModel;

import java.util.Arrays;

import static org.junit.Assert.assertEquals;

/**
 * The airtime charge of the priority-based solution (mpsdn profile): a weak Wi-Fi link is valued by
 * its own throughput less what its AP's stations lose beyond what a newcomer at their mean rate
 * would take.
 */
public class AirtimeChargeTest {
    /** k = 1 so that the numbers are easy to follow. */
    private static final ThroughputModel NO_COLLISIONS = new AchievableThroughput(
            new WifiThroughputModel(new LinearCollisionModel(0.0)), new LteThroughputModel());
    private static final long CAP = 1_000_000_000L;

    private static String primaryAp(NetworkSnapshot s, PrimarySelection sel, String ue) {
        int c = sel.primaryConnection(s.ueIndex(ue));
        return c < 0 ? null : s.connection(c).apId();
    }

    /**
     * S1 uses W1 at 65 Mb/s, S2 uses L at 20 Mb/s; M has a weak W1 link and a 10 Mb/s LTE link.
     * L gives M 10 * 10 / 30 = 3.3 Mb/s (weights proportional to the PHY rate). At 24 Mb/s, W1 gives M
     * 1 / (1/65 + 1/24) = 17.5 and S1 drops from 65 to 17.5 (loses 47.5), where a 65 Mb/s newcomer
     * would take 32.5: the charge is 15.0, the value 2.6 &lt; 3.3.
     */
    private static Nets weakWifiBusyAp(long wifiRate) {
        return new Nets().wifi("W1", CAP).lte("L", CAP).ue("S1", false).ue("S2", false).ue("M", true)
                .conn("S1", "W1", -40, 65_000_000).conn("S2", "L", -60, 20_000_000)
                .conn("M", "W1", -75, wifiRate).conn("M", "L", -90, 10_000_000);
    }

    @Test
    public void theChargeIsTheLossBeyondAMeanRateNewcomer() {
        ApLoad w1 = NO_COLLISIONS.newLoad(new AccessPoint("W1", ApKind.WIFI, CAP));
        Connection weak = new Connection("M", "W1", -75, 24_000_000);
        assertEquals(0.0, w1.airtimeCharge(weak), 0.0);
        w1.add(new Connection("S1", "W1", -40, 65_000_000));
        double own = 1 / (1 / 65e6 + 1 / 24e6);
        assertEquals((65e6 - own) - 32.5e6, w1.airtimeCharge(weak), 1e-3);
        assertEquals(0.0, w1.airtimeCharge(new Connection("F", "W1", -40, 65_000_000)), 1e-6);
        assertEquals(0.0, w1.airtimeCharge(new Connection("F", "W1", -30, 150_000_000)), 0.0);
        ApLoad l = NO_COLLISIONS.newLoad(new AccessPoint("L", ApKind.LTE, CAP));
        l.add(new Connection("S2", "L", -60, 20_000_000));
        assertEquals(0.0, l.airtimeCharge(new Connection("M", "L", -90, 1_000_000)), 0.0);
    }

    @Test
    public void aWeakWifiLinkThatSlowsItsApIsNotMadePrimary() {
        NetworkSnapshot s = weakWifiBusyAp(24_000_000).build();
        assertEquals("W1", primaryAp(s, new PrioritySelector().select(s, NO_COLLISIONS, null, 0.0), "M"));
        assertEquals("W1", primaryAp(s, new PrioritySelector(false).select(s, NO_COLLISIONS, null, 0.0), "M"));
        PrimarySelection charged = new PrioritySelector(true).select(s, NO_COLLISIONS, null, 0.0);
        assertEquals("L", primaryAp(s, charged, "M"));
        assertEquals("W1", primaryAp(s, charged, "S1"));
        // the estimates stay each connection's own throughput against the final active set
        int mw1 = s.connectionIndex(s.ueIndex("M"), "W1");
        assertEquals(1 / (1 / 65e6 + 1 / 24e6), charged.estimatedThroughputBps(mw1), 1e-3);
    }

    @Test
    public void aStrongLinkOrAnEmptyApIsNotCharged() {
        // nobody else on W1: M's weak W1 link keeps its own 24 Mb/s
        NetworkSnapshot empty = new Nets().wifi("W1", CAP).lte("L", CAP).ue("S2", false).ue("M", true)
                .conn("S2", "L", -60, 20_000_000)
                .conn("M", "W1", -75, 24_000_000).conn("M", "L", -90, 10_000_000).build();
        assertEquals("W1", primaryAp(empty, new PrioritySelector(true).select(empty, NO_COLLISIONS, null, 0.0), "M"));
        // as fast as S1: 32.5 Mb/s, no charge
        NetworkSnapshot strong = weakWifiBusyAp(65_000_000).build();
        assertEquals("W1", primaryAp(strong, new PrioritySelector(true).select(strong, NO_COLLISIONS, null, 0.0),
                "M"));
    }

    @Test
    public void hysteresisComparesNegativeValuesByMargin() {
        // at 6 Mb/s W1 is worth 1 / (1/65 + 1/6) - ((65 - 5.5) - 32.5) = -21.5 against L's 3.3
        NetworkSnapshot s = weakWifiBusyAp(6_000_000).build();
        assertEquals("W1", primaryAp(s, new PrioritySelector(false).select(s, NO_COLLISIONS, null, 0.0), "M"));
        int[] previous = new int[s.ueCount()];
        Arrays.fill(previous, -1);
        previous[s.ueIndex("M")] = s.connectionIndex(s.ueIndex("M"), "W1");
        // 3.3 > -21.5 + 1 * 21.5: switch to L
        assertEquals("L", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, previous, 1.0), "M"));
        // 3.3 > -21.5 + 2 * 21.5 = 21.5 fails: keep W1
        assertEquals("W1", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, previous, 2.0), "M"));
    }

    @Test
    public void selectorNamesItsMode() {
        assertEquals("PrioritySelector", new PrioritySelector().toString());
        assertEquals("PrioritySelector{airtime charge, top rate class 0.85}", new PrioritySelector(true).toString());
        assertEquals("PrioritySelector{airtime charge}", new PrioritySelector(true, 0.0).toString());
    }
}
