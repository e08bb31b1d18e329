package org.mpsdn.core.categorize;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.Protocol;

/**
 * The tier rule of Algorithm 1 (lines 6-12 and 18-19) with the non-TCP rule of Section V-A2
 * and the uplink/ACK rules of Section V-C. A flow is Tier 2 only if all of these hold:
 * <ul>
 *   <li>its direction is regulated (downlink always; uplink only when both are regulated);</li>
 *   <li>it is TCP (UDP, QUIC and other protocols stay Tier 1);</li>
 *   <li>it is not the ACK direction of a TCP flow while both directions are regulated;</li>
 *   <li>its device is a multipath user and it travels over a secondary (non-primary) connection.</li>
 * </ul>
 */
public final class FlowTiering {

    private FlowTiering() {
    }

    /**
     * Tier of a flow.
     *
     * @param flow              the flow
     * @param multipathUser     whether its device is a multipath user
     * @param primaryConnection whether it travels over its device's primary connection
     * @param regulateUplink    whether both directions are regulated
     * @return TIER1 or TIER2
     */
    public static Tier tierOf(Flow flow, boolean multipathUser, boolean primaryConnection, boolean regulateUplink) {
        return tierOf(flow.protocol() == Protocol.TCP, flow.direction(), flow.ackStream(), multipathUser,
                primaryConnection, regulateUplink);
    }

    /**
     * Tier of a flow from its attributes.
     *
     * @param tcp               whether the flow is TCP
     * @param direction         its direction
     * @param ackStream         whether it is the ACK direction of a TCP flow
     * @param multipathUser     whether its device is a multipath user
     * @param primaryConnection whether it travels over its device's primary connection
     * @param regulateUplink    whether both directions are regulated
     * @return TIER1 or TIER2
     */
    public static Tier tierOf(boolean tcp, Direction direction, boolean ackStream, boolean multipathUser,
                              boolean primaryConnection, boolean regulateUplink) {
        if (direction == Direction.UPLINK && !regulateUplink) {
            return Tier.TIER1;
        }
        if (!tcp) {
            return Tier.TIER1;
        }
        if (regulateUplink && ackStream) {
            return Tier.TIER1;
        }
        return multipathUser && !primaryConnection ? Tier.TIER2 : Tier.TIER1;
    }
}
