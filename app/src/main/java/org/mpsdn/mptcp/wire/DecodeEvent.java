package org.mpsdn.mptcp.wire;

/**
 * What the decoder counts: frames it skips on purpose and malformed input it ignores.
 */
public enum DecodeEvent {
    /** Frame decoded into a TCP or UDP packet. */
    DECODED(false),
    /** Ethernet type other than IPv4/IPv6 (ARP, LLDP...): skipped. */
    NOT_IP(false),
    /** IP protocol other than TCP/UDP, or a non-first IP fragment: skipped. */
    OTHER_TRANSPORT(false),
    /** Frame shorter than the Ethernet or VLAN header. */
    TRUNCATED_ETHERNET(true),
    /** IPv4 header: version/IHL/total length inconsistent or truncated. */
    BAD_IPV4_HEADER(true),
    /** IPv6 header or extension header chain truncated or inconsistent. */
    BAD_IPV6_HEADER(true),
    /** TCP header: data offset below 5 or header longer than the captured bytes. */
    BAD_TCP_HEADER(true),
    /** UDP header truncated. */
    BAD_UDP_HEADER(true),
    /** A TCP option whose length byte is below 2 or runs past the header. */
    BAD_OPTION_LENGTH(true),
    /** MP_CAPABLE whose length does not fit its version and the segment's SYN/ACK flags. */
    BAD_MP_CAPABLE(true),
    /** MP_JOIN whose length does not fit the segment's SYN/ACK flags. */
    BAD_MP_JOIN(true),
    /** DSS whose length does not fit its flags. */
    BAD_DSS(true),
    /** Another known MPTCP option shorter than its minimum length. */
    BAD_MPTCP_OPTION(true),
    /** MPTCP option with a subtype this decoder does not know. */
    UNKNOWN_MPTCP_SUBTYPE(true),
    /** MP_CAPABLE with a version other than 0 or 1. */
    UNKNOWN_MPTCP_VERSION(true),
    /** A second MP_CAPABLE or MP_JOIN in one segment: only the first is used. */
    DUPLICATE_MPTCP_OPTION(true);

    private final boolean malformed;

    DecodeEvent(boolean malformed) {
        this.malformed = malformed;
    }

    /**
     * Tells whether this event is malformed input (as opposed to a frame skipped on purpose).
     *
     * @return true for malformed input
     */
    public boolean malformed() {
        return malformed;
    }
}
