package org.mpsdn.core.model;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;

/**
 * The 5-tuple identifying a flow as the SDN switch sees it: source and destination
 * address, source and destination port, IP protocol number.
 */
public final class FlowKey {
    private final InetAddress srcIp;
    private final InetAddress dstIp;
    private final int srcPort;
    private final int dstPort;
    private final int ipProtocol;

    /**
     * Creates a key.
     *
     * @param srcIp      source address
     * @param srcPort    source port, in [0, 65535] (0 for port-less protocols)
     * @param dstIp      destination address
     * @param dstPort    destination port, in [0, 65535]
     * @param ipProtocol IANA protocol number, in [0, 255]
     * @throws IllegalArgumentException on a null address or out-of-range number
     */
    public FlowKey(InetAddress srcIp, int srcPort, InetAddress dstIp, int dstPort, int ipProtocol) {
        this.srcIp = Checks.nonNull("srcIp", srcIp);
        this.dstIp = Checks.nonNull("dstIp", dstIp);
        this.srcPort = (int) Checks.inRange("srcPort", srcPort, 0, 65535);
        this.dstPort = (int) Checks.inRange("dstPort", dstPort, 0, 65535);
        this.ipProtocol = (int) Checks.inRange("ipProtocol", ipProtocol, 0, 255);
    }

    /**
     * Creates a key from textual IPv4 or IPv6 literals; never resolves host names.
     *
     * @param srcIp      source address literal, e.g. "10.0.0.1" or "2001:db8::1"
     * @param srcPort    source port
     * @param dstIp      destination address literal
     * @param dstPort    destination port
     * @param ipProtocol IANA protocol number
     * @return the key
     * @throws IllegalArgumentException if an address is not an IP literal or a number is out of range
     */
    public static FlowKey of(String srcIp, int srcPort, String dstIp, int dstPort, int ipProtocol) {
        return new FlowKey(literal("srcIp", srcIp), srcPort, literal("dstIp", dstIp), dstPort, ipProtocol);
    }

    private static InetAddress literal(String name, String text) {
        if (text == null || text.isEmpty() || !isLiteralSyntax(text)) {
            throw new IllegalArgumentException(name + " must be an IPv4 or IPv6 literal, was "
                    + (text == null ? "null" : "\"" + text + "\""));
        }
        try {
            // only digits, dots, hex digits and colons reach here: no name lookup happens
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(name + " must be an IPv4 or IPv6 literal, was \"" + text + "\"", e);
        }
    }

    private static boolean isLiteralSyntax(String text) {
        boolean colon = text.indexOf(':') >= 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok = c >= '0' && c <= '9' || c == '.' || colon && (c == ':'
                    || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
            if (!ok) {
                return false;
            }
        }
        if (!colon) {
            // dotted quad only: InetAddress would accept "1" or "1.2" as shorthand
            String[] parts = text.split("\\.", -1);
            if (parts.length != 4) {
                return false;
            }
            for (String p : parts) {
                if (p.isEmpty() || p.length() > 3 || Integer.parseInt(p) > 255) {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return source address */
    public InetAddress srcIp() {
        return srcIp;
    }

    /** @return destination address */
    public InetAddress dstIp() {
        return dstIp;
    }

    /** @return source port */
    public int srcPort() {
        return srcPort;
    }

    /** @return destination port */
    public int dstPort() {
        return dstPort;
    }

    /** @return IANA protocol number */
    public int ipProtocol() {
        return ipProtocol;
    }

    /** @return the protocol class derived from the protocol number */
    public Protocol protocol() {
        return Protocol.fromIpProtocol(ipProtocol);
    }

    /** @return the key of the opposite direction (source and destination swapped) */
    public FlowKey reverse() {
        return new FlowKey(dstIp, dstPort, srcIp, srcPort, ipProtocol);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowKey)) {
            return false;
        }
        FlowKey that = (FlowKey) o;
        return srcPort == that.srcPort && dstPort == that.dstPort && ipProtocol == that.ipProtocol
                && srcIp.equals(that.srcIp) && dstIp.equals(that.dstIp);
    }

    @Override
    public int hashCode() {
        return Objects.hash(srcIp, dstIp, srcPort, dstPort, ipProtocol);
    }

    @Override
    public String toString() {
        return srcIp.getHostAddress() + ":" + srcPort + "->" + dstIp.getHostAddress() + ":" + dstPort
                + "/" + ipProtocol;
    }
}
