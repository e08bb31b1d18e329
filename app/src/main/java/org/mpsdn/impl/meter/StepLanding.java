package org.mpsdn.impl.meter;

import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.flow.TierRules;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterId;
import org.slf4j.Logger;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The end of a {@link MeterStepper} step (loop thread only): the direction's table-1 rule is re-pointed to
 * the step's meter (or loses its meter, a lift); once ONOS confirms the modify, the meter it replaced is
 * withdrawn unless it belongs to the direction's ladder (OpenFlow deletes flows that still reference a
 * deleted meter, hence the wait) and the new limit is recorded in the store.
 */
final class StepLanding {
    private final Logger log = getLogger(MeterStepper.class);
    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final RegulationStore store;
    private final AppMeters meters;
    private final MeterLadders ladders;
    private final Map<ApDirection, MeterStep> steps;
    private final Executor loop;
    private final LongSupplier clock;
    private final Consumer<MeterStep> landed;

    /**
     * Creates the landing.
     *
     * @param appId           app id
     * @param flowRuleService flow rule service
     * @param store           regulation store
     * @param meters          the app's meters (withdrawals)
     * @param ladders         the meter ladders
     * @param steps           the stepper's steps in flight (shared)
     * @param loop            executor of the regulation loop thread
     * @param clock           wall clock in milliseconds
     * @param landed          told about a step that landed (its limit is in force and recorded)
     */
    StepLanding(ApplicationId appId, FlowRuleService flowRuleService, RegulationStore store, AppMeters meters,
                MeterLadders ladders, Map<ApDirection, MeterStep> steps, Executor loop, LongSupplier clock,
                Consumer<MeterStep> landed) {
        this.appId = appId;
        this.flowRuleService = flowRuleService;
        this.store = store;
        this.meters = meters;
        this.ladders = ladders;
        this.steps = steps;
        this.loop = loop;
        this.clock = clock;
        this.landed = landed;
    }

    /**
     * Re-points the direction's table-1 rule to the step's meter (an in-place modify of one rule, whatever
     * the number of Tier-2 flows).
     *
     * @param key  AP direction
     * @param step the step, its meter ADDED (or a lift)
     */
    void repoint(ApDirection key, MeterStep step) {
        step.repointing = true;
        Optional<MeterId> meter = Optional.ofNullable(step.newMeter);
        FlowRuleOperations ops = FlowRuleOperations.builder()
                .modify(TierRules.meterRule(appId, step.ap, step.direction, meter))
                .build(new FlowRuleOperationsContext() {
                    @Override
                    public void onSuccess(FlowRuleOperations o) {
                        loop.execute(() -> finish(key, step));
                    }

                    @Override
                    public void onError(FlowRuleOperations o) {
                        loop.execute(() -> repointFailed(key, step));
                    }
                });
        flowRuleService.apply(ops);
    }

    private void finish(ApDirection key, MeterStep step) {
        if (steps.get(key) != step) {
            return;
        }
        ApRegulationState state = MeterStepper.stateOf(store, step.ap);
        OptionalLong oldMeter = state.meterId(step.direction);
        OptionalLong oldRate = state.limitKbps(step.direction);
        if (oldMeter.isPresent() && (step.newMeter == null || oldMeter.getAsLong() != step.newMeter.id())
                && !ladders.isRung(key, MeterId.meterId(oldMeter.getAsLong()))) {
            meters.withdraw(step.ap.deviceId(), MeterId.meterId(oldMeter.getAsLong()), oldRate.orElse(step.rateKbps));
        }
        ApRegulationState.Builder b = state.toBuilder().updatedMillis(clock.getAsLong());
        if (step.newMeter == null) {
            b.unlimited(step.direction);
        } else {
            b.limit(step.direction, step.rateKbps, step.newMeter.id());
        }
        store.putState(b.build());
        steps.remove(key);
        if (step.newMeter == null) {
            ladders.retire(key, OptionalLong.empty()); // fail-open: the rule has left the ladder
        }
        log.debug("Step {} done: {}", key, step.newMeter == null ? "unlimited" : step.rateKbps + " kbps");
        landed.accept(step);
    }

    private void repointFailed(ApDirection key, MeterStep step) {
        if (steps.get(key) != step) {
            return;
        }
        log.warn("Re-pointing the table-1 rule of {} failed; abandoning the step", key);
        steps.remove(key);
        if (step.newMeter != null && !ladders.isRung(key, step.newMeter)) {
            meters.withdraw(step.ap.deviceId(), step.newMeter, step.rateKbps);
        }
    }
}
