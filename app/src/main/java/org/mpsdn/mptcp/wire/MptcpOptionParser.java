package org.mpsdn.mptcp.wire;

/**
 * Walks the TCP options of one segment and extracts its MPTCP options (kind 30).
 * <p>
 * Never throws on malformed input: a bad option length stops the walk, a malformed or unknown
 * MPTCP option is skipped; both are counted in the given {@link DecodeStats}.
 */
public final class MptcpOptionParser {
    /** TCP option kind of MPTCP (RFC 8684). */
    public static final int KIND_MPTCP = 30;

    /** MPTCP subtype MP_CAPABLE. */
    public static final int MP_CAPABLE = 0;
    /** MPTCP subtype MP_JOIN. */
    public static final int MP_JOIN = 1;
    /** MPTCP subtype DSS. */
    public static final int DSS = 2;
    /** MPTCP subtype ADD_ADDR. */
    public static final int ADD_ADDR = 3;
    /** MPTCP subtype REMOVE_ADDR. */
    public static final int REMOVE_ADDR = 4;
    /** MPTCP subtype MP_PRIO. */
    public static final int MP_PRIO = 5;
    /** MPTCP subtype MP_FAIL. */
    public static final int MP_FAIL = 6;
    /** MPTCP subtype MP_FASTCLOSE. */
    public static final int MP_FASTCLOSE = 7;
    /** MPTCP subtype MP_TCPRST (RFC 8684). */
    public static final int MP_TCPRST = 8;

    /** Minimum lengths of subtypes 2..8, indexed by subtype. */
    private static final int[] MIN_LENGTH = {0, 0, 4, 8, 4, 3, 12, 12, 4};

    private static final int KIND_EOL = 0;
    private static final int KIND_NOP = 1;
    private static final int BACKUP_FLAG = 0x01;

    private MptcpOptionParser() {
    }

    /**
     * Parses the options area of a TCP header.
     *
     * @param buf      bytes holding the options
     * @param off      offset of the first option byte (TCP header offset + 20)
     * @param len      length of the options area in bytes (data offset * 4 - 20)
     * @param tcpFlags the segment's TCP flags (decides which MP_CAPABLE/MP_JOIN forms are valid)
     * @param stats    counters for malformed input
     * @return the MPTCP options found, {@link MptcpOptions#NONE} if none
     */
    public static MptcpOptions parse(byte[] buf, int off, int len, int tcpFlags, DecodeStats stats) {
        if (buf == null || off < 0 || len <= 0 || off > buf.length || len > buf.length - off) {
            return MptcpOptions.NONE;
        }
        final int end = off + len;
        Found found = new Found();
        int i = off;
        while (i < end) {
            int kind = buf[i] & 0xff;
            if (kind == KIND_EOL) {
                break;
            }
            if (kind == KIND_NOP) {
                i++;
                continue;
            }
            if (i + 1 >= end) {
                stats.count(DecodeEvent.BAD_OPTION_LENGTH);
                break;
            }
            int olen = buf[i + 1] & 0xff;
            if (olen < 2 || olen > end - i) {
                stats.count(DecodeEvent.BAD_OPTION_LENGTH);
                break;
            }
            if (kind == KIND_MPTCP) {
                parseMptcp(buf, i, olen, tcpFlags, stats, found);
            }
            i += olen;
        }
        if (found.subtypes == 0) {
            return MptcpOptions.NONE;
        }
        return new MptcpOptions(found.capable, found.join, found.fastClose, found.tcpRst, found.subtypes, found.dss);
    }

    /** The MPTCP options found so far in one segment. */
    private static final class Found {
        MpCapable capable;
        MpJoin join;
        Dss dss;
        boolean fastClose;
        boolean tcpRst;
        int subtypes;
    }

    /** Parses one MPTCP option (kind 30, length already checked against the options area). */
    private static void parseMptcp(byte[] buf, int i, int olen, int tcpFlags, DecodeStats stats, Found found) {
        if (olen < 3) {
            stats.count(DecodeEvent.BAD_MPTCP_OPTION);
            return;
        }
        int subtype = (buf[i + 2] & 0xf0) >>> 4;
        if (subtype == MP_CAPABLE) {
            MpCapable c = parseCapable(buf, i, olen, tcpFlags, stats);
            if (c != null) {
                found.subtypes |= 1 << subtype;
                found.capable = firstOf(found.capable, c, stats);
            }
        } else if (subtype == MP_JOIN) {
            MpJoin j = parseJoin(buf, i, olen, tcpFlags, stats);
            if (j != null) {
                found.subtypes |= 1 << subtype;
                found.join = firstOf(found.join, j, stats);
            }
        } else if (subtype == DSS) {
            Dss d = parseDss(buf, i, olen, stats);
            if (d != null) {
                found.subtypes |= 1 << subtype;
                found.dss = firstOf(found.dss, d, stats);
            }
        } else if (subtype < MIN_LENGTH.length) {
            if (olen < MIN_LENGTH[subtype]) {
                stats.count(DecodeEvent.BAD_MPTCP_OPTION);
            } else {
                found.subtypes |= 1 << subtype;
                found.fastClose |= subtype == MP_FASTCLOSE;
                found.tcpRst |= subtype == MP_TCPRST;
            }
        } else {
            stats.count(DecodeEvent.UNKNOWN_MPTCP_SUBTYPE);
        }
    }

