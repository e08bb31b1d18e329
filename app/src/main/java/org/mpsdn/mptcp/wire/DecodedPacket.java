package org.mpsdn.mptcp.wire;

import java.net.InetAddress;
import java.util.Objects;

/**
 * The fields of one decoded TCP or UDP frame that flow grouping needs.
 */
public final class DecodedPacket {
    /** IP protocol number of TCP. */
    public static final int PROTO_TCP = 6;
    /** IP protocol number of UDP. */
    public static final int PROTO_UDP = 17;

    private final long srcMac;
    private final long dstMac;
    private final InetAddress srcIp;
    private final InetAddress dstIp;
    private final int protocol;
    private final int srcPort;
    private final int dstPort;
    private final int tcpFlags;
    private final int payloadLength;
    private final MptcpOptions mptcp;

    /**
     * Creates a decoded packet.
     *
     * @param srcMac        Ethernet source as 48-bit value
     * @param dstMac        Ethernet destination as 48-bit value
     * @param srcIp         IP source
     * @param dstIp         IP destination
     * @param protocol      {@link #PROTO_TCP} or {@link #PROTO_UDP}
     * @param srcPort       transport source port
     * @param dstPort       transport destination port
     * @param tcpFlags      TCP flags (0 for UDP)
     * @param payloadLength transport payload length in bytes as the IP header states it
     * @param mptcp         MPTCP options ({@link MptcpOptions#NONE} for UDP)
     */
    public DecodedPacket(long srcMac, long dstMac, InetAddress srcIp, InetAddress dstIp, int protocol,
                         int srcPort, int dstPort, int tcpFlags, int payloadLength, MptcpOptions mptcp) {
        this.srcMac = srcMac;
        this.dstMac = dstMac;
        this.srcIp = Objects.requireNonNull(srcIp, "srcIp");
        this.dstIp = Objects.requireNonNull(dstIp, "dstIp");
        this.protocol = protocol;
        this.srcPort = srcPort;
        this.dstPort = dstPort;
        this.tcpFlags = tcpFlags;
        this.payloadLength = payloadLength;
        this.mptcp = Objects.requireNonNull(mptcp, "mptcp");
    }

    /**
     * Returns the Ethernet source address.
     *
     * @return 48-bit MAC
     */
    public long srcMac() {
        return srcMac;
    }

    /**
     * Returns the Ethernet destination address.
     *
     * @return 48-bit MAC
     */
    public long dstMac() {
        return dstMac;
    }

    /**
     * Returns the IP source.
     *
     * @return address
     */
    public InetAddress srcIp() {
        return srcIp;
    }

    /**
     * Returns the IP destination.
     *
     * @return address
     */
    public InetAddress dstIp() {
        return dstIp;
    }

    /**
     * Returns the IP protocol.
     *
     * @return 6 or 17
     */
    public int protocol() {
        return protocol;
    }

    /**
     * Tells whether this is a TCP segment.
     *
     * @return true for TCP
     */
    public boolean isTcp() {
        return protocol == PROTO_TCP;
    }

    /**
     * Returns the source port.
     *
     * @return port
     */
    public int srcPort() {
        return srcPort;
    }

    /**
     * Returns the destination port.
     *
     * @return port
     */
    public int dstPort() {
        return dstPort;
    }

    /**
     * Returns the TCP flags.
     *
     * @return flags, see {@link TcpFlags}
     */
    public int tcpFlags() {
        return tcpFlags;
    }

    /**
     * Returns the transport payload length.
     *
     * @return bytes
     */
    public int payloadLength() {
        return payloadLength;
    }

    /**
     * Returns the MPTCP options.
     *
     * @return options, never null
     */
    public MptcpOptions mptcp() {
        return mptcp;
    }

    @Override
    public String toString() {
        return (isTcp() ? "TCP " : "UDP ") + srcIp.getHostAddress() + ":" + srcPort + " > "
                + dstIp.getHostAddress() + ":" + dstPort + " flags=0x" + Integer.toHexString(tcpFlags)
                + " len=" + payloadLength + (mptcp.any() ? " " + mptcp : "");
    }
}
