package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * A (user, AP) pair: what the regulation core calls a connection. It lists the user's addresses
 * seen at that AP and counts the user's live flows through it by role.
 */
public final class UserApConnection {
    private final String userId;
    private final String apId;
    private final Set<InetAddress> addresses;
    private final int primarySubflows;
    private final int joinSubflows;
    private final int tcpFlows;
    private final int udpFlows;

    /**
     * Creates a connection view.
     *
     * @param userId          user
     * @param apId            AP
     * @param addresses       user addresses seen at this AP
     * @param primarySubflows live MPTCP primary subflows through this AP
     * @param joinSubflows    live MPTCP joined subflows (and subflows picked up mid-stream) through this AP
     * @param tcpFlows        live plain TCP flows (fallback included)
     * @param udpFlows        live UDP flows
     */
    public UserApConnection(String userId, String apId, Set<InetAddress> addresses, int primarySubflows,
                            int joinSubflows, int tcpFlows, int udpFlows) {
        this.userId = Objects.requireNonNull(userId, "userId");
        this.apId = Objects.requireNonNull(apId, "apId");
        this.addresses = Collections.unmodifiableSet(new LinkedHashSet<>(addresses));
        this.primarySubflows = primarySubflows;
        this.joinSubflows = joinSubflows;
        this.tcpFlows = tcpFlows;
        this.udpFlows = udpFlows;
    }

    /**
     * Returns the user id.
     *
     * @return id
     */
    public String userId() {
        return userId;
    }

    /**
     * Returns the AP id.
     *
     * @return id
     */
    public String apId() {
        return apId;
    }

    /**
     * Returns the user's addresses at this AP.
     *
     * @return addresses
     */
    public Set<InetAddress> addresses() {
        return addresses;
    }

    /**
     * Returns the number of live MPTCP primary subflows.
     *
     * @return count
     */
    public int primarySubflows() {
        return primarySubflows;
    }

    /**
     * Returns the number of live MPTCP joined subflows.
     *
     * @return count
     */
    public int joinSubflows() {
        return joinSubflows;
    }

    /**
     * Returns the number of live plain TCP flows (fallback included).
     *
     * @return count
     */
    public int tcpFlows() {
        return tcpFlows;
    }

    /**
     * Returns the number of live UDP flows.
     *
     * @return count
     */
    public int udpFlows() {
        return udpFlows;
    }

    @Override
    public String toString() {
        return userId + "@" + apId + "{primary=" + primarySubflows + ", join=" + joinSubflows + ", tcp=" + tcpFlows
                + ", udp=" + udpFlows + "}";
    }
}
