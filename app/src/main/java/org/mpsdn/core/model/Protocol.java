package org.mpsdn.core.model;

/**
 * Transport protocol of a flow. Only TCP (and so MPTCP subflows) can be Tier 2;
 * UDP, QUIC and every other protocol stay Tier 1 (MP-SDN Section V-A2).
 */
public enum Protocol {
    /** TCP, IP protocol 6. */
    TCP,
    /** UDP, IP protocol 17 (QUIC included). */
    UDP,
    /** Any other IP protocol. */
    OTHER;

    /** IANA protocol number of TCP. */
    public static final int IP_PROTO_TCP = 6;
    /** IANA protocol number of UDP. */
    public static final int IP_PROTO_UDP = 17;

    /**
     * Maps an IP protocol number to a protocol.
     *
     * @param ipProtocol IANA protocol number
     * @return TCP, UDP or OTHER
     */
    public static Protocol fromIpProtocol(int ipProtocol) {
        if (ipProtocol == IP_PROTO_TCP) {
            return TCP;
        }
        if (ipProtocol == IP_PROTO_UDP) {
            return UDP;
        }
        return OTHER;
    }
}
