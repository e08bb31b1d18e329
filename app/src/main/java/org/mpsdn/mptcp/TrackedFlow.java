package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.Objects;

/**
 * One live flow in a {@link UserSnapshot}: its 5-tuple, the AP it crosses, its role, the user
 * address behind it and the user it was grouped into.
 */
public final class TrackedFlow {
    private final SubflowKey key;
    private final String apId;
    private final FlowRole role;
    private final boolean established;
    private final InetAddress userAddress;
    private final String userId;
    private final long connectionId;

    /**
     * Creates a view.
     *
     * @param key          5-tuple oriented from the opener
     * @param apId         AP where the handshake was seen
     * @param role         role of the flow
     * @param established  true once the SYN/ACK (or later packet) was seen
     * @param userAddress  address of the user's side of the flow
     * @param userId       user the flow belongs to
     * @param connectionId MPTCP connection id (0 if not an MPTCP subflow)
     */
    public TrackedFlow(SubflowKey key, String apId, FlowRole role, boolean established, InetAddress userAddress,
                    String userId, long connectionId) {
        this.key = Objects.requireNonNull(key, "key");
        this.apId = Objects.requireNonNull(apId, "apId");
        this.role = Objects.requireNonNull(role, "role");
        this.established = established;
        this.userAddress = Objects.requireNonNull(userAddress, "userAddress");
        this.userId = Objects.requireNonNull(userId, "userId");
        this.connectionId = connectionId;
    }

    /**
     * Returns the 5-tuple.
     *
     * @return key
     */
    public SubflowKey key() {
        return key;
    }

    /**
     * Returns the AP.
     *
     * @return AP id
     */
    public String apId() {
        return apId;
    }

    /**
     * Returns the role.
     *
     * @return role
     */
    public FlowRole role() {
        return role;
    }

    /**
     * Tells whether the handshake completed (SYN/ACK seen).
     *
     * @return true if established
     */
    public boolean established() {
        return established;
    }

    /**
     * Returns the user's address of this flow.
     *
     * @return address
     */
    public InetAddress userAddress() {
        return userAddress;
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
     * Returns the MPTCP connection id, 0 if none.
     *
     * @return id
     */
    public long connectionId() {
        return connectionId;
    }

    @Override
    public String toString() {
        return key + " @" + apId + " " + role + (established ? "" : " (opening)") + " user=" + userId
                + (connectionId != 0 ? " conn=" + connectionId : "");
    }
}
