package org.mpsdn.mptcp.wire;

import java.util.Arrays;

/**
 * Fuzz target for {@link PacketDecoder} and {@link MptcpOptionParser}, shared by the JUnit
 * {@link MptcpDecoderFuzzTest} and the Jazzer CLI ({@code deploy/fixtures/mptcp-fuzz.sh}).
 * Any exception is a finding. Input layout: byte 0 selects the target (even: a whole Ethernet
 * frame for the decoder; odd: a bare TCP options area, bytes 1-2 being the TCP flags), the rest is
 * the data.
 */
public final class MptcpDecoderFuzzTarget {

    private MptcpDecoderFuzzTarget() {
    }

    /**
     * Jazzer CLI entry point (classic fuzz target signature).
     *
     * @param input fuzzer input
     */
    public static void fuzzerTestOneInput(byte[] input) {
        if (input.length == 0) {
            return;
        }
        DecodeStats stats = new DecodeStats();
        byte[] data = Arrays.copyOfRange(input, 1, input.length);
        if ((input[0] & 1) == 0) {
            DecodedPacket p = PacketDecoder.decode(data, stats);
            if (p == null) {
                return;
            }
            check(p.srcPort() >= 0 && p.srcPort() <= 0xffff && p.dstPort() >= 0 && p.dstPort() <= 0xffff, p);
            check(p.payloadLength() >= 0, p);
            check(p.tcpFlags() >= 0 && p.tcpFlags() <= 0x1ff, p);
            checkOptions(p.mptcp(), p.tcpFlags());
        } else {
            if (data.length < 2) {
                return;
            }
            int flags = ((data[0] & 1) << 8) | (data[1] & 0xff);
            MptcpOptions o = MptcpOptionParser.parse(data, 2, data.length - 2, flags, stats);
            checkOptions(o, flags);
        }
    }

    private static void checkOptions(MptcpOptions o, int flags) {
        MpCapable c = o.mpCapable();
        if (c != null) {
            check(c.version() == 0 || c.version() == 1, c);
            check(TcpFlags.has(flags, TcpFlags.SYN) || TcpFlags.has(flags, TcpFlags.ACK), c);
            if (c.receiverKey() != null) {
                check(c.senderKey() != null && !TcpFlags.has(flags, TcpFlags.SYN), c);
            }
            if (c.senderKey() != null) {
                MptcpTokens.token(c.senderKey(), c.version());
            }
        }
        MpJoin j = o.mpJoin();
        if (j != null) {
            check(j.addressId() >= 0 && j.addressId() <= 255, j);
            check(j.token() >= 0 && j.token() <= 0xffffffffL && j.nonce() >= 0 && j.nonce() <= 0xffffffffL, j);
        }
        check(o.any() == (o.subtypes() != 0), o);
    }

    private static void check(boolean ok, Object what) {
        if (!ok) {
            throw new IllegalStateException("invariant broken by " + what);
        }
    }
}
