package org.mpsdn.mptcp.wire;

/**
 * A DSS option (RFC 8684 Section 3.3): the connection-level Data ACK and the data sequence
 * number (DSN) of the mapping, each 4 or 8 octets on the wire. Both live in the data sequence
 * spaces of the MPTCP connection, shared by all its subflows: the Data ACK in the space of the data
 * the segment's receiver sends, the DSN in the space of the data its sender sends. Each space
 * starts at a random 64-bit value derived from a key, so two subflows whose values are close
 * belong to one connection.
 */
public final class Dss {
    private final Long dataAck;
    private final boolean dataAck64;
    private final Long dsn;
    private final boolean dsn64;

    /**
     * Creates a DSS value.
     *
     * @param dataAck   the Data ACK, null if absent
     * @param dataAck64 true if it was sent with 8 octets
     * @param dsn       the mapping's data sequence number, null if absent
     * @param dsn64     true if it was sent with 8 octets
     */
    public Dss(Long dataAck, boolean dataAck64, Long dsn, boolean dsn64) {
        this.dataAck = dataAck;
        this.dataAck64 = dataAck64;
        this.dsn = dsn;
        this.dsn64 = dsn64;
    }

    /**
     * Returns the Data ACK (the next byte the sender of this segment expects from its peer).
     *
     * @return Data ACK, null if absent
     */
    public Long dataAck() {
        return dataAck;
    }

    /**
     * Tells whether the Data ACK was sent with 8 octets (4 octets give its low 32 bits only).
     *
     * @return true for a 64-bit Data ACK
     */
    public boolean dataAck64() {
        return dataAck64;
    }

    /**
     * Returns the data sequence number of the mapping (of the data the sender of this segment sends).
     *
     * @return DSN, null if no mapping
     */
    public Long dsn() {
        return dsn;
    }

    /**
     * Tells whether the DSN was sent with 8 octets.
     *
     * @return true for a 64-bit DSN
     */
    public boolean dsn64() {
        return dsn64;
    }

    @Override
    public String toString() {
        return "DSS{" + (dataAck != null ? "ack=" + Long.toUnsignedString(dataAck) + (dataAck64 ? "/64 " : "/32 ") : "")
                + (dsn != null ? "dsn=" + Long.toUnsignedString(dsn) + (dsn64 ? "/64" : "/32") : "") + "}";
    }
}
