package org.mpsdn.impl.decide;

import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.flow.FlowMatch;

import java.util.Map;

/**
 * What one cycle decided. Flows or AP directions it does not mention keep their tier or limit.
 */
public final class EngineDecision {
    private final Map<String, Map<FlowMatch, Tier>> tiers;
    private final Map<ApDirection, Long> limitsKbps;
    private final Map<String, String> primaries;
    private final Map<String, String> unmetPolicies;
    private final Map<ApDirection, LimitDecision> decisions;

    /**
     * Creates a decision in which every operator policy was met.
     *
     * @param tiers      AP id to (flow to tier)
     * @param limitsKbps new Tier-2 limit per AP and direction in kbit/s
     * @param primaries  primary AP per multipath UE
     */
    public EngineDecision(Map<String, Map<FlowMatch, Tier>> tiers, Map<ApDirection, Long> limitsKbps,
                          Map<String, String> primaries) {
        this(tiers, limitsKbps, primaries, Map.of());
    }

    /**
     * Creates a decision.
     *
     * @param tiers         AP id to (flow to tier)
     * @param limitsKbps    new Tier-2 limit per AP and direction in kbit/s
     * @param primaries     primary AP per multipath UE
     * @param unmetPolicies UE id to the reason its operator policy could not be applied
     */
    public EngineDecision(Map<String, Map<FlowMatch, Tier>> tiers, Map<ApDirection, Long> limitsKbps,
                          Map<String, String> primaries, Map<String, String> unmetPolicies) {
        this(tiers, limitsKbps, primaries, unmetPolicies, Map.of());
    }

    /**
     * Creates a decision with how each limit was decided.
     *
     * @param tiers         AP id to (flow to tier)
     * @param limitsKbps    new Tier-2 limit per AP and direction in kbit/s
     * @param primaries     primary AP per multipath UE
     * @param unmetPolicies UE id to the reason its operator policy could not be applied
     * @param decisions     per AP and direction, the signal, threshold, target, cap and reason of its limit
     */
    public EngineDecision(Map<String, Map<FlowMatch, Tier>> tiers, Map<ApDirection, Long> limitsKbps,
                          Map<String, String> primaries, Map<String, String> unmetPolicies,
                          Map<ApDirection, LimitDecision> decisions) {
        this.decisions = Map.copyOf(decisions);
        this.unmetPolicies = Map.copyOf(unmetPolicies);
        this.tiers = Map.copyOf(tiers);
        this.limitsKbps = Map.copyOf(limitsKbps);
        this.primaries = Map.copyOf(primaries);
    }

    /** @return tier per flow, grouped by AP */
    public Map<String, Map<FlowMatch, Tier>> tiers() {
        return tiers;
    }

    /** @return new limits in kbit/s */
    public Map<ApDirection, Long> limitsKbps() {
        return limitsKbps;
    }

    /** @return primary AP per UE */
    public Map<String, String> primaries() {
        return primaries;
    }

    /** @return per AP and direction, how its limit was decided (absent for engines that do not say) */
    public Map<ApDirection, LimitDecision> decisions() {
        return decisions;
    }

    /** @return why an operator policy could not be applied this cycle, per UE id (met policies absent) */
    public Map<String, String> unmetPolicies() {
        return unmetPolicies;
    }
}
