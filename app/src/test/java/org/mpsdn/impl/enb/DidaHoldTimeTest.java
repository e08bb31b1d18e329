package org.mpsdn.impl.enb;

import org.junit.Test;
import org.mpsdn.enb.v1.FlowSplit;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests of {@link DidaHoldTime} against the formula of the DIDA paper.
 */
public class DidaHoldTimeTest {

    private static final double E1 = Math.exp(-1);

    /**
     * Worked example: deltaBuff 0.5, w 20, Reno (alpha 1, beta 0.5), T_E 0.1 s.
     * A = 0.5*20*0.5 = 5, B = 0.5*1*0.1 = 0.05. For RTT 100 ms:
     * lin = 2*5*e1*0.1 + 0.05*(1-e1) = 0.3994854, c = e1*0.05*0.1 - 5*e1*0.01 = -0.0165546,
     * disc = lin^2 + 4*5*e1*c = 0.0377856, t = (lin + sqrt(disc)) / (2*5*e1) = 0.1614317 s.
     */
    @Test
    public void workedExampleRtt100ms() {
        assertEquals(5.0, DidaHoldTime.coefficientA(0.5, 20, 0.5), 1e-12);
        assertEquals(0.05, DidaHoldTime.coefficientB(0.5, 1, 0.1), 1e-12);
        assertEquals(0.1614317, DidaHoldTime.tOptSeconds(0.1, 20, 1, 0.5, 0.5, 0.1), 1e-6);
        assertEquals(0.0534403, DidaHoldTime.tOptSeconds(0.02, 20, 1, 0.5, 0.5, 0.1), 1e-6);
        assertEquals(161432, DidaHoldTime.tOptMicros(0.1, 20, 1, 0.5, 0.5, 0.1));
    }

    /** Over the paper's ranges (RTT 20-100 ms, splits 20/50/80 %), t_opt is the larger root of the quadratic. */
    @Test
    public void isLargerRootOfQuadraticOverPaperRanges() {
        double[] rtts = {0.02, 0.05, 0.1};
        double[] splits = {0.2, 0.5, 0.8};
        double[] windows = {10, 40, 100};
        for (double rtt : rtts) {
            for (double f : splits) {
                for (double w : windows) {
                    double delta = 2 * Math.min(f, 1 - f);
                    double epoch = w * 0.5 * rtt;
                    double t = DidaHoldTime.tOptSeconds(rtt, w, 1, 0.5, delta, epoch);
                    double a = DidaHoldTime.coefficientA(delta, w, 0.5);
                    double b = DidaHoldTime.coefficientB(delta, 1, epoch);
                    double residual = a * E1 * t * t - (2 * a * E1 * rtt + b * (1 - E1)) * t
                            - (E1 * b * rtt - a * E1 * rtt * rtt);
                    assertEquals("residual rtt=" + rtt + " f=" + f + " w=" + w, 0, residual, 1e-9 * a);
                    assertTrue("t_opt " + t + " below RTT " + rtt, t >= rtt);
                }
            }
        }
        // Longer RTT: longer hold.
        assertTrue(DidaHoldTime.tOptSeconds(0.1, 20, 1, 0.5, 1, 1)
                > DidaHoldTime.tOptSeconds(0.02, 20, 1, 0.5, 1, 1));
    }

    @Test
    public void operatingRange() {
        assertArrayEquals(new double[] {0.08, 0.125},
                DidaHoldTime.operatingRange(0.1, 0.2, 10, 8, 1), 1e-12);
        assertArrayEquals(new double[] {0, 0.3}, DidaHoldTime.operatingRange(0.1, 2, 1, 10, 1), 1e-12);
    }

    @Test
    public void rejectsInputsNamingThem() {
        String[] names = {"rttSeconds", "windowPackets", "beta", "deltaBuff"};
        double[][] bad = {{0, 20, 1, 0.5, 0.5, 0.1}, {0.1, 0, 1, 0.5, 0.5, 0.1},
            {0.1, 20, 1, 1.0, 0.5, 0.1}, {0.1, 20, 1, 0.5, Double.NaN, 0.1}};
        for (int i = 0; i < bad.length; i++) {
            double[] v = bad[i];
            try {
                DidaHoldTime.tOptSeconds(v[0], v[1], v[2], v[3], v[4], v[5]);
                fail(names[i] + " accepted");
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().startsWith(names[i]));
            }
        }
    }

    @Test
    public void splitCarriesHoldTime() {
        FlowSplit s = SplitConfigs.tcpSplit("s1", "10.1.0.10", "ue0", "ue1", 0.5, 0.1, 20, 1, 0.5, 0.1);
        // 50 % split: deltaBuff = 1; A = 10, B = 0.1
        assertEquals(DidaHoldTime.tOptMicros(0.1, 20, 1, 0.5, 1.0, 0.1), s.getHoldTimeUs());
        assertEquals(6, s.getMatch().getIpProto());
        assertEquals(0.5, s.getLteFraction(), 0);
    }
}
