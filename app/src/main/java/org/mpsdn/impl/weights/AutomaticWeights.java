package org.mpsdn.impl.weights;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Derives a client's path weights from the regulation state.
 *
 * <p>The path on the AP that carries the client's primary (Tier-1) subflow gets {@link Weight#FULL}. A secondary
 * path's weight follows what its AP's Tier-2 limit lets this client send, relative to what the client sends on its
 * primary path:
 * <ul>
 * <li>allowance = limit x clientRate / tier2Rate when the AP's Tier-2 traffic fills its limit (the client keeps its
 * proportional part of the limit), else clientRate + (limit - tier2Rate) / tier2Clients (an equal part of the
 * headroom);</li>
 * <li>weight = FULL x allowance / primaryRate, rounded, at least 1 and at most FULL;</li>
 * <li>a limit of 0 gives weight 0 (backup); a path on an unregulated or unknown AP, or a client with no measured
 * primary rate yet, keeps FULL.</li>
 * <li>a path on an AP that holds Tier 2 at its floor in either direction gets 0 (backup, {@link FloorHolds}): the
 * meter leaves it about R_m, and MPTCP's backup flag keeps the sender from stranding data there.</li>
 * </ul>
 * The client's primary AP is the regulation state's for the client id, else for the detected multipath user that
 * uses one of the client's addresses; without either, the first announced path is primary and no path is a backup
 * for an AP at its floor (the client's real primary may be any of its paths).
 */
public final class AutomaticWeights {

    private AutomaticWeights() {
    }

    /**
     * Computes the weights.
     *
     * @param clientId     client identifier
     * @param paths        the client's paths in announced order (not empty)
     * @param regulation   regulation state
     * @param measurements per-path measurements reported by the client (may miss paths)
     * @return one weight per path, in the order of {@code paths}
     */
    public static List<Weight> compute(String clientId, List<ClientPathInfo> paths, RegulationInput regulation,
                                       Map<String, PathMeasurement> measurements) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("client " + clientId + " has no paths");
        }
        int found = primaryIndex(clientId, paths, regulation);
        int primary = Math.max(0, found);
        PathMeasurement pm = measurements.get(paths.get(primary).pathId());
        long primaryRate = pm == null ? 0 : pm.rateBps();
        List<Weight> out = new ArrayList<>(paths.size());
        for (int i = 0; i < paths.size(); i++) {
            ClientPathInfo p = paths.get(i);
            if (i == primary) {
                out.add(new Weight(p.pathId(), Weight.FULL, "primary"));
                continue;
            }
            if (found >= 0 && !p.apId().isEmpty() && regulation.tier2AtFloor(p.apId())) {
                out.add(new Weight(p.pathId(), 0, "tier2-at-floor"));
                continue;
            }
            Optional<ApTier2State> st = p.apId().isEmpty() ? Optional.empty() : regulation.tier2State(p.apId());
            if (st.isEmpty()) {
                out.add(new Weight(p.pathId(), Weight.FULL, "unregulated"));
                continue;
            }
            ApTier2State s = st.get();
            if (s.limitBps() == 0) {
                out.add(new Weight(p.pathId(), 0, "tier2-limit-zero"));
                continue;
            }
            if (primaryRate <= 0) {
                out.add(new Weight(p.pathId(), Weight.FULL, "no-primary-rate"));
                continue;
            }
            PathMeasurement sm = measurements.get(p.pathId());
            long clientRate = sm == null ? 0 : sm.rateBps();
            double allowance = allowance(s, clientRate);
            long w = Math.round(Weight.FULL * allowance / primaryRate);
            out.add(new Weight(p.pathId(), (int) Math.max(1, Math.min(Weight.FULL, w)), "tier2-share"));
        }
        return out;
    }

    /**
     * Returns what the AP's Tier-2 limit lets one client send.
     *
     * @param s          AP state
     * @param clientRate the client's measured rate on the AP, bit/s
     * @return bit/s
     */
    static double allowance(ApTier2State s, long clientRate) {
        long limit = s.limitBps();
        long total = Math.max(s.tier2RateBps(), clientRate);
        if (total >= limit) {
            return total == 0 ? 0 : (double) limit * clientRate / total;
        }
        int n = Math.max(1, s.tier2Clients());
        return clientRate + (double) (limit - total) / n;
    }

    private static int primaryIndex(String clientId, List<ClientPathInfo> paths, RegulationInput regulation) {
        Optional<String> ap = regulation.primaryAp(clientId);
        for (int i = 0; ap.isEmpty() && i < paths.size(); i++) {
            for (String a : paths.get(i).addresses()) {
                ap = regulation.userOfAddress(a).flatMap(regulation::primaryAp);
                if (ap.isPresent()) {
                    break;
                }
            }
        }
        if (ap.isPresent()) {
            for (int i = 0; i < paths.size(); i++) {
                if (paths.get(i).apId().equals(ap.get())) {
                    return i;
                }
            }
        }
        return -1;
    }
}
