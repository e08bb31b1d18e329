package org.mpsdn.core.throughput;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Checks;
import org.mpsdn.core.model.Connection;

/**
 * Wi-Fi achievable throughput, MP-SDN Eq. (1)-(2). Packet-level fairness: the AP sends the
 * same number of packets to each of its N active stations; a packet of size S_p to station i
 * takes t_i = k&#772;&middot;S_p / r_i, so
 * <pre>
 *   T_w = N&middot;S_p / &Sigma; t_i = N / (k&#772;(N) &middot; &Sigma;_{i} 1/r_i)          (Eq. 2)
 * </pre>
 * and every station gets the same share T_w / N = 1 / (k&#772;(N) &middot; &Sigma; 1/r_i).
 * k&#772;(N) comes from a {@link CollisionModel}. T_w is additionally capped at the AP's
 * capacity (a wired back-haul or a configured nominal rate), each station then getting capacity / N.
 */
public final class WifiThroughputModel implements ThroughputModel {
    private final CollisionModel collisions;

    /** Creates the model with the default {@link BianchiCollisionModel}. */
    public WifiThroughputModel() {
        this(new BianchiCollisionModel());
    }

    /**
     * Creates the model.
     *
     * @param collisions the collision factor model
     */
    public WifiThroughputModel(CollisionModel collisions) {
        this.collisions = Checks.nonNull("collisions", collisions);
    }

    /** @return the collision factor model */
    public CollisionModel collisions() {
        return collisions;
    }

    /**
     * Eq. (2) for explicit inputs.
     *
     * @param meanTransmissions k&#772; &ge; 1
     * @param phyRatesBps       PHY rates r_i of the N active stations, each &gt; 0
     * @return T_w in bit/s (0 when there is no station)
     * @throws IllegalArgumentException on k&#772; &lt; 1 or a non-positive rate
     */
    public static double apThroughput(double meanTransmissions, double... phyRatesBps) {
        Checks.inRange("meanTransmissions", meanTransmissions, 1.0, Double.MAX_VALUE);
        if (phyRatesBps.length == 0) {
            return 0.0;
        }
        double inverseSum = 0.0;
        for (int i = 0; i < phyRatesBps.length; i++) {
            Checks.inLeftOpenRange("phyRatesBps[" + i + "]", phyRatesBps[i], 0.0, Double.MAX_VALUE);
            inverseSum += 1.0 / phyRatesBps[i];
        }
        return phyRatesBps.length / (meanTransmissions * inverseSum);
    }

    @Override
    public ApLoad newLoad(AccessPoint ap) {
        if (ap.kind() != ApKind.WIFI) {
            throw new IllegalArgumentException("ap.kind must be WIFI, was " + ap.kind());
        }
        return new WifiLoad(ap.capacityBps());
    }

    private final class WifiLoad implements ApLoad {
        private final double capacity;
        private int count;
        private double inverseRateSum;

        private WifiLoad(double capacity) {
            this.capacity = capacity;
        }

        @Override
        public void add(Connection connection) {
            count++;
            inverseRateSum += 1.0 / connection.phyRateBps();
        }

        @Override
        public double throughputIfAdded(Connection connection) {
            return share(count + 1, inverseRateSum + 1.0 / connection.phyRateBps());
        }

        @Override
        public double throughputOfMember(Connection connection) {
            return share(count, inverseRateSum);
        }

        @Override
        public double apThroughput() {
            return count == 0 ? 0.0 : share(count, inverseRateSum) * count;
        }

        @Override
        public double airtimeCharge(Connection connection) {
            if (count == 0) {
                return 0.0;
            }
            // Eq. 2 with and without the connection, and with a newcomer at the members' mean rate N / sum(1/r_i)
            double others = apThroughput();
            double loss = others - share(count + 1, inverseRateSum + 1.0 / connection.phyRateBps()) * count;
            double fairLoss = others - share(count + 1, inverseRateSum * (count + 1) / count) * count;
            return Math.max(0.0, loss - fairLoss);
        }

        @Override
        public int activeCount() {
            return count;
        }

        private double share(int n, double inverseSum) {
            double perStation = 1.0 / (collisions.meanTransmissions(n) * inverseSum);
            return Math.min(perStation, capacity / n);
        }
    }

    @Override
    public double meanTransmissions(AccessPoint ap, int activeStations) {
        return collisions.meanTransmissions(Math.max(1, activeStations));
    }

    @Override
    public String toString() {
        return "WifiThroughputModel{" + collisions + "}";
    }
}
