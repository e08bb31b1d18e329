package org.mpsdn.core;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.categorize.FlowTiering;
import org.mpsdn.core.categorize.PrimarySelection;
import org.mpsdn.core.model.NetworkSnapshot;

/**
 * Algorithm 1, lines 4-21, once every user's primary connection is known: the tier of every
 * flow of a snapshot (see {@link FlowTiering} for the rule), with the number of Tier-2 flows in
 * total and per AP and direction, and which connections carry one in each direction. No per-flow
 * allocation or hashing.
 */
final class FlowTiers {
    private static final byte TIER1 = (byte) Tier.TIER1.ordinal();
    private static final byte TIER2 = (byte) Tier.TIER2.ordinal();

    /** Tier ordinal per flow, in snapshot order. */
    final byte[] codes;
    /** Tier-2 flows per AP and direction, at {@code ap * 2 + direction.ordinal()}. */
    final int[] perApDirection;
    /** Whether a connection carries a Tier-2 flow, at {@code connection * 2 + direction.ordinal()}. */
    final boolean[] tier2Connections;
    /**
     * Measured Tier-2 rate per AP and direction (same index as {@link #perApDirection}): the sum of
     * the rates of this cycle's Tier-2 flows there, bit/s; 0 without any; -1 when one of them has
     * no measured rate.
     */
    final long[] tier2RateBps;
    /** Tier-2 flows in total. */
    final int tier2;

    /**
     * Categorizes the flows of a snapshot.
     *
     * @param s              the snapshot
     * @param selection      its primaries
     * @param held           connections held in Tier 1 after their user's primary moved ({@code DemotionHolds})
     * @param regulateUplink whether both directions are regulated
     */
    FlowTiers(NetworkSnapshot s, PrimarySelection selection, boolean[] held, boolean regulateUplink) {
        boolean[] secondary = secondaryConnections(s, selection, held);
        codes = new byte[s.flowCount()];
        perApDirection = new int[s.apCount() * 2];
        tier2Connections = new boolean[s.connectionCount() * 2];
        tier2RateBps = new long[s.apCount() * 2];
        int count = 0;
        for (int i = 0; i < codes.length; i++) {
            int c = s.flowConnection(i);
            // lines 6-9 and 17-20: flows over a primary connection or of a single-path user
            if (!secondary[c]) {
                codes[i] = TIER1;
                continue;
            }
            // lines 10-13: subflows over a secondary connection, if TCP in a regulated direction
            Direction d = s.flowDirection(i);
            Tier t = FlowTiering.tierOf(s.flowTcp(i), d, s.flowAckStream(i), true, false, regulateUplink);
            if (t == Tier.TIER2) {
                codes[i] = TIER2;
                int apDir = s.connectionAp(c) * 2 + d.ordinal();
                perApDirection[apDir]++;
                tier2Connections[c * 2 + d.ordinal()] = true;
                tier2RateBps[apDir] = addRate(tier2RateBps[apDir], s.flowRateBps(i));
                count++;
            } else {
                codes[i] = TIER1;
            }
        }
        tier2 = count;
    }

    // a sum of rates that stays unknown (-1) once one term is, and saturates instead of overflowing
    private static long addRate(long sum, long rate) {
        if (sum < 0 || rate < 0) {
            return -1L;
        }
        long total = sum + rate;
        return total < 0 ? Long.MAX_VALUE : total;
    }

    // per connection: does it carry secondary subflows of a (regulated) multipath user (line 10), other than an
    // old primary held in Tier 1?
    private static boolean[] secondaryConnections(NetworkSnapshot s, PrimarySelection selection, boolean[] held) {
        boolean[] secondary = new boolean[s.connectionCount()];
        for (int c = 0; c < secondary.length; c++) {
            int ue = s.connectionUe(c);
            secondary[c] = s.ueMultipath(ue) && !s.ueExempt(ue) && !selection.isPrimary(ue, c) && !held[c];
        }
        return secondary;
    }
}
