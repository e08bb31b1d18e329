package org.mpsdn.core.throughput;

import org.mpsdn.core.model.AccessPoint;

/**
 * A model of how an AP shares its airtime among its active connections.
 */
public interface ThroughputModel {

    /**
     * Starts an empty active set for an AP.
     *
     * @param ap the access point
     * @return a fresh accumulator
     */
    ApLoad newLoad(AccessPoint ap);

    /**
     * k&#772;, the mean number of transmissions per packet at an AP with a number of active stations: Eq. (2)'s
     * collision overhead on Wi-Fi; 1 on a scheduled medium (LTE), and by default.
     *
     * @param ap             the AP
     * @param activeStations the stations contending, &ge; 1
     * @return k&#772; &ge; 1
     */
    default double meanTransmissions(AccessPoint ap, int activeStations) {
        return 1.0;
    }
}
