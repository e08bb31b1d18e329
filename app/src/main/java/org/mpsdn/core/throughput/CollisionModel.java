package org.mpsdn.core.throughput;

/**
 * The collision factor k&#772; of MP-SDN Eq. (2): the mean number of transmissions a Wi-Fi
 * packet needs because of collisions under the distributed MAC, as a function of the number
 * of active (backlogged) stations. Implementations must return 1 for one station and be
 * non-decreasing in the number of stations.
 */
public interface CollisionModel {

    /**
     * Mean number of transmissions per delivered packet.
     *
     * @param activeStations number of active stations on the AP, &ge; 1
     * @return k&#772; &ge; 1
     */
    double meanTransmissions(int activeStations);
}
