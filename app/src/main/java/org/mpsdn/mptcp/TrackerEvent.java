package org.mpsdn.mptcp;

/**
 * What {@link MultipathUserTracker} counts besides decoder events.
 */
public enum TrackerEvent {
    /** Frames given to {@code onPacket}. */
    PACKETS,
    /** Frames the decoder skipped or rejected (see the decoder's own counters). */
    UNDECODABLE,
    /** MPTCP connections opened (MP_CAPABLE seen). */
    MPTCP_CONNECTIONS,
    /** MP_JOIN subflows matched to a connection by token. */
    JOINS_RESOLVED,
    /** MP_JOIN subflows whose token matched no known connection when they were seen. */
    JOINS_UNRESOLVED,
    /** MP_JOIN SYNs answered without MP_JOIN (subflow refused). */
    JOINS_REJECTED,
    /** MP_CAPABLE SYNs answered without MP_CAPABLE: the connection fell back to TCP. */
    FALLBACKS,
    /**
     * Mid-stream TCP packets of flows whose handshake was not seen and that could not be picked up
     * (plain TCP, no 64-bit DSS, or neither side a station): ignored.
     */
    MIDSTREAM_IGNORED,
    /** MPTCP subflows picked up mid-stream from their DSS option (handshake not seen). */
    MIDSTREAM_PICKED_UP,
    /** Of those, subflows matched to another subflow's connection by their data sequence numbers. */
    MIDSTREAM_GROUPED,
    /** A token matched more than one live connection (32-bit collision). */
    TOKEN_COLLISIONS,
    /** An IP showed up in a station list with a new MAC: the old device's flows were ended. */
    ADDRESSES_REASSIGNED,
    /** Flows ended by FIN, RST, MP_FASTCLOSE, a refused join or a removed switch rule. */
    FLOWS_CLOSED,
    /**
     * Flows ended by their switch rule's removal (its idle timeout) that sent again while they lingered: live
     * again, in their connection (a Tier-2 subflow silent at R_m longer than the rule's idle timeout).
     */
    FLOWS_RESUMED,
    /** Flows dropped by idle or handshake timeout. */
    FLOWS_EXPIRED,
    /** New flows ignored because the tracker holds its maximum number of flows. */
    TABLE_FULL
}
