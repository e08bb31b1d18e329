package org.mpsdn.mptcp.wire;

/**
 * The MPTCP options of one TCP segment that matter for grouping.
 */
public final class MptcpOptions {
    /** Segment without any MPTCP option. */
    public static final MptcpOptions NONE = new MptcpOptions(null, null, false, false, 0);

    private final MpCapable mpCapable;
    private final MpJoin mpJoin;
    private final boolean fastClose;
    private final boolean tcpRst;
    private final int subtypes;
    private final Dss dss;

    /**
     * Creates the result.
     *
     * @param mpCapable the MP_CAPABLE option or null
     * @param mpJoin    the MP_JOIN option or null
     * @param fastClose true if MP_FASTCLOSE was present
     * @param tcpRst    true if MP_TCPRST was present
     * @param subtypes  bit mask (1 &lt;&lt; subtype) of well-formed MPTCP subtypes seen
     */
    public MptcpOptions(MpCapable mpCapable, MpJoin mpJoin, boolean fastClose, boolean tcpRst, int subtypes) {
        this(mpCapable, mpJoin, fastClose, tcpRst, subtypes, null);
    }

    /**
     * Creates the result with a DSS option.
     *
     * @param mpCapable the MP_CAPABLE option or null
     * @param mpJoin    the MP_JOIN option or null
     * @param fastClose true if MP_FASTCLOSE was present
     * @param tcpRst    true if MP_TCPRST was present
     * @param subtypes  bit mask (1 &lt;&lt; subtype) of well-formed MPTCP subtypes seen
     * @param dss       the DSS option or null
     */
    public MptcpOptions(MpCapable mpCapable, MpJoin mpJoin, boolean fastClose, boolean tcpRst, int subtypes,
                        Dss dss) {
        this.mpCapable = mpCapable;
        this.mpJoin = mpJoin;
        this.fastClose = fastClose;
        this.tcpRst = tcpRst;
        this.subtypes = subtypes;
        this.dss = dss;
    }

    /**
     * Returns the MP_CAPABLE option.
     *
     * @return option or null
     */
    public MpCapable mpCapable() {
        return mpCapable;
    }

    /**
     * Returns the MP_JOIN option.
     *
     * @return option or null
     */
    public MpJoin mpJoin() {
        return mpJoin;
    }

    /**
     * Returns the DSS option (Data ACK and mapping), which mid-stream segments carry.
     *
     * @return option or null
     */
    public Dss dss() {
        return dss;
    }

    /**
     * Tells whether MP_FASTCLOSE (whole connection reset) was present.
     *
     * @return true if present
     */
    public boolean fastClose() {
        return fastClose;
    }

    /**
     * Tells whether MP_TCPRST was present.
     *
     * @return true if present
     */
    public boolean tcpRst() {
        return tcpRst;
    }

    /**
     * Returns the mask of well-formed MPTCP subtypes seen (bit n set for subtype n).
     *
     * @return mask
     */
    public int subtypes() {
        return subtypes;
    }

    /**
     * Tells whether any well-formed MPTCP option was present.
     *
     * @return true if the segment carried MPTCP signalling
     */
    public boolean any() {
        return subtypes != 0;
    }

    @Override
    public String toString() {
        return "MptcpOptions{" + (mpCapable != null ? mpCapable + " " : "") + (mpJoin != null ? mpJoin + " " : "")
                + (dss != null ? dss + " " : "") + (fastClose ? "FASTCLOSE " : "") + (tcpRst ? "TCPRST " : "")
                + "subtypes=0x" + Integer.toHexString(subtypes) + "}";
    }
}
