package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.Objects;

/**
 * A transport 5-tuple oriented from the side that opened it (the TCP SYN sender, or the first
 * UDP sender seen) to the other side.
 */
public final class SubflowKey {
    private final int protocol;
    private final InetAddress initiatorIp;
    private final int initiatorPort;
    private final InetAddress responderIp;
    private final int responderPort;

    /**
     * Creates a key.
     *
     * @param protocol      IP protocol (6 or 17)
     * @param initiatorIp   address of the side that opened the flow
     * @param initiatorPort its port
     * @param responderIp   address of the other side
     * @param responderPort its port
     */
    public SubflowKey(int protocol, InetAddress initiatorIp, int initiatorPort,
                   InetAddress responderIp, int responderPort) {
        this.protocol = protocol;
        this.initiatorIp = Objects.requireNonNull(initiatorIp, "initiatorIp");
        this.initiatorPort = initiatorPort;
        this.responderIp = Objects.requireNonNull(responderIp, "responderIp");
        this.responderPort = responderPort;
    }

    /**
     * Returns the same 5-tuple seen from the other side.
     *
     * @return reversed key
     */
    public SubflowKey reversed() {
        return new SubflowKey(protocol, responderIp, responderPort, initiatorIp, initiatorPort);
    }

    /**
     * Returns the IP protocol.
     *
     * @return 6 (TCP) or 17 (UDP)
     */
    public int protocol() {
        return protocol;
    }

    /**
     * Returns the initiator's address.
     *
     * @return address
     */
    public InetAddress initiatorIp() {
        return initiatorIp;
    }

    /**
     * Returns the initiator's port.
     *
     * @return port
     */
    public int initiatorPort() {
        return initiatorPort;
    }

    /**
     * Returns the responder's address.
     *
     * @return address
     */
    public InetAddress responderIp() {
        return responderIp;
    }

    /**
     * Returns the responder's port.
     *
     * @return port
     */
    public int responderPort() {
        return responderPort;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SubflowKey)) {
            return false;
        }
        SubflowKey k = (SubflowKey) o;
        return protocol == k.protocol && initiatorPort == k.initiatorPort && responderPort == k.responderPort
                && initiatorIp.equals(k.initiatorIp) && responderIp.equals(k.responderIp);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, initiatorIp, initiatorPort, responderIp, responderPort);
    }

    @Override
    public String toString() {
        return (protocol == 6 ? "tcp " : protocol == 17 ? "udp " : "proto" + protocol + " ")
                + initiatorIp.getHostAddress() + ":" + initiatorPort + " > "
                + responderIp.getHostAddress() + ":" + responderPort;
    }
}
