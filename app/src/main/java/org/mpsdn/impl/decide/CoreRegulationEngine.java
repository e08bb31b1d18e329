package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.core.CycleResult;
import org.mpsdn.core.DeadlockBreaker;
import org.mpsdn.core.DemotionHold;
import org.mpsdn.core.LawMemory;
import org.mpsdn.core.PrimaryWatch;
import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.core.Tier2Decision;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.core.signal.SignalReading;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.flow.FlowMatch;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Adapter from the ONOS-side view of a cycle to the pure core ({@link RegulationCenter}).
 * <ul>
 * <li>UEs: a registered UE is multipath when it has two or more interfaces; any UE seen on two
 *     or more APs is multipath too; an unregistered address is its own single-path UE
 *     ({@code ip:<addr>}).</li>
 * <li>Connections: one per (UE, AP) seen in telemetry stations or flows; RSSI and PHY rate from
 *     the station report, else the worst RSSI and the AP's capacity.</li>
 * <li>ACK streams: TCP flows whose average packet is at most {@link #ACK_MAX_AVG_BYTES} bytes, and
 *     uplink TCP flows without any packet counted yet (ONOS reports a new rule's counters only from
 *     its first flow-stats poll, up to 5 s later, and a new uplink flow is most likely the ACK stream
 *     of a download): an ACK stream is not metered meanwhile, a download is tiered at once.</li>
 * <li>Per-AP overrides of CTh, &alpha;, R_m and the Tier-1 threshold: the core has global parameters, so APs are
 *     grouped
 *     by their effective parameters and each group's limits come from a run with those; tiers and
 *     primaries come from the run with the global parameters.</li>
 * <li>Uplink is regulated in the core when any AP regulates it; limits of directions an AP does
 *     not regulate are dropped.</li>
 * <li>Profile ({@link EngineParams#profile()}): one for all APs. The mpsdn profile reads the
 *     station queues of {@link ApView#stationQueues()} (matched to UEs like stations) and the
 *     flows' rates ({@link FlowView#rateBps()}: the measured Tier-2 rate is the sum over this
 *     cycle's Tier-2 flows); the paper profile reads neither.</li>
 * <li>Operator policies (northbound multipath-policy intents) are passed to the core per UE;
 *     a pin that cannot hold (UE not seen, AP not configured, no connection of the UE to it) is
 *     reported in {@link EngineDecision#unmetPolicies()} with the reason, and the UE is
 *     regulated by default meanwhile.</li>
 * </ul>
 * The snapshot the core reads is built by {@link CoreSnapshot}, from each domain's {@link LiveDomain} kept
 * across cycles (a domain is known by its set of AP ids; a new set replaces the domains it overlaps, and a domain
 * not decided in twice as many calls as there are domains kept, e.g. one whose ownership moved, is dropped).
 */
public final class CoreRegulationEngine implements RegulationEngine {

    /** Largest average packet size (IP bytes) of a TCP flow treated as a pure ACK stream. */
    public static final long ACK_MAX_AVG_BYTES = 100;

    /**
     * What the mpsdn law remembers per AP direction from the last cycle (the core's {@code LawMemory}). Held in
     * memory: an instance that takes over an AP learns it anew.
     */
    private volatile Map<ApDirection, LawMemory> lawMemory = Map.of();
    /** The multipath users whose old primary the last cycle held in Tier 1 (the core's demotion holds). */
    private volatile Map<String, DemotionHold> demotionHolds = Map.of();
    /** The multipath users' links and challengers of the last cycle (the core's confirmation of a change). */
    private volatile Map<String, PrimaryWatch> primaryWatches = Map.of();
    /** Each domain's flows as its last cycle left them, by the domain's AP ids. */
    private final Map<Set<String>, LiveDomain> domains = new HashMap<>();
    /** The call of {@link #decide} that last used each kept domain. */
    private final Map<Set<String>, Long> lastUse = new HashMap<>();
    private long calls;

    @Override
    public synchronized EngineDecision decide(EngineInput in) {
        CoreSnapshot s = CoreSnapshot.of(in, domain(in), lawMemory, demotionHolds, primaryWatches);
        EngineParams p = in.params();
        RegulationParameters global = parameters(p, List.of(p.cth(), p.alpha(), p.rmKbps(), p.tier1Threshold()),
                s.uplink, in.intervalMillis());
        CycleResult result = new RegulationCenter(global).cycle(s.snapshot, s.measurements, s.previous);
        Map<ApDirection, LimitDecision> decisions = new HashMap<>();
        Map<ApDirection, LawMemory> remembered = new HashMap<>();
        Map<ApDirection, Long> limits = limits(in, s, result, decisions, remembered);
        lawMemory = Map.copyOf(remembered);
        demotionHolds = result.nextState().demotionHolds();
        primaryWatches = result.nextState().primaryWatches();
        return new EngineDecision(tiers(s, result), limits, primaries(s, result),
                unmetPolicies(in.policies(), s.links, s.apById), decisions);
    }

    /** The live flows of the domain of these APs; a new domain replaces those it shares an AP with. */
    private LiveDomain domain(EngineInput in) {
        Set<String> ids = new HashSet<>();
        in.aps().forEach(ap -> ids.add(ap.spec().id()));
        long now = ++calls;
        long unusedSince = now - 2L * Math.max(1, domains.size());
        domains.keySet().removeIf(other -> lastUse.get(other) < unusedSince || !other.equals(ids)
                && !Collections.disjoint(other, ids));
        lastUse.keySet().retainAll(domains.keySet());
        LiveDomain d = domains.computeIfAbsent(Set.copyOf(ids), k -> new LiveDomain());
        lastUse.put(Set.copyOf(ids), now);
        return d;
    }

    /** @return the number of domains whose flows are kept */
    synchronized int keptDomains() {
        return domains.size();
    }

    /** The tier of every cycle flow, grouped by AP. */
    private static Map<String, Map<FlowMatch, Tier>> tiers(CoreSnapshot s, CycleResult result) {
        Map<String, Map<FlowMatch, Tier>> tiers = new HashMap<>();
        for (int i = 0; i < s.snapshot.flowCount(); i++) {
            FlowView v = s.cycleFlow(i);
            tiers.computeIfAbsent(v.apId(), k -> new HashMap<>()).put(v.match(), result.tier(i));
        }
        return tiers;
    }

    /**
     * The Tier-2 limit of every regulated AP direction in kbit/s: from the global run, or from a
     * run with the AP's own parameters when it overrides CTh, alpha, R_m or the Tier-1 threshold; each with
     * how it was decided (into {@code decisions}) and what the law remembers for the next cycle (into
     * {@code remembered}).
     */
    private static Map<ApDirection, Long> limits(EngineInput in, CoreSnapshot s, CycleResult global,
                                                 Map<ApDirection, LimitDecision> decisions,
                                                 Map<ApDirection, LawMemory> remembered) {
        EngineParams p = in.params();
        Map<List<Number>, CycleResult> groups = new HashMap<>();
        List<Number> globalKey = List.of(p.cth(), p.alpha(), p.rmKbps(), p.tier1Threshold());
        Map<ApDirection, Long> limits = new HashMap<>();
        for (ApView ap : in.aps()) {
            ApSpec spec = ap.spec();
            List<Number> key = List.of(spec.cth().orElse(p.cth()), spec.alpha().orElse(p.alpha()),
                    spec.rmKbps().orElse(p.rmKbps()), spec.tier1Threshold().orElse(p.tier1Threshold()));
            CycleResult r = key.equals(globalKey) ? global : groups.computeIfAbsent(key,
                    k -> new RegulationCenter(parameters(p, k, true, in.intervalMillis()))
                            .cycle(s.snapshot, s.measurements, s.previous));
            for (Direction d : spec.directions()) {
                ApDirection ad = new ApDirection(spec.id(), d);
                r.tier2LimitBps(spec.id(), d).ifPresent(v -> limits.put(ad, kbps(v)));
                r.decision(spec.id(), d).ifPresent(v -> decisions.put(ad, decision(v)));
                LawMemory m = r.nextState().lawMemory(spec.id(), d);
                if (!m.equals(LawMemory.NONE)) {
                    remembered.put(ad, m);
                }
            }
        }
        return limits;
    }

    private static long kbps(long bps) {
        return Math.max(1L, (bps + 500) / 1000);
    }

    /**
     * The core's decision as the API shows it (kbit/s; the time is set when it is applied).
     *
     * @param d the core's decision
     * @return the API's
     */
    static LimitDecision decision(Tier2Decision d) {
        SignalSource source = d.source() == SignalReading.Source.AP_OCCUPANCY ? SignalSource.MAC_OCC
                : d.source() == SignalReading.Source.TIER1_STATIONS ? SignalSource.TIER1_STATIONS : null;
        return new LimitDecision(source, d.signal(), d.threshold(), kbps(d.limitBps()), kbps(d.capBps()), d.reason(),
                d.note(), 0L);
    }

    /** The primary AP of every UE that has one. */
    private static Map<String, String> primaries(CoreSnapshot s, CycleResult result) {
        Map<String, String> primaries = new HashMap<>();
        for (String ue : s.links.keySet()) {
            result.primaryApOf(ue).ifPresent(apId -> primaries.put(ue, apId));
        }
        return primaries;
    }

    /** Pins that cannot hold this cycle, with the reason; exempt and regulate always hold. */
    private static Map<String, String> unmetPolicies(Map<String, UserPolicy> policies,
                                                     Map<String, Map<String, double[]>> links,
                                                     Map<String, ApSpec> apById) {
        Map<String, String> unmet = new HashMap<>();
        policies.forEach((ue, policy) -> {
            if (policy.mode() != UserPolicy.Mode.PIN_PRIMARY) {
                return;
            }
            String ap = policy.pinnedApId().orElseThrow();
            Map<String, double[]> seen = links.get(ue);
            if (!apById.containsKey(ap)) {
                unmet.put(ue, "AP " + ap + " is not a configured AP");
            } else if (seen == null) {
                unmet.put(ue, "UE " + ue + " is not connected to any AP");
            } else if (!seen.containsKey(ap)) {
                unmet.put(ue, "UE " + ue + " has no connection to AP " + ap + " (connected to "
                        + new TreeSet<>(seen.keySet()) + ")");
            }
        });
        return unmet;
    }

    /** The core's parameters with {CTh, alpha, R_m in kbit/s, Tier-1 threshold} as given. */
    private static RegulationParameters parameters(EngineParams p, List<Number> own, boolean uplink,
                                                   long intervalMillis) {
        return RegulationParameters.builder()
                .cth(own.get(0).doubleValue())
                .alpha(own.get(1).doubleValue())
                .minRateBps(own.get(2).longValue() * 1000)
                .tier1Threshold(own.get(3).doubleValue())
                .hysteresis(p.hysteresis())
                .intervalMillis(intervalMillis)
                .deadlockBreaker("baseline".equals(p.deadlockBreaker())
                        ? DeadlockBreaker.BASELINE : DeadlockBreaker.PRIORITY)
                .regulateUplink(uplink)
                .profile(p.profile())
                .build();
    }

    @Override
    public String toString() {
        return "CoreRegulationEngine";
    }
}
