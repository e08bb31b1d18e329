package org.mpsdn.mptcp.wire;

/**
 * TCP header flag bits (RFC 9293, RFC 3168), as in the low 9 bits of header bytes 12-13.
 */
public final class TcpFlags {
    /** FIN. */
    public static final int FIN = 0x001;
    /** SYN. */
    public static final int SYN = 0x002;
    /** RST. */
    public static final int RST = 0x004;
    /** PSH. */
    public static final int PSH = 0x008;
    /** ACK. */
    public static final int ACK = 0x010;
    /** URG. */
    public static final int URG = 0x020;
    /** ECE. */
    public static final int ECE = 0x040;
    /** CWR. */
    public static final int CWR = 0x080;
    /** AE (accurate ECN, formerly NS). */
    public static final int AE = 0x100;

    private TcpFlags() {
    }

    /**
     * Tests a flag.
     *
     * @param flags header flags
     * @param flag  one of the constants
     * @return true if set
     */
    public static boolean has(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
