package org.mpsdn.mptcp.wire;

import org.junit.Test;

import java.nio.ByteBuffer;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * MPTCP option parsing: every form of MP_CAPABLE and MP_JOIN, and malformed options ignored and counted.
 */
public class MptcpOptionParserTest {
    private static final int SYN = TcpFlags.SYN;
    private static final int SYN_ACK = TcpFlags.SYN | TcpFlags.ACK;
    private static final int ACK = TcpFlags.ACK;

    private final DecodeStats stats = new DecodeStats();

    private MptcpOptions parse(int flags, byte[] opts) {
        return MptcpOptionParser.parse(opts, 0, opts.length, flags, stats);
    }

    private static byte[] capable(int version, int len, long... keys) {
        ByteBuffer b = ByteBuffer.allocate(len);
        b.put((byte) 30).put((byte) len).put((byte) version).put((byte) 0x81);
        for (long k : keys) {
            b.putLong(k);
        }
        return b.array();
    }

    @Test
    public void mpCapableV1Forms() {
        MpCapable syn = parse(SYN, capable(1, 4)).mpCapable();
        assertEquals(1, syn.version());
        assertNull(syn.senderKey());
        assertEquals(0x81, syn.flags());

        MpCapable synAck = parse(SYN_ACK, capable(1, 12, 0x1122334455667788L)).mpCapable();
        assertEquals(Long.valueOf(0x1122334455667788L), synAck.senderKey());
        assertNull(synAck.receiverKey());

        MpCapable ack = parse(ACK, capable(1, 20, 1L, 2L)).mpCapable();
        assertEquals(Long.valueOf(1L), ack.senderKey());
        assertEquals(Long.valueOf(2L), ack.receiverKey());

        byte[] withData = ByteBuffer.allocate(22).put(capable(1, 20, 5L, 6L)).putShort((short) 100).array();
        withData[1] = 22;
        assertEquals(Long.valueOf(6L), parse(ACK, withData).mpCapable().receiverKey());
        assertEquals(0, stats.malformed());
    }

    @Test
    public void mpCapableV0CarriesKeyInSyn() {
        MpCapable syn = parse(SYN, capable(0, 12, 0xabcdefL)).mpCapable();
        assertEquals(0, syn.version());
        assertEquals(Long.valueOf(0xabcdefL), syn.senderKey());
        assertEquals(0, stats.malformed());
    }

    @Test
    public void mpCapableLengthMustFitVersionAndSegment() {
        assertNull(parse(SYN, capable(1, 12, 7L)).mpCapable());      // v1 SYN has no key
        assertNull(parse(SYN, capable(0, 4)).mpCapable());           // v0 SYN needs the key
        assertNull(parse(SYN_ACK, capable(1, 20, 1L, 2L)).mpCapable());
        assertNull(parse(ACK, capable(0, 12, 1L)).mpCapable());
        assertNull(parse(TcpFlags.FIN, capable(1, 20, 1L, 2L)).mpCapable());
        assertEquals(5, stats.get(DecodeEvent.BAD_MP_CAPABLE));
        assertNull(parse(SYN, capable(2, 4)).mpCapable());
        assertEquals(1, stats.get(DecodeEvent.UNKNOWN_MPTCP_VERSION));
    }

