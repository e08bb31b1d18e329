package org.mpsdn.mptcp.wire;

import org.junit.Test;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Frame decoding: IPv4/IPv6, VLAN tags, extension headers, fragments, and truncated or
 * inconsistent headers ignored and counted.
 */
public class PacketDecoderTest {
    private final DecodeStats stats = new DecodeStats();

    private static final byte[] MP_CAPABLE_SYN = {2, 4, 0x05, (byte) 0xb4, 30, 4, 0x01, 0x00};

    static byte[] tcp4(int flags, byte[] opts, int payload) {
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + 20 + opts.length + payload);
        f.put(new byte[]{0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1}).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (40 + opts.length + payload)).putInt(0x4000)
                .put((byte) 64).put((byte) 6).putShort((short) 0)
                .put(new byte[]{10, 1, 0, 11}).put(new byte[]{10, 0, 0, 1});
        f.putShort((short) 40000).putShort((short) 5001).putInt(1).putInt(0)
                .put((byte) (((20 + opts.length) / 4) << 4)).put((byte) flags).putShort((short) 1000).putInt(0);
        f.put(opts);
        return f.array();
    }

    @Test
    public void ipv4TcpWithMptcpOption() throws Exception {
        DecodedPacket p = PacketDecoder.decode(tcp4(TcpFlags.SYN, MP_CAPABLE_SYN, 0), stats);
        assertNotNull(p);
        assertTrue(p.isTcp());
        assertEquals(InetAddress.getByName("10.1.0.11"), p.srcIp());
        assertEquals(InetAddress.getByName("10.0.0.1"), p.dstIp());
        assertEquals(40000, p.srcPort());
        assertEquals(5001, p.dstPort());
        assertEquals(TcpFlags.SYN, p.tcpFlags());
        assertEquals(0x000000000002L, p.dstMac());
        assertEquals(0x000000000001L, p.srcMac());
        assertEquals(1, p.mptcp().mpCapable().version());
        assertEquals(0, p.payloadLength());
        assertEquals(1, stats.get(DecodeEvent.DECODED));
    }

    @Test
    public void vlanTaggedFrame() {
        byte[] plain = tcp4(TcpFlags.SYN, MP_CAPABLE_SYN, 0);
        byte[] tagged = new byte[plain.length + 4];
        System.arraycopy(plain, 0, tagged, 0, 12);
        tagged[12] = (byte) 0x81;
        tagged[13] = 0x00;
        tagged[15] = 10;
        System.arraycopy(plain, 12, tagged, 16, plain.length - 12);
        DecodedPacket p = PacketDecoder.decode(tagged, stats);
        assertNotNull(p);
        assertEquals(5001, p.dstPort());
    }

    @Test
    public void ipv6WithHopByHopHeader() throws Exception {
        byte[] tcp = Arrays.copyOfRange(tcp4(TcpFlags.SYN, MP_CAPABLE_SYN, 10), 34, 34 + 28 + 10);
        ByteBuffer f = ByteBuffer.allocate(14 + 40 + 8 + tcp.length);
        f.put(new byte[12]).putShort((short) 0x86dd);
        f.putInt(0x60000000).putShort((short) (8 + tcp.length)).put((byte) 0).put((byte) 64);
        f.put(InetAddress.getByName("2001:db8::11").getAddress())
                .put(InetAddress.getByName("2001:db8::1").getAddress());
        f.put((byte) 6).put((byte) 0).put(new byte[6]);   // hop-by-hop, next = TCP
        f.put(tcp);
        DecodedPacket p = PacketDecoder.decode(f.array(), stats);
        assertNotNull(p);
        assertEquals(InetAddress.getByName("2001:db8::11"), p.srcIp());
        assertEquals(10, p.payloadLength());
        assertEquals(1, p.mptcp().mpCapable().version());
    }

    @Test
    public void udpDecodes() {
        byte[] f = tcp4(0, new byte[0], 0);
        f[23] = 17;
        DecodedPacket p = PacketDecoder.decode(Arrays.copyOf(f, 14 + 20 + 8), stats);
        assertNotNull(p);
        assertEquals(DecodedPacket.PROTO_UDP, p.protocol());
        assertEquals(MptcpOptions.NONE, p.mptcp());
    }

    @Test
    public void skippedFramesAreCountedNotMalformed() {
        byte[] arp = new byte[42];
        arp[12] = 0x08;
        arp[13] = 0x06;
        assertNull(PacketDecoder.decode(arp, stats));
        byte[] icmp = tcp4(0, new byte[0], 0);
        icmp[23] = 1;
        assertNull(PacketDecoder.decode(icmp, stats));
        byte[] frag = tcp4(0, new byte[0], 0);
        frag[20] = 0x20;
        frag[21] = 0x10;   // fragment offset != 0
        assertNull(PacketDecoder.decode(frag, stats));
        assertEquals(1, stats.get(DecodeEvent.NOT_IP));
        assertEquals(2, stats.get(DecodeEvent.OTHER_TRANSPORT));
        assertEquals(0, stats.malformed());
    }

    @Test
    public void truncatedAndInconsistentHeadersAreCounted() {
        byte[] good = tcp4(TcpFlags.SYN, MP_CAPABLE_SYN, 0);
        assertNull(PacketDecoder.decode(null, stats));
        assertNull(PacketDecoder.decode(new byte[10], stats));
        assertEquals(2, stats.get(DecodeEvent.TRUNCATED_ETHERNET));
        // every truncation of the headers is rejected, never thrown
        for (int len = 14; len < good.length; len++) {
            assertNull("length " + len, PacketDecoder.decode(Arrays.copyOf(good, len), stats));
        }
        assertEquals(20, stats.get(DecodeEvent.BAD_IPV4_HEADER));
        assertEquals(28, stats.get(DecodeEvent.BAD_TCP_HEADER));

        byte[] badIhl = good.clone();
        badIhl[14] = 0x44;
        assertNull(PacketDecoder.decode(badIhl, stats));
        byte[] shortTotal = good.clone();
        shortTotal[16] = 0;
        shortTotal[17] = 10;
        assertNull(PacketDecoder.decode(shortTotal, stats));
        byte[] badDoff = good.clone();
        badDoff[34 + 12] = 0x40;
        assertNull(PacketDecoder.decode(badDoff, stats));
        byte[] doffPastEnd = good.clone();
        doffPastEnd[34 + 12] = (byte) 0xf0;
        assertNull(PacketDecoder.decode(doffPastEnd, stats));
        assertEquals(22, stats.get(DecodeEvent.BAD_IPV4_HEADER));
        assertEquals(30, stats.get(DecodeEvent.BAD_TCP_HEADER));
        assertEquals(0, stats.get(DecodeEvent.DECODED));
    }

    @Test
    public void payloadBeyondCaptureIsFine() {
        byte[] f = tcp4(TcpFlags.ACK, new byte[0], 1000);
        DecodedPacket p = PacketDecoder.decode(Arrays.copyOf(f, 54), stats);
        assertNotNull(p);
        assertEquals(1000, p.payloadLength());
    }
}
