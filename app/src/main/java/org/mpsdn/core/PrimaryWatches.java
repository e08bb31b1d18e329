package org.mpsdn.core;

import org.mpsdn.core.categorize.PrimaryHistory;
import org.mpsdn.core.categorize.PrimarySelection;
import org.mpsdn.core.model.NetworkSnapshot;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The history primary selection reads ({@link PrimaryHistory}) from the last cycle's state, and the
 * {@link PrimaryWatch} of every multipath user for the next cycle.
 */
final class PrimaryWatches {
    private PrimaryWatches() {
    }

    /**
     * The previous primaries and margin, with the confirmation of a change when {@code confirm} is set.
     *
     * @param s          the snapshot
     * @param previous   the last cycle's state
     * @param hysteresis the margin h
     * @param confirm    whether a change needs confirmation (the mpsdn profile)
     * @return the history; no previous primary at all when neither a margin nor the confirmation asks for one
     */
    static PrimaryHistory history(NetworkSnapshot s, RegulationState previous, double hysteresis, boolean confirm) {
        if (!confirm && hysteresis <= 0.0) {
            return PrimaryHistory.of(null, 0.0);
        }
        int[] prev = new int[s.ueCount()];
        for (int ue = 0; ue < prev.length; ue++) {
            Optional<String> ap = previous.primaryApOf(s.ue(ue).id());
            prev[ue] = ap.isPresent() ? s.connectionIndex(ue, ap.get()) : -1;
        }
        if (!confirm) {
            return PrimaryHistory.of(prev, hysteresis);
        }
        boolean[] settled = new boolean[s.ueCount()];
        int[] challenger = new int[s.ueCount()];
        for (int ue = 0; ue < prev.length; ue++) {
            PrimaryWatch w = previous.primaryWatches().get(s.ue(ue).id());
            settled[ue] = w != null && w.links().equals(links(s, ue));
            String ap = w == null ? null : w.challengerAp().orElse(null);
            challenger[ue] = ap == null ? -1 : s.connectionIndex(ue, ap);
        }
        return PrimaryHistory.confirming(prev, hysteresis, settled, challenger);
    }

    /**
     * What the next cycle needs to confirm a change: every multipath user's links and challenger.
     *
     * @param s         the snapshot
     * @param selection this cycle's selection
     * @return by device id; empty for users with fewer than two connections
     */
    static Map<String, PrimaryWatch> next(NetworkSnapshot s, PrimarySelection selection) {
        Map<String, PrimaryWatch> out = new TreeMap<>();
        for (int ue = 0; ue < s.ueCount(); ue++) {
            if (!s.ue(ue).multipath() || s.ueConnectionCount(ue) < 2) {
                continue;
            }
            int c = selection.challenger(ue);
            out.put(s.ue(ue).id(), new PrimaryWatch(links(s, ue), c < 0 ? null : s.connection(c).apId()));
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, Long> links(NetworkSnapshot s, int ue) {
        Map<String, Long> out = new TreeMap<>();
        for (int k = 0; k < s.ueConnectionCount(ue); k++) {
            int c = s.ueConnection(ue, k);
            out.put(s.connection(c).apId(), s.connection(c).phyRateBps());
        }
        return out;
    }
}