    @Test
    public void mpJoinForms() {
        byte[] syn = {30, 12, 0x11, 3, (byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef, 0, 0, 0, 9};
        MpJoin j = parse(SYN, syn).mpJoin();
        assertEquals(MpJoin.Form.SYN, j.form());
        assertTrue(j.backup());
        assertEquals(3, j.addressId());
        assertEquals(0xdeadbeefL, j.token());
        assertEquals(9L, j.nonce());

        byte[] synAck = new byte[16];
        synAck[0] = 30;
        synAck[1] = 16;
        synAck[2] = 0x10;
        synAck[3] = 7;
        synAck[15] = 4;
        MpJoin ja = parse(SYN_ACK, synAck).mpJoin();
        assertEquals(MpJoin.Form.SYN_ACK, ja.form());
        assertFalse(ja.backup());
        assertEquals(7, ja.addressId());
        assertEquals(4L, ja.nonce());

        byte[] ack = new byte[24];
        ack[0] = 30;
        ack[1] = 24;
        ack[2] = 0x10;
        assertEquals(MpJoin.Form.ACK, parse(ACK, ack).mpJoin().form());
        assertEquals(0, stats.malformed());

        assertNull(parse(SYN_ACK, syn).mpJoin());   // SYN form in a SYN/ACK
        assertEquals(1, stats.get(DecodeEvent.BAD_MP_JOIN));
    }

    @Test
    public void otherSubtypesAndUnknownOnes() {
        byte[] fastClose = {30, 12, 0x70, 0, 1, 2, 3, 4, 5, 6, 7, 8};
        MptcpOptions o = parse(ACK, fastClose);
        assertTrue(o.fastClose());
        assertTrue(o.any());
        assertEquals(1 << 7, o.subtypes());

        assertSame(MptcpOptions.NONE, parse(ACK, new byte[]{30, 4, (byte) 0x90, 0}));
        assertEquals(1, stats.get(DecodeEvent.UNKNOWN_MPTCP_SUBTYPE));
        assertSame(MptcpOptions.NONE, parse(ACK, new byte[]{30, 4, 0x60, 0}));  // MP_FAIL needs 12
        assertSame(MptcpOptions.NONE, parse(ACK, new byte[]{30, 2}));
        assertEquals(2, stats.get(DecodeEvent.BAD_MPTCP_OPTION));
    }

    @Test
    public void dssGivesDataAckAndMappingOfEitherSize() {
        byte[] ack64 = ByteBuffer.allocate(12).put((byte) 30).put((byte) 12).put((byte) 0x20).put((byte) 0x03)
                .putLong(0x8000_0000_0000_0001L).array();
        Dss d = parse(ACK, ack64).dss();
        assertEquals(Long.valueOf(0x8000_0000_0000_0001L), d.dataAck());
        assertTrue(d.dataAck64());
        assertNull(d.dsn());
        // Data ACK 4 octets, mapping with 8-octet DSN, subflow seq, length and checksum
        byte[] map = ByteBuffer.allocate(24).put((byte) 30).put((byte) 24).put((byte) 0x20).put((byte) 0x0d)
                .putInt(0xfffffffe).putLong(42L).putInt(7).putShort((short) 1400).putShort((short) 0).array();
        d = parse(ACK, map).dss();
        assertEquals(Long.valueOf(0xfffffffeL), d.dataAck());
        assertFalse(d.dataAck64());
        assertEquals(Long.valueOf(42L), d.dsn());
        assertTrue(d.dsn64());
        assertEquals(1 << 2, parse(ACK, map).subtypes());
        assertEquals(0, stats.malformed());
        // lengths that do not fit the flags
        assertNull(parse(ACK, new byte[]{30, 8, 0x20, 0x03, 0, 0, 0, 1}).dss());   // 8-octet ACK in 4
        assertNull(parse(ACK, new byte[]{30, 3, 0x20}).dss());
        assertEquals(2, stats.get(DecodeEvent.BAD_DSS));
    }

    @Test
    public void badOptionLengthsStopTheWalk() {
        // length 0, length 1, length past the end, kind without a length byte
        for (byte[] bad : new byte[][]{{8, 0, 30, 4, 0x01, 0}, {8, 1}, {2, 40, 30, 4, 0x01, 0}, {1, 1, 8}}) {
            assertSame(MptcpOptions.NONE, parse(SYN, bad));
        }
        assertEquals(4, stats.get(DecodeEvent.BAD_OPTION_LENGTH));
    }

    @Test
    public void nopsEolAndDuplicates() {
        byte[] opts = {1, 1, 30, 4, 0x01, 0, 30, 4, 0x01, 0, 0, 30, 4, 0x01};
        MptcpOptions o = parse(SYN, opts);
        assertEquals(1, o.mpCapable().version());
        assertEquals(1, stats.get(DecodeEvent.DUPLICATE_MPTCP_OPTION));
        assertEquals(0, stats.get(DecodeEvent.BAD_OPTION_LENGTH));   // bytes after EOL are ignored
    }

    @Test
    public void outOfRangeArgumentsGiveNone() {
        assertSame(MptcpOptions.NONE, MptcpOptionParser.parse(null, 0, 4, SYN, stats));
        assertSame(MptcpOptions.NONE, MptcpOptionParser.parse(new byte[4], 2, 4, SYN, stats));
        assertSame(MptcpOptions.NONE, MptcpOptionParser.parse(new byte[4], -1, 2, SYN, stats));
    }

    @Test
    public void tokensMatchRealKernelAndReferenceHashes() {
        // keys from SYN/ACKs and tokens from the MP_JOIN SYNs that Linux 6.18 sent for them
        assertEquals(0x1cad83d6L, MptcpTokens.token(0xbe17c152c098f0d5L, 1));
        assertEquals(0xb805e2d8L, MptcpTokens.token(0x72738d56141ad4d6L, 1));
        // version 0: SHA-1 (reference values from Python hashlib)
        assertEquals(0x0ca2eadbL, MptcpTokens.token(0x0123456789abcdefL, 0));
        assertEquals(0x55c53f5dL, MptcpTokens.token(0x0123456789abcdefL, 1));
    }

    @Test
    public void idsnMatchesRealKernelDataSequenceNumbers() {
        // users-ap1.pcap: the client's key 0x3fa94ade78266120 (third ACK); after its 2000 bytes the server's
        // 64-bit Data ACK is 4895109702059103541 = 0x43eeec56afcd1535 = IDSN + 1 + 2000
        assertEquals(0x43eeec56afcd1535L, MptcpTokens.idsn(0x3fa94ade78266120L, 1) + 1 + 2000);
        // the server's key 0x4e6c5169137828a9 (SYN/ACK): its DATA_FIN, without data, takes IDSN + 1
        assertEquals(0xf3665d64dc14f47bL, MptcpTokens.idsn(0x4e6c5169137828a9L, 1) + 1);
        // version 0: the low 64 bits of SHA-1 (reference value from Python hashlib)
        assertEquals(0xe3df8ee121f10547L, MptcpTokens.idsn(0x0123456789abcdefL, 0));
    }

    @Test(expected = IllegalArgumentException.class)
    public void idsnRejectsUnknownVersion() {
        MptcpTokens.idsn(1L, 2);
    }

    @Test(expected = IllegalArgumentException.class)
    public void tokenRejectsUnknownVersion() {
        MptcpTokens.token(1L, 2);
    }
}
