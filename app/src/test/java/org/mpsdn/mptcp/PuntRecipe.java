package org.mpsdn.mptcp;

import java.util.ArrayList;
import java.util.List;

/**
 * Test model of a TCP-flags punt, not installed by the product ({@link Replay} uses it to feed
 * only the frames such rules would send up): which packets the ONOS glue would copy to the
 * controller for multipath-user detection, as OpenFlow 1.3 matches it could install on each AP
 * edge switch. Never the data stream.
 * <p>
 * Choice: exact matches on the TCP flags field. ONOS 2.7 has {@code Criteria.matchTcpFlags(int)}
 * (an exact match, no mask); OpenFlow 1.3 has no standard TCP-flags OXM, so the OpenFlow driver
 * must encode it as the ONF/OVS experimenter field (OVS: {@code tcp_flags}, accepted in OF1.3 as
 * an extension). One rule per listed flag value and per IP version ({@code eth_type} 0x0800 and
 * 0x86dd, {@code ip_proto} 6), priority above the per-flow tier rules, action: output to
 * CONTROLLER <em>and</em> keep forwarding (the glue applies the normal forwarding in the same
 * action list, or packet-outs the punted copy). On OVS directly the same set is simply
 * {@code tcp,tcp_flags=+syn}, {@code tcp,tcp_flags=+fin}, {@code tcp,tcp_flags=+rst}.
 * <p>
 * Why these: the SYN carries MP_CAPABLE (offer; version-0 initiator key) or MP_JOIN (token);
 * the SYN/ACK carries the responder's key (whose token client-initiated joins carry) or refuses
 * MPTCP (fallback); FIN and RST end subflows. The third ACK, which carries the initiator's key,
 * is not matched: a pure ACK cannot be told apart from the data stream by flags. It is only needed
 * for joins opened by the server towards the user; the glue may catch it with a short-lived
 * per-5-tuple rule installed when the MP_CAPABLE SYN/ACK is punted (optional, see
 * {@link #THIRD_ACK_OPTIONAL}). UDP/QUIC flows need no grouping (Tier 1): the glue may punt the
 * first packet per 5-tuple (table miss) so that they show up as flows of their user.
 */
final class PuntRecipe {
    /** TCP flag values (exact) to punt: SYN, with ECN-setup variants. */
    public static final List<Integer> SYN_FLAGS = List.of(0x002, 0x042, 0x082, 0x0c2, 0x102, 0x1c2);
    /** TCP flag values (exact) to punt: SYN/ACK, with ECN variants. */
    public static final List<Integer> SYN_ACK_FLAGS = List.of(0x012, 0x052, 0x092, 0x0d2, 0x112, 0x152);
    /** TCP flag values (exact) to punt: FIN and RST as stacks send them. */
    public static final List<Integer> END_FLAGS = List.of(0x001, 0x011, 0x019, 0x004, 0x014, 0x01c);
    /**
     * Optional: the third ACK (flags ACK, 0x010) of an MP_CAPABLE handshake, matched per 5-tuple for
     * a few seconds after the SYN/ACK was punted; the glue removes the rule when the ACK arrived.
     */
    public static final int THIRD_ACK_OPTIONAL = 0x010;

    private PuntRecipe() {
    }

    /**
     * Returns all exact TCP flag values to punt.
     *
     * @return SYN, SYN/ACK, FIN and RST values
     */
    public static List<Integer> allTcpFlagValues() {
        List<Integer> all = new ArrayList<>(SYN_FLAGS);
        all.addAll(SYN_ACK_FLAGS);
        all.addAll(END_FLAGS);
        return List.copyOf(all);
    }

    /**
     * Tells whether a segment with these flags is punted by the recipe (without the optional rule).
     *
     * @param tcpFlags TCP flags
     * @return true if punted
     */
    public static boolean punted(int tcpFlags) {
        return allTcpFlagValues().contains(tcpFlags);
    }
}
