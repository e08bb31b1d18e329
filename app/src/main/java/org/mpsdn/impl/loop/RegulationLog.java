package org.mpsdn.impl.loop;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.LimitDecision;
import org.slf4j.Logger;

import java.util.Locale;
import java.util.OptionalLong;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The regulation log: one INFO line (logger {@code org.mpsdn.impl.loop.RegulationLog}) each time the decision of an
 * AP direction changes its target, its reason or the signal it decides on, naming all three, the signal's value
 * against its threshold, the limit in force and the cap. A decision that repeats the last one is not logged.
 */
final class RegulationLog {
    private static final Logger LOG = getLogger(RegulationLog.class);

    private RegulationLog() {
    }

    /**
     * Logs a decision when it changes the previous one.
     *
     * @param apId     AP id
     * @param d        direction
     * @param decision this cycle's decision
     * @param previous the last decision stored, null when none
     * @param inForce  the limit in force before this cycle's step (kbit/s), empty when unlimited
     */
    static void decided(String apId, Direction d, LimitDecision decision, LimitDecision previous,
                        OptionalLong inForce) {
        if (decision.changes(previous)) {
            LOG.info(line(apId, d, decision, inForce));
        }
    }

    /**
     * The line of a decision, e.g. {@code wifi1 downlink: DECREASE to 17678 kb/s (in force 25000, cap 50000);
     * TIER1_STATIONS 0.72 against 0.40: signal at or above its threshold: halved}.
     *
     * @param apId     AP id
     * @param d        direction
     * @param decision the decision
     * @param inForce  the limit in force before it (kbit/s), empty when unlimited
     * @return the line
     */
    static String line(String apId, Direction d, LimitDecision decision, OptionalLong inForce) {
        StringBuilder sb = new StringBuilder(apId).append(' ').append(d.name().toLowerCase(Locale.ROOT)).append(": ")
                .append(decision.reason());
        sb.append(decision.targetKbps().isPresent() ? " to " + decision.targetKbps().getAsLong() + " kb/s"
                : " (Tier 2 unlimited)");
        sb.append(" (in force ").append(inForce.isPresent() ? inForce.getAsLong() + "" : "unlimited");
        decision.capKbps().ifPresent(c -> sb.append(", cap ").append(c));
        sb.append(')');
        if (decision.source().isPresent()) {
            sb.append(String.format(Locale.ROOT, "; %s %.3f against %.3f", decision.source().get(),
                    decision.signal().orElse(Double.NaN), decision.threshold().orElse(Double.NaN)));
        }
        if (!decision.note().isEmpty()) {
            sb.append(": ").append(decision.note());
        }
        return sb.toString();
    }
}
