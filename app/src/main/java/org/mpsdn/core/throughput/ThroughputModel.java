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
}
