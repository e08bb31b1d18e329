package org.mpsdn.core.throughput;

import org.mpsdn.core.model.Checks;

/**
 * A linear collision model: k&#772;(N) = 1 + &beta;&middot;(N &minus; 1). Simple and
 * transparent; useful for hand-checked tests and as an alternative to
 * {@link BianchiCollisionModel}.
 */
public final class LinearCollisionModel implements CollisionModel {
    private final double beta;

    /**
     * Creates the model.
     *
     * @param beta extra transmissions per additional active station, in [0, 10]
     * @throws IllegalArgumentException if beta is out of range
     */
    public LinearCollisionModel(double beta) {
        this.beta = Checks.inRange("beta", beta, 0.0, 10.0);
    }

    @Override
    public double meanTransmissions(int activeStations) {
        if (activeStations < 1) {
            throw new IllegalArgumentException("activeStations must be in [1, " + Integer.MAX_VALUE
                    + "], was " + activeStations);
        }
        return 1.0 + beta * (activeStations - 1);
    }

    @Override
    public String toString() {
        return "LinearCollisionModel{beta=" + beta + "}";
    }
}
