package org.mpsdn.impl.decide;

import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.config.UeSpec;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one regulation cycle reads.
 */
public final class EngineInput {
    private final List<ApView> aps;
    private final List<FlowView> flows;
    private final List<UeSpec> ues;
    private final Map<String, String> previousPrimaries;
    private final EngineParams params;
    private final long intervalMillis;
    private final Map<String, UserPolicy> policies;

    /**
     * Creates the input without operator policies.
     *
     * @param aps               APs
     * @param flows             flows with per-flow rules
     * @param ues               statically registered UEs
     * @param previousPrimaries primary AP per UE from the last cycle
     * @param params            global parameters
     * @param intervalMillis    cycle interval
     */
    public EngineInput(List<ApView> aps, List<FlowView> flows, List<UeSpec> ues,
                       Map<String, String> previousPrimaries, EngineParams params, long intervalMillis) {
        this(aps, flows, ues, previousPrimaries, params, intervalMillis, Map.of());
    }

    /**
     * Creates the input.
     *
     * @param aps               APs
     * @param flows             flows with per-flow rules
     * @param ues               statically registered UEs
     * @param previousPrimaries primary AP per UE from the last cycle
     * @param params            global parameters
     * @param intervalMillis    cycle interval
     * @param policies          operator multipath policy per UE id (absent: regulate)
     */
    public EngineInput(List<ApView> aps, List<FlowView> flows, List<UeSpec> ues,
                       Map<String, String> previousPrimaries, EngineParams params, long intervalMillis,
                       Map<String, UserPolicy> policies) {
        this.policies = Map.copyOf(policies);
        this.aps = List.copyOf(aps);
        this.flows = List.copyOf(flows);
        this.ues = List.copyOf(ues);
        this.previousPrimaries = Map.copyOf(previousPrimaries);
        this.params = Objects.requireNonNull(params);
        this.intervalMillis = intervalMillis;
    }

    /** @return APs */
    public List<ApView> aps() {
        return aps;
    }

    /** @return flows */
    public List<FlowView> flows() {
        return flows;
    }

    /** @return registered UEs */
    public List<UeSpec> ues() {
        return ues;
    }

    /** @return primaries of the last cycle */
    public Map<String, String> previousPrimaries() {
        return previousPrimaries;
    }

    /** @return parameters */
    public EngineParams params() {
        return params;
    }

    /** @return operator policy per UE id */
    public Map<String, UserPolicy> policies() {
        return policies;
    }

    /** @return cycle interval in milliseconds */
    public long intervalMillis() {
        return intervalMillis;
    }
}
