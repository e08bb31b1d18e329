package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.TcpFlags;

import java.io.ByteArrayOutputStream;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/**
 * Builds Ethernet/IPv4|IPv6/TCP|UDP frames for tests.
 */
final class Frames {
    static final long MAC_A = 0x020000000001L;
    static final long MAC_B = 0x020000000002L;

    private Frames() {
    }

    static InetAddress ip(String s) {
        try {
            return InetAddress.getByName(s);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(s, e);
        }
    }

    static byte[] mpCapable(int version, int len, Long k1, Long k2) {
        ByteBuffer b = ByteBuffer.allocate(len);
        b.put((byte) 30).put((byte) len).put((byte) (version & 0x0f)).put((byte) 0x01);
        if (k1 != null) {
            b.putLong(k1);
        }
        if (k2 != null) {
            b.putLong(k2);
        }
        return b.array();
    }

    static byte[] joinSyn(long token, long nonce, int addrId) {
        ByteBuffer b = ByteBuffer.allocate(12);
        b.put((byte) 30).put((byte) 12).put((byte) 0x10).put((byte) addrId).putInt((int) token).putInt((int) nonce);
        return b.array();
    }

    static byte[] joinSynAck(long hmac, long nonce, int addrId) {
        ByteBuffer b = ByteBuffer.allocate(16);
        b.put((byte) 30).put((byte) 16).put((byte) 0x10).put((byte) addrId).putLong(hmac).putInt((int) nonce);
        return b.array();
    }

    static byte[] joinAck() {
        byte[] b = new byte[24];
        b[0] = 30;
        b[1] = 24;
        b[2] = 0x10;
        return b;
    }

    static byte[] fastClose(long key) {
        ByteBuffer b = ByteBuffer.allocate(12);
        b.put((byte) 30).put((byte) 12).put((byte) 0x70).put((byte) 0).putLong(key);
        return b.array();
    }

    /** Pads options with NOPs to a multiple of 4 (after an MSS option as real stacks send). */
    static byte[] options(byte[]... opts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(2);
        o.write(4);
        o.write(0x05);
        o.write(0xb4);
        for (byte[] x : opts) {
            o.writeBytes(x);
        }
        while (o.size() % 4 != 0) {
            o.write(1);
        }
        return o.toByteArray();
    }

    static byte[] tcp(String src, int sport, String dst, int dport, int flags, byte[] options, int payload) {
        ByteBuffer t = ByteBuffer.allocate(20 + options.length + payload);
        t.putShort((short) sport).putShort((short) dport).putInt(1000)
                .putInt(TcpFlags.has(flags, TcpFlags.ACK) ? 1 : 0);
        int doff = (20 + options.length) / 4;
        t.put((byte) ((doff << 4) | ((flags >> 8) & 1))).put((byte) flags).putShort((short) 64000);
        t.putShort((short) 0).putShort((short) 0).put(options);
        return ip(src, dst, 6, t.array());
    }

    static byte[] udp(String src, int sport, String dst, int dport, int payload) {
        ByteBuffer u = ByteBuffer.allocate(8 + payload);
        u.putShort((short) sport).putShort((short) dport).putShort((short) (8 + payload)).putShort((short) 0);
        return ip(src, dst, 17, u.array());
    }

    static byte[] ip(String src, String dst, int proto, byte[] l4) {
        InetAddress s = ip(src);
        InetAddress d = ip(dst);
        boolean v6 = s instanceof Inet6Address;
        ByteBuffer f = ByteBuffer.allocate(14 + (v6 ? 40 : 20) + l4.length);
        f.putShort((short) (MAC_B >>> 32)).putInt((int) MAC_B);
        f.putShort((short) (MAC_A >>> 32)).putInt((int) MAC_A);
        if (v6) {
            f.putShort((short) 0x86dd);
            f.putInt(0x60000000).putShort((short) l4.length).put((byte) proto).put((byte) 64);
            f.put(s.getAddress()).put(d.getAddress());
        } else {
            f.putShort((short) 0x0800);
            f.put((byte) 0x45).put((byte) 0).putShort((short) (20 + l4.length)).putInt(0);
            f.put((byte) 64).put((byte) proto).putShort((short) 0).put(s.getAddress()).put(d.getAddress());
        }
        f.put(l4);
        return f.array();
    }
}
