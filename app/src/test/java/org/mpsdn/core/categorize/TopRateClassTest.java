package org.mpsdn.core.categorize;

import org.junit.Test;
import org.mpsdn.core.Nets;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.AchievableThroughput;
import org.mpsdn.core.throughput.LinearCollisionModel;
import org.mpsdn.core.throughput.LteThroughputModel;
import org.mpsdn.core.throughput.ThroughputModel;
import org.mpsdn.core.throughput.WifiThroughputModel;

import java.util.Arrays;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * The mpsdn profile's top rate class: a multipath user's Wi-Fi connection is a primary candidate only
 * within 0.85 of its AP's fastest PHY rate, unless none of the user's connections qualifies.
 */
public class TopRateClassTest {
    private static final ThroughputModel NO_COLLISIONS = new AchievableThroughput(
            new WifiThroughputModel(new LinearCollisionModel(0.0)), new LteThroughputModel());
    private static final long CAP = 1_000_000_000L;

    private static String primaryAp(NetworkSnapshot s, PrimarySelection sel, String ue) {
        return s.connection(sel.primaryConnection(s.ueIndex(ue))).apId();
    }

    /**
     * S1 uses W1 at 54 Mb/s, S2 uses L at 20 Mb/s; M has a W1 link at wifiRate and a 10 Mb/s LTE link.
     * At 36 Mb/s W1 gives M 21.6 Mb/s and charges it 5.4 (S1 drops to 21.6, a 54 Mb/s newcomer would
     * leave it 27): worth 16.2 against L's 3.3, so the airtime charge alone keeps M on W1.
     */
    private static NetworkSnapshot busyAp(long wifiRate) {
        return new Nets().wifi("W1", CAP).lte("L", CAP).ue("S1", false).ue("S2", false).ue("M", true)
                .conn("S1", "W1", -40, 54_000_000).conn("S2", "L", -60, 20_000_000)
                .conn("M", "W1", -70, wifiRate).conn("M", "L", -90, 10_000_000).build();
    }

    @Test
    public void aLinkBelowTheTopRateClassIsNoPrimaryWhereTheUserHasAnother() {
        NetworkSnapshot s = busyAp(36_000_000);
        assertEquals("W1", primaryAp(s, new PrioritySelector(true, 0.0).select(s, NO_COLLISIONS, null, 0.0), "M"));
        assertEquals("W1", primaryAp(s, new PrioritySelector(false).select(s, NO_COLLISIONS, null, 0.0), "M"));
        assertEquals("L", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, null, 0.0), "M"));
    }

    @Test
    public void oneRateStepBelowTheFastestQualifies() {
        NetworkSnapshot s = busyAp(48_000_000); // 48 >= 0.85 * 54 = 45.9
        assertEquals("W1", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, null, 0.0), "M"));
    }

    @Test
    public void whenNoConnectionQualifiesTheValueDecides() {
        // M's links to W1 and W2 are both far below their APs' 54 Mb/s stations and it has no LTE link
        NetworkSnapshot s = new Nets().wifi("W1", CAP).wifi("W2", CAP).ue("S1", false).ue("S2", false)
                .ue("S3", false).ue("M", true).conn("S1", "W1", -40, 54_000_000).conn("S2", "W2", -40, 54_000_000)
                .conn("S3", "W2", -40, 54_000_000).conn("M", "W1", -80, 24_000_000)
                .conn("M", "W2", -80, 24_000_000).build();
        // W1 has one station to share with, W2 two: W1 is worth more
        assertEquals("W1", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, null, 0.0), "M"));
    }

    @Test
    public void thePreviousPrimaryKeepsQualifyingWithinTheHysteresis() {
        NetworkSnapshot s = busyAp(42_000_000); // below 45.9, above 0.9 * 45.9 = 41.3
        int[] previous = new int[s.ueCount()];
        Arrays.fill(previous, -1);
        assertEquals("L", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, previous, 0.1), "M"));
        previous[s.ueIndex("M")] = s.connectionIndex(s.ueIndex("M"), "W1");
        assertEquals("W1", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, previous, 0.1), "M"));
        // without hysteresis the rule is strict
        assertEquals("L", primaryAp(s, new PrioritySelector(true).select(s, NO_COLLISIONS, previous, 0.0), "M"));
        // far below, the previous primary is dropped whatever its value
        NetworkSnapshot weak = busyAp(30_000_000);
        previous[weak.ueIndex("M")] = weak.connectionIndex(weak.ueIndex("M"), "W1");
        assertEquals("L", primaryAp(weak, new PrioritySelector(true).select(weak, NO_COLLISIONS, previous, 0.1),
                "M"));
    }

    @Test
    public void theShareMustBeInZeroToOne() {
        for (double share : new double[] {1.5, Double.NaN, -0.1}) {
            try {
                new PrioritySelector(true, share);
                fail("accepted topRateShare " + share);
            } catch (IllegalArgumentException e) {
                assertEquals("topRateShare must be in [0, 1], was " + share, e.getMessage());
            }
        }
    }
}
