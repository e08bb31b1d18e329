package org.mpsdn.core.categorize;

/**
 * Outcome of primary selection: the primary connection of each device and the achievable
 * throughput estimate of each connection against the final active set.
 */
public final class PrimarySelection {
    private final int[] primaryOfUe;
    private final double[] estimateBps;
    private final boolean[] active;
    private final int filteredConnections;
    private final int[] challengerOfUe;

    PrimarySelection(int[] primaryOfUe, double[] estimateBps, boolean[] active, int filteredConnections,
                     int[] challengerOfUe) {
        this.primaryOfUe = primaryOfUe;
        this.estimateBps = estimateBps;
        this.active = active;
        this.filteredConnections = filteredConnections;
        this.challengerOfUe = challengerOfUe;
    }

    /**
     * The connection that beat a device's primary this cycle but was not made primary, because the device's own
     * links had not changed and it had not beaten the primary in the cycle before ({@link PrimaryHistory}).
     *
     * @param ue device index
     * @return connection index, or -1
     */
    public int challenger(int ue) {
        return challengerOfUe[ue];
    }

    /**
     * Primary connection of a device.
     *
     * @param ue device index
     * @return connection index, or -1 when the device has no connection
     */
    public int primaryConnection(int ue) {
        return primaryOfUe[ue];
    }

    /**
     * Whether a connection is its device's primary.
     *
     * @param ue         device index
     * @param connection connection index
     * @return true if primary
     */
    public boolean isPrimary(int ue, int connection) {
        return primaryOfUe[ue] == connection;
    }

    /**
     * Achievable throughput of a connection given the active set the breaker ended with
     * (priority-based: primaries and single-path connections; baseline: the connections that
     * survived filtering). For an inactive connection it is the throughput if it joined.
     *
     * @param connection connection index
     * @return bit/s
     */
    public double estimatedThroughputBps(int connection) {
        return estimateBps[connection];
    }

    /**
     * Whether a connection was counted as active load when estimating throughput.
     *
     * @param connection connection index
     * @return true if active
     */
    public boolean active(int connection) {
        return active[connection];
    }

    /** @return number of connections the baseline solution filtered out (0 for priority-based) */
    public int filteredConnections() {
        return filteredConnections;
    }
}
