package org.mpsdn.core.throughput;

import org.mpsdn.core.model.Checks;

import java.util.Arrays;

/**
 * Bianchi's saturation model of the 802.11 DCF (G. Bianchi, "Performance analysis of the
 * IEEE 802.11 distributed coordination function", IEEE JSAC 18(3), 2000), used for the
 * collision factor k&#772; of MP-SDN Eq. (2).
 *
 * <p>With N saturated stations, minimum contention window W and m backoff stages, the
 * per-slot transmission probability &tau; and the conditional collision probability p solve
 * <pre>
 *   &tau; = 2 / ( (W + 1) + p&middot;W&middot;&Sigma;_{i=0}^{m-1} (2p)^i )
 *        (= 2(1 &minus; 2p) / ((1 &minus; 2p)(W + 1) + pW(1 &minus; (2p)^m)), Bianchi Eq. 7)
 *   p = 1 &minus; (1 &minus; &tau;)^(N &minus; 1)
 * </pre>
 * The fixed point is unique and found by bisection on p. Every attempt collides
 * independently with probability p, so the number of transmissions per delivered packet is
 * geometric with mean <b>k&#772;(N) = 1 / (1 &minus; p)</b>: 1 for a single station, growing
 * with N (about 1.12 at N = 2, 1.37 at N = 5, 1.62 at N = 10, 2.14 at N = 30 for W = 16, m = 6).
 * The retry limit is ignored (it only truncates the geometric tail).</p>
 *
 * <p>Defaults W = 16 and m = 6 are 802.11n OFDM (CWmin 15, CWmax 1023). Values for up to
 * {@value #TABLE_SIZE} stations are precomputed; the table grows on demand (doubling, up to
 * {@value #MAX_TABLE_SIZE} entries) so that every evaluation is O(1) amortised; beyond that the
 * fixed point is solved per call. Thread-safe: the table is immutable once published.</p>
 */
public final class BianchiCollisionModel implements CollisionModel {
    /** Number of station counts whose k&#772; is precomputed. */
    public static final int TABLE_SIZE = 512;
    /** Largest table kept in memory. */
    public static final int MAX_TABLE_SIZE = 1 << 20;
    private static final int ITERATIONS = 60;

    private final int minWindow;
    private final int backoffStages;
    private volatile double[] table;

    /** Creates the model with 802.11n defaults W = 16, m = 6. */
    public BianchiCollisionModel() {
        this(16, 6);
    }

    /**
     * Creates the model.
     *
     * @param minWindow     minimum contention window W (CWmin + 1), in [2, 1024]
     * @param backoffStages number of backoff stages m, in [0, 10]
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public BianchiCollisionModel(int minWindow, int backoffStages) {
        this.minWindow = (int) Checks.inRange("minWindow", minWindow, 2, 1024);
        this.backoffStages = (int) Checks.inRange("backoffStages", backoffStages, 0, 10);
        this.table = extend(new double[1], TABLE_SIZE + 1);
    }

    @Override
    public double meanTransmissions(int activeStations) {
        if (activeStations < 1) {
            throw new IllegalArgumentException("activeStations must be in [1, " + Integer.MAX_VALUE
                    + "], was " + activeStations);
        }
        double[] t = table;
        if (activeStations < t.length) {
            return t[activeStations];
        }
        if (activeStations < MAX_TABLE_SIZE) {
            t = extend(t, Math.min(MAX_TABLE_SIZE, Math.max(activeStations + 1, 2 * t.length)));
            table = t;
            return t[activeStations];
        }
        return 1.0 / (1.0 - collisionProbability(activeStations));
    }

    private double[] extend(double[] old, int size) {
        double[] t = Arrays.copyOf(old, size);
        for (int n = Math.max(1, old.length); n < size; n++) {
            t[n] = 1.0 / (1.0 - collisionProbability(n));
        }
        return t;
    }

    /**
     * Conditional collision probability p of a transmission attempt (Bianchi's fixed point).
     *
     * @param stations number of saturated stations, &ge; 1
     * @return p in [0, 1)
     */
    public double collisionProbability(int stations) {
        if (stations <= 1) {
            return 0.0;
        }
        double lo = 0.0;
        double hi = 1.0;
        for (int i = 0; i < ITERATIONS; i++) {
            double p = 0.5 * (lo + hi);
            double implied = 1.0 - Math.pow(1.0 - tau(p), stations - 1);
            // implied(p) decreases in p: the fixed point is where implied(p) == p
            if (implied > p) {
                lo = p;
            } else {
                hi = p;
            }
        }
        return 0.5 * (lo + hi);
    }

    private double tau(double p) {
        double sum = 0.0;
        double term = 1.0;
        for (int i = 0; i < backoffStages; i++) {
            sum += term;
            term *= 2.0 * p;
        }
        return 2.0 / ((minWindow + 1) + p * minWindow * sum);
    }

    @Override
    public String toString() {
        return "BianchiCollisionModel{W=" + minWindow + ", m=" + backoffStages + "}";
    }
}