    /** Keeps the first option of a subtype; a repeated one is counted and ignored. */
    private static <T> T firstOf(T kept, T next, DecodeStats stats) {
        if (kept == null) {
            return next;
        }
        stats.count(DecodeEvent.DUPLICATE_MPTCP_OPTION);
        return kept;
    }

    private static MpCapable parseCapable(byte[] b, int i, int olen, int tcpFlags, DecodeStats stats) {
        if (olen < 4) {
            stats.count(DecodeEvent.BAD_MP_CAPABLE);
            return null;
        }
        int version = b[i + 2] & 0x0f;
        int flags = b[i + 3] & 0xff;
        boolean syn = TcpFlags.has(tcpFlags, TcpFlags.SYN);
        boolean ack = TcpFlags.has(tcpFlags, TcpFlags.ACK);
        if (version > 1) {
            stats.count(DecodeEvent.UNKNOWN_MPTCP_VERSION);
            return null;
        }
        boolean ok;
        if (syn && !ack) {
            ok = version == 1 ? olen == 4 : olen == 12;
        } else if (syn) {
            ok = olen == 12;
        } else if (ack) {
            ok = version == 1 ? olen == 20 || olen == 22 || olen == 24 : olen == 20;
        } else {
            ok = false;
        }
        if (!ok) {
            stats.count(DecodeEvent.BAD_MP_CAPABLE);
            return null;
        }
        Long sender = olen >= 12 ? readLong(b, i + 4) : null;
        Long receiver = olen >= 20 ? readLong(b, i + 12) : null;
        return new MpCapable(version, flags, sender, receiver);
    }

    private static MpJoin parseJoin(byte[] b, int i, int olen, int tcpFlags, DecodeStats stats) {
        boolean syn = TcpFlags.has(tcpFlags, TcpFlags.SYN);
        boolean ack = TcpFlags.has(tcpFlags, TcpFlags.ACK);
        boolean backup = (b[i + 2] & BACKUP_FLAG) != 0;
        if (syn && !ack && olen == 12) {
            return new MpJoin(MpJoin.Form.SYN, backup, b[i + 3] & 0xff, readInt(b, i + 4), readInt(b, i + 8));
        }
        if (syn && ack && olen == 16) {
            return new MpJoin(MpJoin.Form.SYN_ACK, backup, b[i + 3] & 0xff, 0, readInt(b, i + 12));
        }
        if (!syn && ack && olen == 24) {
            return new MpJoin(MpJoin.Form.ACK, false, 0, 0, 0);
        }
        stats.count(DecodeEvent.BAD_MP_JOIN);
        return null;
    }

    /**
     * A DSS option: flags A (Data ACK), a (8-octet Data ACK), M (mapping), m (8-octet DSN); its
     * length must be what the flags announce, plus 2 for an optional checksum with a mapping.
     */
    private static Dss parseDss(byte[] b, int i, int olen, DecodeStats stats) {
        if (olen < 4) {
            stats.count(DecodeEvent.BAD_DSS);
            return null;
        }
        int flags = b[i + 3] & 0xff;
        boolean hasAck = (flags & 0x01) != 0;
        boolean ack64 = (flags & 0x02) != 0;
        boolean hasMap = (flags & 0x04) != 0;
        boolean dsn64 = (flags & 0x08) != 0;
        int ackLen = hasAck ? (ack64 ? 8 : 4) : 0;
        int mapLen = hasMap ? (dsn64 ? 8 : 4) + 6 : 0;
        int want = 4 + ackLen + mapLen;
        if (olen != want && !(hasMap && olen == want + 2)) {
            stats.count(DecodeEvent.BAD_DSS);
            return null;
        }
        Long ack = hasAck ? (ack64 ? readLong(b, i + 4) : readInt(b, i + 4)) : null;
        int m = i + 4 + ackLen;
        Long dsn = hasMap ? (dsn64 ? readLong(b, m) : readInt(b, m)) : null;
        return new Dss(ack, hasAck && ack64, dsn, hasMap && dsn64);
    }

    private static long readInt(byte[] b, int i) {
        return ((b[i] & 0xffL) << 24) | ((b[i + 1] & 0xffL) << 16) | ((b[i + 2] & 0xffL) << 8) | (b[i + 3] & 0xffL);
    }

    private static long readLong(byte[] b, int i) {
        return (readInt(b, i) << 32) | readInt(b, i + 4);
    }
}
