package org.mpsdn.core.categorize;

import org.mpsdn.core.model.NetworkSnapshot;

/**
 * The stable orders over connections that Algorithm 1 relies on. Every order ends with the
 * (UE id, AP id) pair, which is unique, so it is total and independent of input order.
 */
final class ConnectionRank {

    private ConnectionRank() {
    }

    /**
     * Link-quality order, best first: PHY rate descending, then RSSI descending, then UE id,
     * then AP id ascending (the snapshot numbers connections in (UE id, AP id) order, so the
     * last two are the index order). Step 1 of the priority-based solution, and the
     * tie-breaker when two connections promise the same throughput.
     *
     * @param s snapshot
     * @param a connection index
     * @param b connection index
     * @return negative when a ranks before b
     */
    static int bestFirst(NetworkSnapshot s, int a, int b) {
        int c = Long.compare(s.connectionPhyRateBps(b), s.connectionPhyRateBps(a));
        if (c != 0) {
            return c;
        }
        c = Double.compare(s.connectionRssiDbm(b), s.connectionRssiDbm(a));
        return c != 0 ? c : Integer.compare(a, b);
    }

    /**
     * Weakest-signal order for baseline filtering: RSSI ascending, then PHY rate ascending,
     * then UE id, then AP id ascending.
     *
     * @param s snapshot
     * @param a connection index
     * @param b connection index
     * @return negative when a is filtered before b
     */
    static int weakestFirst(NetworkSnapshot s, int a, int b) {
        int c = Double.compare(s.connectionRssiDbm(a), s.connectionRssiDbm(b));
        if (c != 0) {
            return c;
        }
        c = Long.compare(s.connectionPhyRateBps(a), s.connectionPhyRateBps(b));
        return c != 0 ? c : Integer.compare(a, b);
    }

    /**
     * Whether candidate (throughput tc) beats the incumbent (throughput ti): higher
     * throughput wins, exact ties go to the better {@link #bestFirst} rank.
     *
     * @param s         snapshot
     * @param candidate connection index
     * @param tc        its throughput
     * @param incumbent connection index, or -1 for none
     * @param ti        its throughput
     * @return true if the candidate should replace the incumbent
     */
    static boolean beats(NetworkSnapshot s, int candidate, double tc, int incumbent, double ti) {
        if (incumbent < 0) {
            return true;
        }
        int c = Double.compare(tc, ti);
        return c > 0 || c == 0 && bestFirst(s, candidate, incumbent) < 0;
    }
}
