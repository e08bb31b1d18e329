package org.mpsdn.core.throughput;

import org.mpsdn.core.model.Connection;

/**
 * The set of active connections on one AP, kept as running sums so that the achievable
 * throughput of a connection can be evaluated in O(1) while Algorithm 1's deadlock breakers
 * grow the set. Not thread-safe; one instance per AP per cycle.
 */
public interface ApLoad {

    /**
     * Adds a connection to the active set.
     *
     * @param connection a connection of this AP
     */
    void add(Connection connection);

    /**
     * Achievable throughput of a connection that is not in the active set, if it joined it.
     *
     * @param connection a connection of this AP
     * @return bit/s
     */
    double throughputIfAdded(Connection connection);

    /**
     * Achievable throughput of a connection already in the active set.
     *
     * @param connection an active connection of this AP
     * @return bit/s
     */
    double throughputOfMember(Connection connection);

    /** @return achievable throughput of the AP with the current active set, bit/s (0 when empty) */
    double apThroughput();

    /**
     * The airtime charge of a connection that is not in the active set (the mpsdn profile's primary
     * choice): what the active connections would lose if it joined, beyond what they would lose if a
     * connection at their mean PHY rate joined instead (Wi-Fi's performance anomaly: a slow station
     * holds the channel longer for each of its packets). 0 on an empty AP, for a connection at least
     * as fast as the mean, and on APs whose scheduler is not packet-fair (LTE).
     *
     * @param connection a connection of this AP
     * @return bit/s, &ge; 0
     */
    double airtimeCharge(Connection connection);

    /** @return number of active connections */
    int activeCount();
}
