package org.mpsdn.impl.weights;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;

import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Which APs hold Tier 2 at its floor, in either direction, read from the regulation decisions.
 *
 * <p>An AP direction enters the state with a {@link LimitReason#FLOOR} decision (Tier 1 held back while the limit is
 * already min(R_m, capacity)), stays in it through the {@link LimitReason#HOLD}s that follow, and leaves it with any
 * other decision (an increase, a fail-open) or none. At the floor the meter leaves a secondary subflow about R_m,
 * and the data a sender still puts on it stalls its whole connection (MPTCP head-of-line blocking): such a path
 * should be an MPTCP backup, which the meter alone cannot make it. Only the floor: a backup on every decrease took
 * the idle capacity from Tier 2 (lab idle-capacity runs, 0.41 of the idle Wi-Fi and 0.28 of the idle LTE capacity).
 */
public final class FloorHolds {

    private FloorHolds() {
    }

    /**
     * Returns the AP directions at the floor now.
     *
     * @param states the regulation states
     * @param before the result of the previous call ({@code apId/direction} keys), empty at first
     * @return {@code apId/direction} keys
     */
    public static Set<String> next(Collection<ApRegulationState> states, Set<String> before) {
        Set<String> out = new HashSet<>();
        for (ApRegulationState s : states) {
            for (Direction d : Direction.values()) {
                String key = key(s.apId(), d);
                Optional<LimitReason> r = s.decision(d).map(LimitDecision::reason);
                if (r.isEmpty()) {
                    continue;
                }
                if (r.get() == LimitReason.FLOOR || r.get() == LimitReason.HOLD && before.contains(key)) {
                    out.add(key);
                }
            }
        }
        return Set.copyOf(out);
    }

    /**
     * Returns whether an AP is at the floor in some direction.
     *
     * @param atFloor the result of {@link #next}
     * @param apId    AP identifier
     * @return true when it is
     */
    public static boolean anyDirection(Set<String> atFloor, String apId) {
        for (Direction d : Direction.values()) {
            if (atFloor.contains(key(apId, d))) {
                return true;
            }
        }
        return false;
    }

    private static String key(String apId, Direction d) {
        return apId + "/" + d.name();
    }
}
