package org.mpsdn.core.throughput;

import org.mpsdn.core.model.Connection;

/**
 * The LTE proportional-fairness weight w_i of MP-SDN Eq. (3): a positive number that grows
 * with the quality of the link between the device and the eNB.
 */
public interface LinkWeight {

    /**
     * Weight of a connection.
     *
     * @param connection the connection
     * @return a finite weight &gt; 0
     */
    double weight(Connection connection);

    /**
     * The default weight: proportional to the PHY rate, w_i = r_i / 1 Mb/s. A link twice as
     * fast gets twice the transmission opportunities, matching the paper's example of
     * clients A and B with weights 2 and 1.
     *
     * @return the weight function
     */
    static LinkWeight proportionalToPhyRate() {
        return c -> c.phyRateBps() / 1_000_000.0;
    }
}
