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
 * the best one is worth more than h&middot;|its value| more.
 * <p>
 * <b>Top rate class</b> (the mpsdn profile, not in the paper): a multipath user's Wi-Fi connection is a
 * primary candidate only if its PHY rate is at least {@link #TOP_RATE_SHARE} of the fastest connection its
 * AP reports (within one 802.11 rate step of it), unless none of the user's connections qualifies. A slower
 * Wi-Fi link would be the AP's slowest Tier-1 station and cost every other station airtime on each of its
 * packets (the performance anomaly), while the user has another way in; its Wi-Fi subflow stays Tier 2 and
 * uses the AP's idle capacity. LTE connections always qualify. The previous primary keeps qualifying down
 * to (1 - h) times the threshold, so a PHY rate near it does not flip the choice every cycle. See
 * docs/regulation.md.
 */
public final class PrioritySelector implements PrimarySelector {
    /** Share of the AP's fastest PHY rate a multipath user's Wi-Fi primary needs (mpsdn): 48 of 54 Mb/s. */
    public static final double TOP_RATE_SHARE = 0.85;

    private final boolean chargeAirtime;
    private final double topRateShare;

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
        this(chargeAirtime, chargeAirtime ? TOP_RATE_SHARE : 0.0);
    }

    /**
     * Creates the selector with an explicit top rate class.
     *
     * @param chargeAirtime as {@link #PrioritySelector(boolean)}
     * @param topRateShare  share of its AP's fastest PHY rate a multipath user's Wi-Fi connection needs to
     *                      be a primary candidate, in [0, 1]; 0 admits every connection (the paper)
     */
    public PrioritySelector(boolean chargeAirtime, double topRateShare) {
        if (!(topRateShare >= 0.0 && topRateShare <= 1.0)) {
            throw new IllegalArgumentException("topRateShare must be in [0, 1], was " + topRateShare);
        }
        this.chargeAirtime = chargeAirtime;
        this.topRateShare = topRateShare;
    }

    @Override
    public PrimarySelection select(NetworkSnapshot s, ThroughputModel model, PrimaryHistory history) {
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
        TopRateClass top = new TopRateClass(s, topRateShare, history.hysteresis());
        int[] challenger = Selections.none(s.ueCount());
        for (int i = 0; i < pending; i++) {
            int ue = s.connectionUe(order[i]);
            int previous = history.previous(ue);
            int chosen = history.confirm(ue, choose(s, loads, ue, previous, history.hysteresis(), top), challenger);
            primary[ue] = chosen;
            activate(s, loads, active, chosen);
        }
        return new PrimarySelection(primary, Selections.finalEstimates(s, loads, active), active, 0, challenger);
    }

    // Step 3: the user's best candidate against the primaries identified so far
    private int choose(NetworkSnapshot s, ApLoad[] loads, int ue, int previous, double hysteresis,
                       TopRateClass top) {
        boolean any = top.anyQualifies(ue, previous);
        int best = -1;
        double bestBps = 0.0;
        double previousBps = 0.0;
        for (int k = 0; k < s.ueConnectionCount(ue); k++) {
            int c = s.ueConnection(ue, k);
            if (any && !top.qualifies(c, c == previous)) {
                continue;
            }
            double bps = value(loads[s.connectionAp(c)], s.connection(c));
            if (c == previous) {
                previousBps = bps;
            }
            if (ConnectionRank.beats(s, c, bps, best, bestBps)) {
                best = c;
                bestBps = bps;
            }
        }
        if (any && previous >= 0 && !top.qualifies(previous, true)) {
            return best;
        }
        return chargeAirtime
                ? Selections.withMarginHysteresis(best, bestBps, previous, previousBps, hysteresis)
                : Selections.withHysteresis(best, bestBps, previous, previousBps, hysteresis);
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
        String mode = chargeAirtime ? "airtime charge" : "";
        if (topRateShare > 0.0) {
            mode += (mode.isEmpty() ? "" : ", ") + "top rate class " + topRateShare;
        }
        return mode.isEmpty() ? "PrioritySelector" : "PrioritySelector{" + mode + "}";
    }
}
