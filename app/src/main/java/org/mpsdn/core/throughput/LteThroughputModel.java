package org.mpsdn.core.throughput;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Checks;
import org.mpsdn.core.model.Connection;

/**
 * LTE achievable throughput, MP-SDN Eq. (3). The centralized MAC avoids collisions and the
 * proportional-fairness scheduler gives device i the fraction w_i / &Sigma; w_j of the
 * transmission opportunities, so
 * <pre>
 *   T_i = w_i&middot;r_i / &Sigma;_j w_j,      T_l = &Sigma;_i w_i&middot;r_i / &Sigma;_j w_j      (Eq. 3)
 * </pre>
 * with weights from a {@link LinkWeight} (default: proportional to the PHY rate). Example
 * from the paper: weights 2 and 1 give client A 2/3 of the opportunities, i.e. 2&middot;r_a/3.
 * T_l is capped at the eNB's capacity, every share scaled down by the same factor.
 */
public final class LteThroughputModel implements ThroughputModel {
    private final LinkWeight weights;

    /** Creates the model with {@link LinkWeight#proportionalToPhyRate()}. */
    public LteThroughputModel() {
        this(LinkWeight.proportionalToPhyRate());
    }

    /**
     * Creates the model.
     *
     * @param weights the weight function
     */
    public LteThroughputModel(LinkWeight weights) {
        this.weights = Checks.nonNull("weights", weights);
    }

    /**
     * Eq. (3) share of one device for explicit inputs.
     *
     * @param index       the device i
     * @param weights     weights w_j, each &gt; 0
     * @param phyRatesBps PHY rates r_j, each &gt; 0, same length as weights
     * @return T_i in bit/s
     * @throws IllegalArgumentException on mismatched lengths, a bad index or a non-positive value
     */
    public static double share(int index, double[] weights, double[] phyRatesBps) {
        double weightSum = validatedWeightSum(weights, phyRatesBps);
        Checks.inRange("index", index, 0, weights.length - 1);
        return weights[index] * phyRatesBps[index] / weightSum;
    }

    /**
     * Eq. (3) for explicit inputs.
     *
     * @param weights     weights w_j, each &gt; 0
     * @param phyRatesBps PHY rates r_j, each &gt; 0, same length as weights
     * @return T_l in bit/s (0 when there is no device)
     * @throws IllegalArgumentException on mismatched lengths or a non-positive value
     */
    public static double apThroughput(double[] weights, double[] phyRatesBps) {
        if (weights.length == 0 && phyRatesBps.length == 0) {
            return 0.0;
        }
        double weightSum = validatedWeightSum(weights, phyRatesBps);
        double total = 0.0;
        for (int i = 0; i < weights.length; i++) {
            total += weights[i] * phyRatesBps[i] / weightSum;
        }
        return total;
    }

    private static double validatedWeightSum(double[] weights, double[] phyRatesBps) {
        if (weights.length != phyRatesBps.length) {
            throw new IllegalArgumentException("weights and phyRatesBps must have the same length, were "
                    + weights.length + " and " + phyRatesBps.length);
        }
        double sum = 0.0;
        for (int i = 0; i < weights.length; i++) {
            sum += Checks.inLeftOpenRange("weights[" + i + "]", weights[i], 0.0, Double.MAX_VALUE);
            Checks.inLeftOpenRange("phyRatesBps[" + i + "]", phyRatesBps[i], 0.0, Double.MAX_VALUE);
        }
        return sum;
    }

    @Override
    public ApLoad newLoad(AccessPoint ap) {
        if (ap.kind() != ApKind.LTE) {
            throw new IllegalArgumentException("ap.kind must be LTE, was " + ap.kind());
        }
        return new LteLoad(ap.capacityBps());
    }

    private double weightOf(Connection c) {
        double w = weights.weight(c);
        if (!(w > 0.0 && w < Double.POSITIVE_INFINITY)) {
            throw new IllegalStateException("LinkWeight must return a finite weight > 0, returned " + w
                    + " for " + c);
        }
        return w;
    }

    private final class LteLoad implements ApLoad {
        private final double capacity;
        private int count;
        private double weightSum;
        private double weightedRateSum;

        private LteLoad(double capacity) {
            this.capacity = capacity;
        }

        @Override
        public void add(Connection connection) {
            double w = weightOf(connection);
            count++;
            weightSum += w;
            weightedRateSum += w * connection.phyRateBps();
        }

        @Override
        public double throughputIfAdded(Connection connection) {
            double w = weightOf(connection);
            double wr = w * connection.phyRateBps();
            return capped(wr / (weightSum + w), (weightedRateSum + wr) / (weightSum + w));
        }

        @Override
        public double throughputOfMember(Connection connection) {
            double w = weightOf(connection);
            return capped(w * connection.phyRateBps() / weightSum, weightedRateSum / weightSum);
        }

        @Override
        public double apThroughput() {
            return count == 0 ? 0.0 : Math.min(capacity, weightedRateSum / weightSum);
        }

        @Override
        public double airtimeCharge(Connection connection) {
            // proportional fairness gives a weak device few transmission opportunities: no anomaly to charge
            return 0.0;
        }

        @Override
        public int activeCount() {
            return count;
        }

        private double capped(double share, double total) {
            return total > capacity ? share * (capacity / total) : share;
        }
    }

    @Override
    public String toString() {
        return "LteThroughputModel";
    }
}
