package org.mpsdn.core.categorize;

import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.ApLoad;
import org.mpsdn.core.throughput.ThroughputModel;

import java.util.Arrays;

/**
 * The priority-based solution to the selection deadlock (MP-SDN Section V-A2, the default):
 * <ol>
 *   <li>Sort all connections in decreasing order of PHY rate and check them in turn.</li>
 *   <li>If the connection's user already has a primary, skip it.</li>
 *   <li>Otherwise evaluate every connection of that user against the primaries identified so
 *       far on each AP, and make the one with the maximal achievable throughput primary.</li>
 *   <li>Repeat from step 2 with the next connection.</li>
 * </ol>
 * Choices not spelled out in the paper: connections that are necessarily active are identified
 * before step 1 (all connections of single-path users, and the only connection of a
 * multipath user with one connection), since they are Tier 1 whatever happens; PHY-rate ties
 * are broken by RSSI, then UE id, then AP id; throughput ties by the same rank. Operator
 * policies (not in the paper) are known before step 1 too: an exempt user's connections are all
 * active (none is limited), and a pinned user's primary is its pinned connection, active from
 * the start (see {@link org.mpsdn.core.model.UserPolicy}). Only a user's
 * first connection in the order triggers step 3, so the walk visits users in the order of their
 * best-ranked connection: O(C log C) for C connections, O(1) per throughput evaluation.
 * <p>
 * <b>Airtime charge</b> (the mpsdn profile, not in the paper): step 3 values a connection by its own
 * achievable throughput minus its {@link ApLoad#airtimeCharge airtime charge}: what the stations
 * already active on its Wi-Fi AP would lose when it joins (Eq. 2 with and without it), beyond what
 * they would lose to a newcomer at their mean PHY rate. A weak Wi-Fi link that slows every station
 * of its AP is then not made a primary where another connection serves the user about as well; a
 * link at least as fast as the AP's stations, an empty AP and LTE (Eq. 3) are not charged. The
 * value may be negative, so the hysteresis compares by margin: the previous primary is kept unless
 * the best one is worth more than h&middot;|its value| more. See docs/regulation.md.
 */
public final class PrioritySelector implements PrimarySelector {
    private final boolean chargeAirtime;

    /** The paper's priority-based solution: a connection is valued by its own achievable throughput. */
    public PrioritySelector() {
        this(false);
    }

    /**
     * Creates the selector.
     *
     * @param chargeAirtime value a connection by its own achievable throughput less its airtime charge
     *                      instead of by its own achievable throughput alone
     */
    public PrioritySelector(boolean chargeAirtime) {
        this.chargeAirtime = chargeAirtime;
    }

    @Override
    public PrimarySelection select(NetworkSnapshot s, ThroughputModel model, int[] previousPrimary,
                                   double hysteresis) {
        ApLoad[] loads = Selections.newLoads(s, model);
        int[] primary = new int[s.ueCount()];
        Arrays.fill(primary, -1);
        boolean[] active = new boolean[s.connectionCount()];
        int[] order = new int[s.ueCount()];
        int pending = 0;
        for (int ue = 0; ue < s.ueCount(); ue++) {
            int degree = s.ueConnectionCount(ue);
            if (degree == 0) {
                continue;
            }
            int pinned = s.uePinnedConnection(ue);
            if (!s.ue(ue).multipath() || degree == 1 || s.ueExempt(ue)) {
                for (int k = 0; k < degree; k++) {
                    activate(s, loads, active, s.ueConnection(ue, k));
                }
                primary[ue] = pinned >= 0 ? pinned : Selections.topRanked(s, ue);
            } else if (pinned >= 0) {
                activate(s, loads, active, pinned);
                primary[ue] = pinned;
            } else {
                order[pending++] = Selections.topRanked(s, ue);
            }
        }
        // Step 1: users in the order of their best connection (PHY rate descending)
        IntSort.sort(order, 0, pending, (a, b) -> ConnectionRank.bestFirst(s, a, b));
        for (int i = 0; i < pending; i++) {
            int ue = s.connectionUe(order[i]);
            // Step 3: best connection against the primaries identified so far
            int best = -1;
            double bestBps = 0.0;
            int previous = previousPrimary == null ? -1 : previousPrimary[ue];
            double previousBps = 0.0;
            for (int k = 0; k < s.ueConnectionCount(ue); k++) {
                int c = s.ueConnection(ue, k);
                double bps = value(loads[s.connectionAp(c)], s.connection(c));
                if (c == previous) {
                    previousBps = bps;
                }
                if (ConnectionRank.beats(s, c, bps, best, bestBps)) {
                    best = c;
                    bestBps = bps;
                }
            }
            int chosen = chargeAirtime
                    ? Selections.withMarginHysteresis(best, bestBps, previous, previousBps, hysteresis)
                    : Selections.withHysteresis(best, bestBps, previous, previousBps, hysteresis);
            primary[ue] = chosen;
            activate(s, loads, active, chosen);
        }
        return new PrimarySelection(primary, Selections.finalEstimates(s, loads, active), active, 0);
    }

    // step 3's value of a candidate: its own throughput, less its airtime charge in that mode
    private double value(ApLoad load, Connection c) {
        double own = load.throughputIfAdded(c);
        return chargeAirtime ? own - load.airtimeCharge(c) : own;
    }

    private static void activate(NetworkSnapshot s, ApLoad[] loads, boolean[] active, int c) {
        active[c] = true;
        loads[s.connectionAp(c)].add(s.connection(c));
    }

    @Override
    public String toString() {
        return chargeAirtime ? "PrioritySelector{airtime charge}" : "PrioritySelector";
    }
}
