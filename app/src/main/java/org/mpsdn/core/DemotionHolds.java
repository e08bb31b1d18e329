package org.mpsdn.core;

import org.mpsdn.core.categorize.PrimarySelection;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.StationLoad;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The demotion hold of the mpsdn profile. When a multipath user's primary moves from AP A to AP B, its connection
 * to A stays in Tier 1 (beside B's) while the user's station at B was sent less than its station at A over the
 * agent's last window, for at most {@link #MAX_CYCLES} cycles; then A's subflows become Tier 2. Without the hold,
 * A's subflow is metered at A's Tier-2 limit (often R_m) the cycle the primary moves, while B's subflow, held at
 * B's Tier-2 limit until then, may be stale in the sender's MPTCP scheduler: the user's data is stranded on both
 * paths (lab radio event: 0.1 Mb/s for 8.5 s after the move). What a path carries is what the user's station
 * there was sent ({@link StationLoad#sentBps()}, summed over the directions reported); where a rate is unknown the
 * demotion is not held. A user whose old path carries nothing (a lost link) is demoted at once.
 */
final class DemotionHolds {
    /** Longest hold, in cycles: a new primary that never carries as much as the old one does not keep it. */
    static final int MAX_CYCLES = 5;

    /** Whether a connection is held in Tier 1, per connection of the snapshot. */
    final boolean[] held;
    /** The holds in force after this cycle, by device id. */
    final Map<String, DemotionHold> next;

    private DemotionHolds(boolean[] held, Map<String, DemotionHold> next) {
        this.held = held;
        this.next = next;
    }

    /**
     * No hold (the paper's profile).
     *
     * @param s the snapshot
     * @return no held connection
     */
    static DemotionHolds none(NetworkSnapshot s) {
        return new DemotionHolds(new boolean[s.connectionCount()], Collections.emptyMap());
    }

    /**
     * The holds of this cycle.
     *
     * @param s         the snapshot
     * @param selection this cycle's primaries
     * @param stations  the station queues per AP direction (their sent rates)
     * @param previous  the previous state (primaries and holds)
     * @return held connections and the holds to remember
     */
    static DemotionHolds of(NetworkSnapshot s, PrimarySelection selection,
                            Map<ApDirection, List<StationLoad>> stations, RegulationState previous) {
        boolean[] held = new boolean[s.connectionCount()];
        Map<String, DemotionHold> next = new TreeMap<>();
        Map<String, Map<String, Long>> sent = null;
        for (int ue = 0; ue < s.ueCount(); ue++) {
            int primary = selection.primaryConnection(ue);
            if (!s.ueMultipath(ue) || s.ueExempt(ue) || primary < 0) {
                continue;
            }
            String id = s.ue(ue).id();
            String newAp = s.connection(primary).apId();
            DemotionHold h = candidate(previous, id, newAp);
            int old = h == null ? -1 : s.connectionIndex(ue, h.apId());
            if (old < 0 || h.cycles() > MAX_CYCLES) {
                continue;
            }
            sent = sent == null ? sentByUeAndAp(stations) : sent;
            long atOld = sentOf(sent, id, h.apId());
            long atNew = sentOf(sent, id, newAp);
            if (atOld > 0 && atNew >= 0 && atNew < atOld) {
                held[old] = true;
                next.put(id, h);
            }
        }
        return new DemotionHolds(held, Collections.unmodifiableMap(next));
    }

    // the hold this cycle would continue or start: the previous one if its AP is still not the primary, else
    // the previous primary if it was another AP
    private static DemotionHold candidate(RegulationState previous, String ueId, String newAp) {
        DemotionHold h = previous.demotionHolds().get(ueId);
        if (h != null) {
            return h.apId().equals(newAp) ? null : new DemotionHold(h.apId(), h.cycles() + 1);
        }
        Optional<String> was = previous.primaryApOf(ueId);
        return was.isPresent() && !was.get().equals(newAp) ? new DemotionHold(was.get(), 1) : null;
    }

    // bit/s sent to each device's station at each AP, summed over the directions; -1 once one is unknown
    private static Map<String, Map<String, Long>> sentByUeAndAp(Map<ApDirection, List<StationLoad>> stations) {
        Map<String, Map<String, Long>> out = new HashMap<>();
        stations.forEach((key, loads) -> {
            for (StationLoad l : loads) {
                l.ueId().ifPresent(ue -> out.computeIfAbsent(ue, k -> new HashMap<>()).merge(key.apId(), l.sentBps(),
                        (a, b) -> a < 0 || b < 0 ? -1L : a + b));
            }
        });
        return out;
    }

    // what a device's station at an AP was sent: 0 without a station there, -1 when unknown
    private static long sentOf(Map<String, Map<String, Long>> sent, String ueId, String apId) {
        Map<String, Long> byAp = sent.get(ueId);
        Long v = byAp == null ? null : byAp.get(apId);
        return v == null ? 0L : v;
    }
}
