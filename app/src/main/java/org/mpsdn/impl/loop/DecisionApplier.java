package org.mpsdn.impl.loop;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.decide.FlowView;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.meter.MeterStepper;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.slf4j.Logger;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Applies a cycle's decision at one AP this instance masters: flows whose tier changed get their
 * per-flow rule modified in place, a change of how a limit is decided is recorded in the shared state and
 * the {@link RegulationLog}, and each regulated direction steps
 * to its new Tier-2 limit (or is lifted when the AP is failed open).
 */
final class DecisionApplier {
    /** What a failed-open AP's decision says. */
    static final String FAIL_OPEN_NOTE = "the agent was silent for the fail-open delay: Tier-2 limits lifted";

    private final Logger log = getLogger(getClass());
    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final MeterStepper stepper;
    private final RegulationStore store;
    private final IntSupplier idleTimeoutSec;
    private final LongSupplier clock;

    DecisionApplier(ApplicationId appId, FlowRuleService flowRuleService, MeterStepper stepper,
                    RegulationStore store, IntSupplier idleTimeoutSec, LongSupplier clock) {
        this.appId = appId;
        this.flowRuleService = flowRuleService;
        this.stepper = stepper;
        this.store = store;
        this.idleTimeoutSec = idleTimeoutSec;
        this.clock = clock;
    }

    /**
     * Applies the decision at an AP.
     *
     * @param ap       the AP
     * @param flows    the cycle's flows (all APs)
     * @param decision the decision
     * @param report   the AP's fresh telemetry, if any (no limit step without it)
     * @param failOpen whether the AP is failed open (its limits are lifted)
     * @param managed  receives the AP's managed flows with their tier after this cycle
     */
    void apply(ApSpec ap, List<FlowView> flows, EngineDecision decision, Optional<ApTelemetry> report,
               boolean failOpen, List<ManagedFlow> managed) {
        applyTiers(ap, flows, decision.tiers().getOrDefault(ap.id(), Map.of()), managed);
        recordState(ap, decision, failOpen);
        for (Direction d : ap.directions()) {
            if (failOpen) {
                stepper.lift(ap, d);
                continue;
            }
            ApDirection key = new ApDirection(ap.id(), d);
            Long limit = decision.limitsKbps().get(key);
            if (limit != null && report.isPresent()) {
                LimitDecision why = decision.decisions().get(key);
                stepper.step(ap, d, Math.max(1, Math.min(limit, ap.capacityKbps())),
                        why == null ? OptionalLong.empty() : why.capKbps());
            }
        }
    }

    private void applyTiers(ApSpec ap, List<FlowView> flows, Map<FlowMatch, Tier> tiers,
                            List<ManagedFlow> managed) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        int n = 0;
        for (FlowView f : flows) {
            if (!f.apId().equals(ap.id())) {
                continue;
            }
            Tier want = tiers.getOrDefault(f.match(), f.tier());
            if (want == Tier.TIER2 && !ap.regulates(f.direction())) {
                // no meter in that direction: its rule forwards like Tier 1 (see TierRules.flowRule)
                want = Tier.TIER1;
            }
            if (want != f.tier()) {
                ops.modify(TierRules.flowRule(appId, ap, f.direction(), f.match(), want, idleTimeoutSec.getAsInt()));
                n++;
            }
            managed.add(new ManagedFlow(ap.id(), f.ueId(), f.match().toString(), f.direction(), want, f.bytes(),
                    f.rateBps()));
        }
        if (n > 0) {
            flowRuleService.apply(ops.build());
            log.debug("{}: {} flows changed tier", ap.id(), n);
        }
    }

    /**
     * Records the decision of each direction (fail-open when the AP is failed open) when it changes what the
     * stored one says ({@link LimitDecision#changes}): a cycle that decides as the last one writes nothing to the
     * cluster's store. The occupancy is not stored: it is the agent's, read fresh each cycle.
     */
    private void recordState(ApSpec ap, EngineDecision decision, boolean failOpen) {
        ApRegulationState state = store.state(ap.id())
                .orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
        ApRegulationState.Builder b = state.toBuilder();
        boolean changed = false;
        long now = clock.getAsLong();
        for (Direction d : ap.directions()) {
            LimitDecision decided = failOpen ? LimitDecision.failOpen(FAIL_OPEN_NOTE, now)
                    : decision.decisions().get(new ApDirection(ap.id(), d));
            LimitDecision before = state.decision(d).orElse(null);
            if (decided != null && decided.changes(before)) {
                decided = decided.at(now);
                RegulationLog.decided(ap.id(), d, decided, before, state.limitKbps(d));
                b.decision(d, decided);
                changed = true;
            }
        }
        if (changed) {
            store.putState(b.updatedMillis(now).build());
        }
    }
}
