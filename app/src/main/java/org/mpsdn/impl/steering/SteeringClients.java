package org.mpsdn.impl.steering;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.WeightUpdate;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.WeightPublisher;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Applies the steering of every UE through the client-weights publisher and says, per intent
 * and per UE it targets, what applies there. Weights a steering mode set are published as the
 * client's manual weights; a client the steering no longer weights goes back to the automatic
 * ones. A UE with a CLIENT_WEIGHTS intent is left to it.
 */
final class SteeringClients {
    /** Words of an entry whose weights the agent has not acknowledged yet. */
    static final String AWAITING = "awaiting the agent's acknowledgement";
    /** Start of an entry that does not apply. */
    static final String NOT_APPLIED = "not applied: ";

    private final Supplier<WeightPublisher> publisher;
    private final Supplier<RegulationInput> regulation;
    private final Map<String, String> lastPrimary = new HashMap<>();
    private final Set<String> steered = new HashSet<>();

    SteeringClients(Supplier<WeightPublisher> publisher, Supplier<RegulationInput> regulation) {
        this.publisher = publisher;
        this.regulation = regulation;
    }

    /**
     * Applies and describes.
     *
     * @param all      every intent in force
     * @param steering the steering intents among them
     * @param ues      the known UE ids
     * @return intent id to UE id to what applies there
     */
    synchronized Map<String, Map<String, String>> apply(List<MpsdnIntent> all, List<MpsdnIntent> steering,
                                                         Collection<String> ues) {
        Map<String, Map<String, String>> out = new HashMap<>();
        Set<String> seen = new HashSet<>(ues);
        for (MpsdnIntent i : steering) {
            if (!SteeringRule.ALL_UES.equals(i.target()) && !seen.contains(i.target())) {
                entry(out, i, i.target(), NOT_APPLIED + "UE " + i.target() + " is not known now");
            }
        }
        WeightPublisher p = publisher.get();
        RegulationInput reg = regulation.get();
        for (String ue : ues) {
            Optional<MpsdnIntent> governs = SteeringPrecedence.forUe(steering, ue);
            for (MpsdnIntent i : steering) {
                if (!SteeringPrecedence.targets(i, ue)) {
                    continue;
                }
                if (i.steering().trafficDescriptor() != null) {
                    entry(out, i, ue, NOT_APPLIED + "per-flow steering needs per-connection flags; client weights "
                            + "set whole paths");
                } else if (!governs.get().equals(i)) {
                    entry(out, i, ue, "shadowed by steering intent " + governs.get().id() + " (precedence "
                            + governs.get().steering().precedence() + ")");
                }
            }
            Optional<MpsdnIntent> weights = all.stream().filter(i -> i.kind() == IntentKind.CLIENT_WEIGHTS
                    && i.target().equals(ue)).findFirst();
            if (governs.isEmpty()) {
                release(p, ue);
            } else if (weights.isPresent()) {
                steered.remove(ue);
                entry(out, governs.get(), ue, NOT_APPLIED + "client weights intent " + weights.get().id()
                        + " sets this client's weights");
            } else {
                entry(out, governs.get(), ue, apply(p, reg, governs.get().steering(), ue));
            }
        }
        return out;
    }

    private String apply(WeightPublisher p, RegulationInput reg, SteeringRule rule, String ue) {
        List<ClientPathInfo> paths = p == null ? List.of() : p.paths(ue);
        ClientSteering s = SteeringMechanism.map(rule, ue, paths, reg, p == null ? Map.of() : p.measurements(ue),
                lastPrimary.get(ue));
        if (s.mechanism() != ClientSteering.Mechanism.WEIGHTS) {
            release(p, ue);
            return s.description();
        }
        try {
            p.setManual(ue, s.weights());
        } catch (IllegalArgumentException e) {
            return NOT_APPLIED + e.getMessage();
        }
        steered.add(ue);
        if (s.primaryPath() != null) {
            lastPrimary.put(ue, s.primaryPath());
        }
        return s.description() + "; " + ackState(p, ue);
    }

    private static String ackState(WeightPublisher p, String ue) {
        Optional<WeightUpdate> cur = p.current(ue);
        Optional<AckRequest> ack = p.lastAck(ue);
        if (cur.isEmpty()) {
            return AWAITING;
        }
        long v = cur.get().getVersion();
        if (ack.isEmpty() || ack.get().getEpoch() != cur.get().getEpoch() || ack.get().getVersion() < v) {
            return "weights v" + v + " sent, " + AWAITING;
        }
        StringBuilder failed = new StringBuilder();
        ack.get().getPathsList().stream().filter(a -> !a.getOk()).forEach(a -> failed.append(failed.length() == 0
                ? "" : ", ").append(a.getPathId()).append(' ').append(a.getError()));
        return failed.length() == 0 ? "weights v" + v + " acknowledged"
                : NOT_APPLIED + "the agent could not apply weights v" + v + " (" + failed + ")";
    }

    private void release(WeightPublisher p, String ue) {
        lastPrimary.remove(ue);
        if (steered.remove(ue) && p != null) {
            p.clearManual(ue);
        }
    }

    private static void entry(Map<String, Map<String, String>> out, MpsdnIntent i, String ue, String text) {
        out.computeIfAbsent(i.id(), k -> new TreeMap<>()).put(ue, text);
    }

    /**
     * The outcome of an intent from its entries.
     *
     * @param entries UE id to what applies there
     * @return the outcome, null while some agent has not acknowledged
     */
    static InstallOutcome outcome(Map<String, String> entries) {
        if (entries.isEmpty()) {
            return InstallOutcome.failed("no UE to steer: the target is not known");
        }
        StringBuilder notApplied = new StringBuilder();
        for (Map.Entry<String, String> e : entries.entrySet()) {
            if (e.getValue().contains(AWAITING)) {
                return null;
            }
            if (e.getValue().startsWith(NOT_APPLIED)) {
                notApplied.append(notApplied.length() == 0 ? "" : ", ").append(e.getKey());
            }
        }
        return notApplied.length() == 0 ? InstallOutcome.acknowledged(entries)
                : InstallOutcome.failed("not applied on " + notApplied + " (see applied)", entries);
    }
}
