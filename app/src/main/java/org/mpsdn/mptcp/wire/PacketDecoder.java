package org.mpsdn.mptcp.wire;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * Decodes raw Ethernet frames (optionally 802.1Q/802.1ad tagged) carrying IPv4 or IPv6 and TCP
 * or UDP. Never throws on malformed input: returns null and counts why.
 */
public final class PacketDecoder {
    private static final int ETH_HEADER = 14;
    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86dd;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88a8;
    private static final int ETHERTYPE_QINQ_OLD = 0x9100;
    private static final int MAX_VLAN_TAGS = 2;
    private static final int MAX_IPV6_EXT_HEADERS = 8;
    private static final int IPV6_HOP_BY_HOP = 0;
    private static final int IPV6_ROUTING = 43;
    private static final int IPV6_FRAGMENT = 44;
    private static final int IPV6_AH = 51;
    private static final int IPV6_DEST_OPTS = 60;

    private PacketDecoder() {
    }

    /**
     * Decodes one Ethernet frame.
     *
     * @param frame the frame from the destination MAC on (no FCS needed)
     * @param stats counters for skipped and malformed frames
     * @return the decoded TCP/UDP packet, or null if skipped or malformed
     */
    public static DecodedPacket decode(byte[] frame, DecodeStats stats) {
        if (frame == null || frame.length < ETH_HEADER) {
            stats.count(DecodeEvent.TRUNCATED_ETHERNET);
            return null;
        }
        long dstMac = read48(frame, 0);
        long srcMac = read48(frame, 6);
        int off = 12;
        int type = read16(frame, off);
        int tags = 0;
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ || type == ETHERTYPE_QINQ_OLD) {
            if (++tags > MAX_VLAN_TAGS || off + 6 > frame.length) {
                stats.count(DecodeEvent.TRUNCATED_ETHERNET);
                return null;
            }
            off += 4;
            type = read16(frame, off);
        }
        off += 2;
        if (type == ETHERTYPE_IPV4) {
            return decodeIpv4(frame, off, srcMac, dstMac, stats);
        }
        if (type == ETHERTYPE_IPV6) {
            return decodeIpv6(frame, off, srcMac, dstMac, stats);
        }
        stats.count(DecodeEvent.NOT_IP);
        return null;
    }

    private static DecodedPacket decodeIpv4(byte[] b, int off, long srcMac, long dstMac, DecodeStats stats) {
        int avail = b.length - off;
        if (avail < 20 || (b[off] & 0xf0) != 0x40) {
            stats.count(DecodeEvent.BAD_IPV4_HEADER);
            return null;
        }
        int ihl = (b[off] & 0x0f) * 4;
        int total = read16(b, off + 2);
        if (ihl < 20 || ihl > avail || total < ihl) {
            stats.count(DecodeEvent.BAD_IPV4_HEADER);
            return null;
        }
        int fragOffset = read16(b, off + 6) & 0x1fff;
        int proto = b[off + 9] & 0xff;
        if (fragOffset != 0 || (proto != DecodedPacket.PROTO_TCP && proto != DecodedPacket.PROTO_UDP)) {
            stats.count(DecodeEvent.OTHER_TRANSPORT);
            return null;
        }
        InetAddress src = address(b, off + 12, 4);
        InetAddress dst = address(b, off + 16, 4);
        int l4 = off + ihl;
        int l4Length = total - ihl;
        int captured = Math.min(b.length, off + total) - l4;
        return decodeTransport(b, l4, captured, l4Length, proto, src, dst, srcMac, dstMac, stats);
    }

    private static DecodedPacket decodeIpv6(byte[] b, int off, long srcMac, long dstMac, DecodeStats stats) {
        int avail = b.length - off;
        if (avail < 40 || (b[off] & 0xf0) != 0x60) {
            stats.count(DecodeEvent.BAD_IPV6_HEADER);
            return null;
        }
        int payload = read16(b, off + 4);
        int next = b[off + 6] & 0xff;
        InetAddress src = address(b, off + 8, 16);
        InetAddress dst = address(b, off + 24, 16);
        int end = payload == 0 ? b.length : Math.min(b.length, off + 40 + payload);
        int wireEnd = payload == 0 ? b.length : off + 40 + payload;
        int p = off + 40;
        for (int n = 0; n <= MAX_IPV6_EXT_HEADERS; n++) {
            if (next == DecodedPacket.PROTO_TCP || next == DecodedPacket.PROTO_UDP) {
                return decodeTransport(b, p, end - p, wireEnd - p, next, src, dst, srcMac, dstMac, stats);
            }
            if (next != IPV6_HOP_BY_HOP && next != IPV6_ROUTING && next != IPV6_FRAGMENT
                    && next != IPV6_AH && next != IPV6_DEST_OPTS) {
                stats.count(DecodeEvent.OTHER_TRANSPORT);
                return null;
            }
            if (p + 8 > end) {
                stats.count(DecodeEvent.BAD_IPV6_HEADER);
                return null;
            }
            int len;
            if (next == IPV6_FRAGMENT) {
                if ((read16(b, p + 2) & 0xfff8) != 0) {
                    stats.count(DecodeEvent.OTHER_TRANSPORT);
                    return null;
                }
                len = 8;
            } else if (next == IPV6_AH) {
                len = ((b[p + 1] & 0xff) + 2) * 4;
            } else {
                len = ((b[p + 1] & 0xff) + 1) * 8;
            }
            next = b[p] & 0xff;
            p += len;
            if (p > end) {
                stats.count(DecodeEvent.BAD_IPV6_HEADER);
                return null;
            }
        }
        stats.count(DecodeEvent.BAD_IPV6_HEADER);
        return null;
    }

    private static DecodedPacket decodeTransport(byte[] b, int l4, int captured, int l4Length, int proto,
                                                 InetAddress src, InetAddress dst, long srcMac, long dstMac,
                                                 DecodeStats stats) {
        if (proto == DecodedPacket.PROTO_UDP) {
            if (captured < 8 || l4Length < 8) {
                stats.count(DecodeEvent.BAD_UDP_HEADER);
                return null;
            }
            stats.count(DecodeEvent.DECODED);
            return new DecodedPacket(srcMac, dstMac, src, dst, proto, read16(b, l4), read16(b, l4 + 2), 0,
                                     l4Length - 8, MptcpOptions.NONE);
        }
        if (captured < 20 || l4Length < 20) {
            stats.count(DecodeEvent.BAD_TCP_HEADER);
            return null;
        }
        int hdr = ((b[l4 + 12] & 0xf0) >>> 4) * 4;
        if (hdr < 20 || hdr > captured || hdr > l4Length) {
            stats.count(DecodeEvent.BAD_TCP_HEADER);
            return null;
        }
        int flags = ((b[l4 + 12] & 0x01) << 8) | (b[l4 + 13] & 0xff);
        MptcpOptions opts = MptcpOptionParser.parse(b, l4 + 20, hdr - 20, flags, stats);
        stats.count(DecodeEvent.DECODED);
        return new DecodedPacket(srcMac, dstMac, src, dst, proto, read16(b, l4), read16(b, l4 + 2), flags,
                                 l4Length - hdr, opts);
    }

    private static InetAddress address(byte[] b, int off, int len) {
        try {
            return InetAddress.getByAddress(Arrays.copyOfRange(b, off, off + len));
        } catch (UnknownHostException e) {
            // only thrown for a wrong array length, which the callers rule out
            throw new IllegalStateException(e);
        }
    }

    private static int read16(byte[] b, int i) {
        return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
    }

    private static long read48(byte[] b, int i) {
        long v = 0;
        for (int k = 0; k < 6; k++) {
            v = (v << 8) | (b[i + k] & 0xffL);
        }
        return v;
    }
}
