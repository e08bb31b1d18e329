package org.mpsdn.mptcp;

import java.net.InetAddress;

/**
 * One tracked flow: a TCP subflow (of an MPTCP connection or plain TCP) or a UDP flow. Mutable
 * state of the tracker, guarded by its lock.
 */
final class Subflow {
    final SubflowKey key;
    final String apId;
    final long created;
    FlowRole role;
    boolean established;
    boolean closed;
    /** Whether the flow was closed because its switch rule was removed (not by FIN, RST or MP_FASTCLOSE). */
    boolean ruleRemoved;
    long closedAt;
    long lastSeen;
    MptcpConnection conn;
    Long joinToken;
    boolean userIsResponder;

    Subflow(SubflowKey key, String apId, FlowRole role, long now) {
        this.key = key;
        this.apId = apId;
        this.role = role;
        this.created = now;
        this.lastSeen = now;
    }

    /**
     * Returns the address of the user's side: the opener unless the user is the responder.
     *
     * @return address
     */
    InetAddress userAddress() {
        return userIsResponder ? key.responderIp() : key.initiatorIp();
    }

    /**
     * Notes activity (the last-seen time never moves back).
     *
     * @param now current time
     */
    void touch(long now) {
        lastSeen = Math.max(lastSeen, now);
    }

    /**
     * Notes the end of the flow; it stays in the table until its linger time is over.
     *
     * @param now current time
     */
    void close(long now) {
        closed = true;
        closedAt = now;
    }
}
