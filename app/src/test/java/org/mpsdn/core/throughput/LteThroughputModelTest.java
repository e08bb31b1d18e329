package org.mpsdn.core.throughput;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Connection;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.core.Expect.assertThrows;
import static org.junit.Assert.assertTrue;

/**
 * Eq. (3), including the paper's two-client example.
 */
public class LteThroughputModelTest {

    @Test
    public void paperExampleWeightsTwoAndOne() {
        // clients A and B with weights 2 and 1: A gets 2/3 of the opportunities, i.e. 2 * r_a / 3
        double ra = 30e6;
        double rb = 10e6;
        assertEquals(2 * ra / 3, LteThroughputModel.share(0, new double[]{2, 1}, new double[]{ra, rb}), 1e-6);
        assertEquals(rb / 3, LteThroughputModel.share(1, new double[]{2, 1}, new double[]{ra, rb}), 1e-6);
        assertEquals(2 * ra / 3 + rb / 3,
                LteThroughputModel.apThroughput(new double[]{2, 1}, new double[]{ra, rb}), 1e-6);
    }

    @Test
    public void paperExampleThroughTheLoad() {
        LteThroughputModel m = new LteThroughputModel(c -> c.ueId().equals("A") ? 2.0 : 1.0);
        ApLoad load = m.newLoad(new AccessPoint("enb", ApKind.LTE, 1_000_000_000L));
        Connection a = new Connection("A", "enb", -60, 30_000_000);
        Connection b = new Connection("B", "enb", -90, 10_000_000);
        load.add(b);
        assertEquals(2 * 30e6 / 3, load.throughputIfAdded(a), 1e-6);
        load.add(a);
        assertEquals(2 * 30e6 / 3, load.throughputOfMember(a), 1e-6);
        assertEquals(10e6 / 3, load.throughputOfMember(b), 1e-6);
    }

    @Test
    public void defaultWeightIsProportionalToPhyRate() {
        // r_a = 2 r_b gives weights 2:1 under the default weight
        ApLoad load = new LteThroughputModel().newLoad(new AccessPoint("enb", ApKind.LTE, 1_000_000_000L));
        Connection a = new Connection("A", "enb", -60, 20_000_000);
        Connection b = new Connection("B", "enb", -90, 10_000_000);
        load.add(a);
        load.add(b);
        assertEquals(2 * 20e6 / 3, load.throughputOfMember(a), 1e-6);
    }

    @Test
    public void weakConnectionCostsLteLessThanWifi() {
        // the paper's point (Fig. 6): a weak extra connection hurts LTE less than Wi-Fi
        Connection strong = new Connection("A", "x", -50, 50_000_000);
        Connection weak = new Connection("B", "x", -95, 2_000_000);
        ApLoad lte = new LteThroughputModel().newLoad(new AccessPoint("x", ApKind.LTE, 1_000_000_000L));
        ApLoad wifi = new WifiThroughputModel().newLoad(new AccessPoint("x", ApKind.WIFI, 1_000_000_000L));
        lte.add(strong);
        wifi.add(strong);
        double lteBefore = lte.apThroughput();
        double wifiBefore = wifi.apThroughput();
        lte.add(weak);
        wifi.add(weak);
        assertTrue(lte.apThroughput() / lteBefore > 0.9);
        assertTrue(wifi.apThroughput() / wifiBefore < 0.2);
    }

    @Test
    public void capacityScalesSharesDown() {
        ApLoad load = new LteThroughputModel(c -> 1.0).newLoad(new AccessPoint("enb", ApKind.LTE, 10_000_000));
        load.add(new Connection("A", "enb", -60, 40_000_000));
        // uncapped 40 Mb/s, capped to 10
        assertEquals(10e6, load.apThroughput(), 1e-6);
        assertEquals(10e6, load.throughputOfMember(new Connection("A", "enb", -60, 40_000_000)), 1e-6);
    }

    @Test
    public void rejectsBadInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LteThroughputModel.share(0, new double[]{1}, new double[]{1, 2}));
        assertEquals("weights and phyRatesBps must have the same length, were 1 and 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LteThroughputModel.apThroughput(new double[]{0}, new double[]{1}));
        assertTrue(e.getMessage(), e.getMessage().startsWith("weights[0] must be in (0, "));
        ApLoad load = new LteThroughputModel(c -> -1.0).newLoad(new AccessPoint("enb", ApKind.LTE, 1));
        IllegalStateException s = assertThrows(IllegalStateException.class,
                () -> load.add(new Connection("A", "enb", -60, 1)));
        assertTrue(s.getMessage(),
                s.getMessage().startsWith("LinkWeight must return a finite weight > 0, returned -1.0"));
    }
}
