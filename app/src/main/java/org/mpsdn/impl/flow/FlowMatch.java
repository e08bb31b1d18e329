package org.mpsdn.impl.flow;

import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.TCP;
import org.onlab.packet.TpPort;
import org.onlab.packet.UDP;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.IPCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.TcpPortCriterion;
import org.onosproject.net.flow.criteria.UdpPortCriterion;

import java.util.Objects;
import java.util.Optional;

/**
 * IPv4 TCP/UDP 5-tuple of one flow as matched by its per-flow rule.
 */
public final class FlowMatch {
    private final byte protocol;
    private final Ip4Address src;
    private final Ip4Address dst;
    private final int srcPort;
    private final int dstPort;

    /**
     * Creates a 5-tuple.
     *
     * @param protocol {@link IPv4#PROTOCOL_TCP} or {@link IPv4#PROTOCOL_UDP}
     * @param src      source address
     * @param srcPort  source port
     * @param dst      destination address
     * @param dstPort  destination port
     */
    public FlowMatch(byte protocol, Ip4Address src, int srcPort, Ip4Address dst, int dstPort) {
        if (protocol != IPv4.PROTOCOL_TCP && protocol != IPv4.PROTOCOL_UDP) {
            throw new IllegalArgumentException("protocol must be TCP or UDP, was " + protocol);
        }
        if (srcPort < 0 || srcPort > 65535 || dstPort < 0 || dstPort > 65535) {
            throw new IllegalArgumentException("ports must be in [0, 65535]: " + srcPort + ", " + dstPort);
        }
        this.protocol = protocol;
        this.src = Objects.requireNonNull(src, "src");
        this.dst = Objects.requireNonNull(dst, "dst");
        this.srcPort = srcPort;
        this.dstPort = dstPort;
    }

    /**
     * Reads the 5-tuple back from a per-flow rule's selector.
     *
     * @param selector selector of a per-flow rule
     * @return the 5-tuple, or empty if the selector is not a per-flow match
     */
    public static Optional<FlowMatch> fromSelector(TrafficSelector selector) {
        IPProtocolCriterion proto = (IPProtocolCriterion) selector.getCriterion(Criterion.Type.IP_PROTO);
        IPCriterion src = (IPCriterion) selector.getCriterion(Criterion.Type.IPV4_SRC);
        IPCriterion dst = (IPCriterion) selector.getCriterion(Criterion.Type.IPV4_DST);
        if (proto == null || src == null || dst == null || src.ip().prefixLength() != 32
                || dst.ip().prefixLength() != 32) {
            return Optional.empty();
        }
        int sp;
        int dp;
        if (proto.protocol() == IPv4.PROTOCOL_TCP) {
            TcpPortCriterion s = (TcpPortCriterion) selector.getCriterion(Criterion.Type.TCP_SRC);
            TcpPortCriterion d = (TcpPortCriterion) selector.getCriterion(Criterion.Type.TCP_DST);
            if (s == null || d == null) {
                return Optional.empty();
            }
            sp = s.tcpPort().toInt();
            dp = d.tcpPort().toInt();
        } else if (proto.protocol() == IPv4.PROTOCOL_UDP) {
            UdpPortCriterion s = (UdpPortCriterion) selector.getCriterion(Criterion.Type.UDP_SRC);
            UdpPortCriterion d = (UdpPortCriterion) selector.getCriterion(Criterion.Type.UDP_DST);
            if (s == null || d == null) {
                return Optional.empty();
            }
            sp = s.udpPort().toInt();
            dp = d.udpPort().toInt();
        } else {
            return Optional.empty();
        }
        return Optional.of(new FlowMatch((byte) proto.protocol(), src.ip().address().getIp4Address(), sp,
                dst.ip().address().getIp4Address(), dp));
    }

    /**
     * Reads the 5-tuple of a punted IPv4 TCP or UDP packet.
     *
     * @param eth parsed frame, may be null
     * @return the 5-tuple, or empty if the frame is not a well-formed IPv4 TCP/UDP packet
     */
    public static Optional<FlowMatch> fromPacket(Ethernet eth) {
        if (eth == null || eth.getEtherType() != Ethernet.TYPE_IPV4 || !(eth.getPayload() instanceof IPv4)) {
            return Optional.empty();
        }
        IPv4 ip = (IPv4) eth.getPayload();
        Ip4Address src = Ip4Address.valueOf(ip.getSourceAddress());
        Ip4Address dst = Ip4Address.valueOf(ip.getDestinationAddress());
        if (ip.getProtocol() == IPv4.PROTOCOL_TCP && ip.getPayload() instanceof TCP) {
            TCP tcp = (TCP) ip.getPayload();
            return Optional.of(new FlowMatch(IPv4.PROTOCOL_TCP, src, tcp.getSourcePort(), dst,
                    tcp.getDestinationPort()));
        }
        if (ip.getProtocol() == IPv4.PROTOCOL_UDP && ip.getPayload() instanceof UDP) {
            UDP udp = (UDP) ip.getPayload();
            return Optional.of(new FlowMatch(IPv4.PROTOCOL_UDP, src, udp.getSourcePort(), dst,
                    udp.getDestinationPort()));
        }
        return Optional.empty();
    }

    /**
     * Adds this 5-tuple's criteria (IPv4, protocol, addresses, ports) to a selector.
     *
     * @param b selector builder
     * @return the same builder
     */
    public TrafficSelector.Builder addTo(TrafficSelector.Builder b) {
        b.matchEthType(Ethernet.TYPE_IPV4)
                .matchIPProtocol(protocol)
                .matchIPSrc(IpPrefix.valueOf(src, 32))
                .matchIPDst(IpPrefix.valueOf(dst, 32));
        if (protocol == IPv4.PROTOCOL_TCP) {
            b.matchTcpSrc(TpPort.tpPort(srcPort)).matchTcpDst(TpPort.tpPort(dstPort));
        } else {
            b.matchUdpSrc(TpPort.tpPort(srcPort)).matchUdpDst(TpPort.tpPort(dstPort));
        }
        return b;
    }

    /** @return IP protocol number */
    public byte protocol() {
        return protocol;
    }

    /** @return source address */
    public Ip4Address src() {
        return src;
    }

    /** @return destination address */
    public Ip4Address dst() {
        return dst;
    }

    /** @return source port */
    public int srcPort() {
        return srcPort;
    }

    /** @return destination port */
    public int dstPort() {
        return dstPort;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowMatch)) {
            return false;
        }
        FlowMatch m = (FlowMatch) o;
        return protocol == m.protocol && srcPort == m.srcPort && dstPort == m.dstPort
                && src.equals(m.src) && dst.equals(m.dst);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, src, dst, srcPort, dstPort);
    }

    @Override
    public String toString() {
        return (protocol == IPv4.PROTOCOL_TCP ? "tcp " : "udp ") + src + ":" + srcPort + "-" + dst + ":" + dstPort;
    }
}
