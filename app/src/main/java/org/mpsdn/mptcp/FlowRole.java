package org.mpsdn.mptcp;

/**
 * What a tracked flow is, as far as the handshake shows.
 */
public enum FlowRole {
    /** Plain TCP: no MP_CAPABLE in the SYN. */
    TCP,
    /** The client offered MPTCP but the SYN/ACK did not accept it: plain TCP. */
    TCP_FALLBACK,
    /** First subflow of an MPTCP connection (MP_CAPABLE handshake). */
    MPTCP_PRIMARY,
    /** Additional subflow (MP_JOIN) of an MPTCP connection. */
    MPTCP_JOIN,
    /**
     * MPTCP subflow picked up mid-stream (its handshake passed before the controller saw it, e.g.
     * across a controller restart), grouped into a connection by its data sequence numbers.
     */
    MPTCP_MIDSTREAM,
    /** UDP (QUIC included): Tier 1, never grouped by the handshake. */
    UDP
}
