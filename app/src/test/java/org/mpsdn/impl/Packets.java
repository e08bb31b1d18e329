package org.mpsdn.impl;

import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TCP;
import org.onlab.packet.UDP;

/**
 * Test frames: the one builder of the app tests' Ethernet/IPv4 TCP and UDP frames.
 */
public final class Packets {
    private Packets() {
    }

    /**
     * A TCP frame with no flags set.
     *
     * @param src   source IPv4 address
     * @param sport source port
     * @param dst   destination IPv4 address
     * @param dport destination port
     * @return the frame
     */
    public static Ethernet tcp(String src, int sport, String dst, int dport) {
        return ip(IPv4.PROTOCOL_TCP, src, dst, segment(sport, dport));
    }

    /**
     * A TCP frame with the given flags and a 20-byte header (data offset 5), as a handshake sends.
     *
     * @param src   source IPv4 address
     * @param sport source port
     * @param dst   destination IPv4 address
     * @param dport destination port
     * @param flags TCP flags, e.g. {@code 0x02} for SYN, {@code 0x12} for SYN/ACK
     * @return the frame
     */
    public static Ethernet tcp(String src, int sport, String dst, int dport, short flags) {
        TCP tcp = segment(sport, dport);
        tcp.setFlags(flags);
        tcp.setDataOffset((byte) 5);
        return ip(IPv4.PROTOCOL_TCP, src, dst, tcp);
    }

    private static TCP segment(int sport, int dport) {
        TCP tcp = new TCP();
        tcp.setSourcePort(sport);
        tcp.setDestinationPort(dport);
        return tcp;
    }

    /**
     * A UDP frame.
     *
     * @param src   source IPv4 address
     * @param sport source port
     * @param dst   destination IPv4 address
     * @param dport destination port
     * @return the frame
     */
    public static Ethernet udp(String src, int sport, String dst, int dport) {
        UDP udp = new UDP();
        udp.setSourcePort(sport);
        udp.setDestinationPort(dport);
        return ip(IPv4.PROTOCOL_UDP, src, dst, udp);
    }

    private static Ethernet ip(byte proto, String src, String dst, org.onlab.packet.IPacket l4) {
        IPv4 ip = new IPv4();
        ip.setSourceAddress(Ip4Address.valueOf(src).toInt());
        ip.setDestinationAddress(Ip4Address.valueOf(dst).toInt());
        ip.setProtocol(proto);
        ip.setTtl((byte) 64);
        ip.setPayload(l4);
        Ethernet eth = new Ethernet();
        eth.setEtherType(Ethernet.TYPE_IPV4);
        eth.setSourceMACAddress(MacAddress.valueOf("02:00:00:00:00:01"));
        eth.setDestinationMACAddress(MacAddress.valueOf("02:00:00:00:00:02"));
        eth.setPayload(ip);
        return eth;
    }
}
