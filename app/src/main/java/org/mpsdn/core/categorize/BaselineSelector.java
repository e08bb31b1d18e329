package org.mpsdn.core.categorize;

import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.ApLoad;
import org.mpsdn.core.throughput.ThroughputModel;

import java.util.Arrays;

/**
 * The baseline solution to the selection deadlock (MP-SDN Section V-A2):
 * <ol>
 *   <li>Connection filtering: APs are processed sequentially (ascending id); on each, the
 *       B_f percent of its connections with the lowest RSSI are excluded, except that a
 *       connection that is the last one left for its device is exempt, with
 *       B_f = 100 &minus; 100&middot;N_d / N_c (N_d devices, N_c connections).</li>
 *   <li>All remaining connections are regarded as active; each device's primary is its
 *       remaining connection with the maximal achievable throughput.</li>
 * </ol>
 * Choices not spelled out in the paper: the number filtered on an AP with n connections is
 * floor(n&middot;B_f / 100), computed exactly as floor(n&middot;(N_c &minus; N_d) / N_c); exempt
 * connections are skipped and the next weakest is tried so the quota is met where possible;
 * N_d counts devices with at least one connection; RSSI ties are broken by PHY rate, then UE
 * id, then AP id. O(C log C). Operator policies (not in the paper): an exempt user's
 * connections and a pinned user's pinned connection are never filtered (they carry unlimited
 * traffic); a pinned user's primary is its pinned connection (see
 * {@link org.mpsdn.core.model.UserPolicy}).
 */
public final class BaselineSelector implements PrimarySelector {

    /**
     * The filtering percentage B_f = 100 &minus; 100&middot;N_d / N_c.
     *
     * @param devices     N_d, &ge; 0
     * @param connections N_c, &ge; N_d
     * @return B_f in [0, 100); 0 when there is no connection
     * @throws IllegalArgumentException if N_d &lt; 0 or N_c &lt; N_d
     */
    public static double filterPercent(int devices, int connections) {
        if (devices < 0 || connections < devices) {
            throw new IllegalArgumentException("devices and connections must satisfy 0 <= devices <= connections,"
                    + " were " + devices + " and " + connections);
        }
        return connections == 0 ? 0.0 : 100.0 - 100.0 * devices / connections;
    }

    /**
     * Number of connections to filter on one AP: floor(n&middot;B_f / 100), exactly.
     *
     * @param apConnections n, connections of the AP
     * @param devices       N_d
     * @param connections   N_c
     * @return the quota
     */
    public static int filterQuota(int apConnections, int devices, int connections) {
        filterPercent(devices, connections);
        return connections == 0 ? 0 : (int) ((long) apConnections * (connections - devices) / connections);
    }

    @Override
    public PrimarySelection select(NetworkSnapshot s, ThroughputModel model, PrimaryHistory history) {
        // Step 1: connection filtering
        boolean[] active = new boolean[s.connectionCount()];
        Arrays.fill(active, true);
        int filtered = filterConnections(s, active);
        // Step 2: all remaining connections are active; each device's primary is its best remaining one
        ApLoad[] loads = Selections.newLoads(s, model);
        for (int c = 0; c < active.length; c++) {
            if (active[c]) {
                loads[s.connectionAp(c)].add(s.connection(c));
            }
        }
        int[] primary = new int[s.ueCount()];
        int[] challenger = Selections.none(s.ueCount());
        for (int ue = 0; ue < primary.length; ue++) {
            int previous = history.previous(ue);
            int best = primaryOf(s, ue, loads, active, previous, history.hysteresis());
            primary[ue] = previous >= 0 && active[previous] && s.uePinnedConnection(ue) < 0
                    ? history.confirm(ue, best, challenger) : best;
        }
        return new PrimarySelection(primary, Selections.finalEstimates(s, loads, active), active, filtered,
                challenger);
    }

    // Step 1: on each AP in turn (ascending id), deactivates its quota of weakest connections; returns how many
    private static int filterConnections(NetworkSnapshot s, boolean[] active) {
        int[] remaining = new int[s.ueCount()];
        int devices = 0;
        for (int ue = 0; ue < remaining.length; ue++) {
            remaining[ue] = s.ueConnectionCount(ue);
            if (remaining[ue] > 0) {
                devices++;
            }
        }
        int filtered = 0;
        int[] weakestFirst = new int[0];
        for (int ap = 0; ap < s.apCount(); ap++) {
            int n = s.apConnectionCount(ap);
            int quota = filterQuota(n, devices, s.connectionCount());
            if (quota == 0) {
                continue;
            }
            if (weakestFirst.length < n) {
                weakestFirst = new int[n];
            }
            for (int k = 0; k < n; k++) {
                weakestFirst[k] = s.apConnection(ap, k);
            }
            IntSort.sort(weakestFirst, 0, n, (a, b) -> ConnectionRank.weakestFirst(s, a, b));
            filtered += filterWeakest(s, weakestFirst, n, quota, remaining, active);
        }
        return filtered;
    }

    // deactivates up to quota of the n ranked connections, sparing the last one left to a device and the
    // connections an operator policy gives unlimited traffic; returns how many
    private static int filterWeakest(NetworkSnapshot s, int[] ranked, int n, int quota, int[] remaining,
                                     boolean[] active) {
        int done = 0;
        for (int k = 0; k < n && done < quota; k++) {
            int c = ranked[k];
            int ue = s.connectionUe(c);
            if (remaining[ue] <= 1 || s.ueExempt(ue) || s.uePinnedConnection(ue) == c) {
                continue;
            }
            active[c] = false;
            remaining[ue]--;
            done++;
        }
        return done;
    }

    // Step 2 for one device: its pinned connection, else its active connection with maximal achievable throughput
    // (with hysteresis against the previous primary); -1 when it has none
    private static int primaryOf(NetworkSnapshot s, int ue, ApLoad[] loads, boolean[] active, int previous,
                                 double hysteresis) {
        if (s.uePinnedConnection(ue) >= 0) {
            return s.uePinnedConnection(ue);
        }
        int best = -1;
        double bestBps = 0.0;
        double previousBps = previous < 0 ? 0.0 : Selections.throughput(s, loads, active, previous);
        for (int k = 0; k < s.ueConnectionCount(ue); k++) {
            int c = s.ueConnection(ue, k);
            if (!active[c]) {
                continue;
            }
            double bps = loads[s.connectionAp(c)].throughputOfMember(s.connection(c));
            if (ConnectionRank.beats(s, c, bps, best, bestBps)) {
                best = c;
                bestBps = bps;
            }
        }
        return best < 0 ? -1 : Selections.withHysteresis(best, bestBps, previous, previousBps, hysteresis);
    }

    @Override
    public String toString() {
        return "BaselineSelector";
    }
}
