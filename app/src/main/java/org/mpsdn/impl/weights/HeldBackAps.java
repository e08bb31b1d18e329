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
 * Which APs hold Tier 1 back, in either direction, read from the regulation decisions.
 *
 * <p>An AP direction enters the state with a {@link LimitReason#DECREASE} or {@link LimitReason#FLOOR} decision (its
 * Tier-1 stations were held back), stays in it through the {@link LimitReason#HOLD}s that follow, and leaves it
 * with any other decision (an increase, a fail-open) or none. While Tier 1 is held back the AP has nothing to spare
 * for Tier 2, and data a sender puts on a squeezed secondary subflow stalls its whole connection (MPTCP
 * head-of-line blocking): such a path should be an MPTCP backup, which the meter alone cannot make it.
 */
public final class HeldBackAps {

    private HeldBackAps() {
    }

    /**
     * Returns the AP directions that hold Tier 1 back now.
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
                boolean cut = r.get() == LimitReason.DECREASE || r.get() == LimitReason.FLOOR;
                if (cut || r.get() == LimitReason.HOLD && before.contains(key)) {
                    out.add(key);
                }
            }
        }
        return Set.copyOf(out);
    }

    /**
     * Returns whether an AP holds Tier 1 back in some direction.
     *
     * @param heldBack the result of {@link #next}
     * @param apId     AP identifier
     * @return true when it does
     */
    public static boolean anyDirection(Set<String> heldBack, String apId) {
        for (Direction d : Direction.values()) {
            if (heldBack.contains(key(apId, d))) {
                return true;
            }
        }
        return false;
    }

    private static String key(String apId, Direction d) {
        return apId + "/" + d.name();
    }
}
