package org.mpsdn.impl.steering;

import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.impl.weights.ApTier2State;
import org.mpsdn.impl.weights.AutomaticWeights;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.PathMeasurement;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.Weight;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the steering mode that governs a client's traffic becomes on that client. A client with
 * an agent has announced its paths (each on an AP) over the client-weights channel; its weights
 * shape what it sends, and weight 0 makes the agent mark the path backup (MP_PRIO).
 * <ul>
 * <li>ACTIVE_STANDBY: the paths on the active AP get {@link Weight#FULL}, every other path 0
 *     (backup). Without an agent: not applied (the network-side standby meter does not exist).</li>
 * <li>PRIORITY_BASED: the regulation as it is (automatic weights with an agent).</li>
 * <li>LOAD_BALANCING with shares: each path gets its AP's percent as weight (0: backup). Without
 *     an agent: not applied. Autonomous: the automatic weights; without an agent the client's own
 *     scheduler, within the regulation.</li>
 * <li>SMALLEST_DELAY: the path with the lowest smoothed RTT the agent reported is the client's
 *     primary; the previous primary keeps the role unless another path is lower by more than
 *     the hysteresis. The weights are the automatic ones computed around that primary. Without
 *     an agent, or without an RTT on two paths: not applied.</li>
 * </ul>
 * Regulation's protection of Tier 1 wins over a mode: a path whose AP holds Tier 2 at 0 keeps
 * weight 0 whatever the mode asks, and a mode that would then leave no path with a positive
 * weight falls back to the automatic weights. The meters enforce the Tier-2 limits in the
 * network whatever the client's weights are.
 */
public final class SteeringMechanism {

    private SteeringMechanism() {
    }

    /**
     * Maps a rule onto one client.
     *
     * @param rule         the rule that governs the client's traffic
     * @param clientId     client (UE) id
     * @param paths        the paths its agent announced, empty without an agent
     * @param regulation   regulation state (Tier-2 limits, primaries)
     * @param measurements per-path RTT and rate its agent reported
     * @param lastPrimary  the path smallest delay made primary last time, or null
     * @return what applies on the client
     */
    public static ClientSteering map(SteeringRule rule, String clientId, List<ClientPathInfo> paths,
                                     RegulationInput regulation, Map<String, PathMeasurement> measurements,
                                     String lastPrimary) {
        boolean agent = !paths.isEmpty();
        switch (rule.mode()) {
            case PRIORITY_BASED:
                return ClientSteering.automatic(agent ? "regulation: automatic weights (primary protected, the "
                        + "other path gets what its AP spares)" : "regulation (no client agent)");
            case LOAD_BALANCING:
                if (rule.autonomous()) {
                    return ClientSteering.automatic(agent ? "client agent: automatic weights from the Tier-2 state"
                            : "no client agent: the client's own scheduler, within regulation");
                }
                return agent ? shares(rule, clientId, paths, regulation)
                        : ClientSteering.notApplied("no client agent: a fixed split needs client weights");
            case ACTIVE_STANDBY:
                return agent ? activeStandby(rule, clientId, paths, regulation) : ClientSteering.notApplied(
                        "no client agent, and the network-side standby meter is not available");
            default:
                return agent ? smallestDelay(rule, clientId, paths, regulation, measurements, lastPrimary)
                        : ClientSteering.notApplied("no client agent: the per-path RTT comes from it");
        }
    }

    private static ClientSteering activeStandby(SteeringRule rule, String clientId, List<ClientPathInfo> paths,
                                                RegulationInput regulation) {
        String active = rule.activeAp();
        if (paths.stream().noneMatch(p -> p.apId().equals(active))) {
            return ClientSteering.notApplied("the client has no path on AP " + active);
        }
        Map<String, Integer> w = new LinkedHashMap<>();
        for (ClientPathInfo p : paths) {
            w.put(p.pathId(), p.apId().equals(active) ? Weight.FULL : 0);
        }
        return protect(w, clientId, paths, regulation, "client agent: active path " + pathsOn(paths, active)
                + ", MP_PRIO backup on " + standby(w), null);
    }

    private static ClientSteering shares(SteeringRule rule, String clientId, List<ClientPathInfo> paths,
                                         RegulationInput regulation) {
        Map<String, Integer> w = new LinkedHashMap<>();
        for (ClientPathInfo p : paths) {
            w.put(p.pathId(), rule.shares().getOrDefault(p.apId(), 0));
        }
        if (w.values().stream().noneMatch(v -> v > 0)) {
            return ClientSteering.notApplied("the client has no path on AP(s) " + rule.shares().keySet());
        }
        return protect(w, clientId, paths, regulation, "client agent: fixed split " + w
                + (w.containsValue(0) ? ", MP_PRIO backup on " + standby(w) : ""), null);
    }

    private static ClientSteering smallestDelay(SteeringRule rule, String clientId, List<ClientPathInfo> paths,
                                                RegulationInput regulation, Map<String, PathMeasurement> m,
                                                String lastPrimary) {
        Optional<String> choice = RttChoice.primary(paths, m, lastPrimary, rule.rttHysteresisMs());
        if (choice.isEmpty()) {
            return ClientSteering.notApplied("no RTT reported on at least two paths of the client (" + rtts(paths, m)
                    + ")");
        }
        String primary = choice.get();
        String ap = paths.stream().filter(p -> p.pathId().equals(primary)).findFirst().orElseThrow().apId();
        RegulationInput around = new RegulationInput() {
            @Override
            public Optional<ApTier2State> tier2State(String apId) {
                return regulation.tier2State(apId);
            }

            @Override
            public Optional<String> primaryAp(String client) {
                return Optional.of(ap);
            }
        };
        Map<String, Integer> w = new LinkedHashMap<>();
        for (Weight x : AutomaticWeights.compute(clientId, paths, around, m)) {
            w.put(x.pathId(), x.value());
        }
        return protect(w, clientId, paths, regulation, "client agent: primary " + primary + " by the lower RTT ("
                + rtts(paths, m) + ", hysteresis " + rule.rttHysteresisMs() + " ms)", primary);
    }

    /**
     * Keeps weight 0 on the paths whose AP holds Tier 2 at 0 (unless the AP carries the client's
     * primary, which is Tier 1); with no positive weight left, the automatic weights apply.
     */
    private static ClientSteering protect(Map<String, Integer> w, String clientId, List<ClientPathInfo> paths,
                                          RegulationInput regulation, String description, String primary) {
        Optional<String> tier1Ap = regulation.primaryAp(clientId);
        StringBuilder held = new StringBuilder();
        for (ClientPathInfo p : paths) {
            boolean zero = !p.apId().isEmpty() && !tier1Ap.equals(Optional.of(p.apId()))
                    && regulation.tier2State(p.apId()).map(s -> s.limitBps() == 0).orElse(false);
            if (zero && w.get(p.pathId()) > 0) {
                w.put(p.pathId(), 0);
                held.append(held.length() == 0 ? "" : ", ").append(p.pathId());
            }
        }
        if (held.length() == 0) {
            return ClientSteering.weights(w, description, primary);
        }
        String why = "regulation holds Tier 2 at 0 on the AP of " + held;
        if (w.values().stream().noneMatch(v -> v > 0)) {
            return ClientSteering.automatic("regulation wins: " + why + "; automatic weights until it rises");
        }
        return ClientSteering.weights(w, description + "; " + why + ": weight 0 there", primary);
    }

    private static String pathsOn(List<ClientPathInfo> paths, String ap) {
        StringBuilder sb = new StringBuilder();
        paths.stream().filter(p -> p.apId().equals(ap)).forEach(p -> sb.append(sb.length() == 0 ? "" : ", ")
                .append(p.pathId()));
        return sb + " (AP " + ap + ")";
    }

    private static String standby(Map<String, Integer> w) {
        StringBuilder sb = new StringBuilder();
        w.forEach((p, v) -> {
            if (v == 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(p);
            }
        });
        return sb.toString();
    }

    private static String rtts(List<ClientPathInfo> paths, Map<String, PathMeasurement> m) {
        StringBuilder sb = new StringBuilder();
        for (ClientPathInfo p : paths) {
            PathMeasurement pm = m.get(p.pathId());
            sb.append(sb.length() == 0 ? "" : ", ").append(p.pathId()).append(' ')
                    .append(pm == null || pm.srttUs() == PathMeasurement.UNKNOWN ? "unknown"
                            : String.format(Locale.ROOT, "%.1f ms", pm.srttUs() / 1000.0));
        }
        return sb.toString();
    }
}
