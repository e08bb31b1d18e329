package org.mpsdn.impl;

import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TCP;
import org.onlab.packet.UDP;

/**
 * Test frames.
 */
final class Packets {
    private Packets() {
    }

    static Ethernet tcp(String src, int sport, String dst, int dport) {
        TCP tcp = new TCP();
        tcp.setSourcePort(sport);
        tcp.setDestinationPort(dport);
        return ip(IPv4.PROTOCOL_TCP, src, dst, tcp);
    }

    static Ethernet udp(String src, int sport, String dst, int dport) {
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
