package org.mpsdn.impl.engine;

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

    /**
     * Creates the input.
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

    /** @return cycle interval in milliseconds */
    public long intervalMillis() {
        return intervalMillis;
    }
}
