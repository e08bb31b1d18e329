/**
 * Decoding of raw Ethernet/IPv4/IPv6/TCP/UDP frames and of MPTCP TCP options
 * (RFC 8684 version 1, RFC 6824 version 0). Pure Java, no ONOS import: malformed
 * input is ignored and counted in {@link org.mpsdn.mptcp.wire.DecodeStats}, never thrown.
 */
package org.mpsdn.mptcp.wire;
