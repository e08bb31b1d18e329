package org.mpsdn.impl.meter;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.flow.TierRules;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.meter.MeterState;
import org.slf4j.Logger;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Tier-2 rate steps. By default an AP direction steps on its {@link MeterLadders meter ladder}: the target is
 * quantised to a rung ({@link LadderRungs#quantise}, the store records the rung's rate) and the step
 * re-points the direction's table-1 rule to the rung's meter, at once when ONOS has confirmed that meter;
 * a step whose rung is not ADDED yet waits for it like a make-before-break step waits for its new meter
 * (the rungs were submitted together, when the direction first needed a limit, so no fresh meter would be
 * confirmed sooner: ONOS confirms a switch's pending meters at the same meter-stats poll), but gives way at
 * once to any newer target. Fail-open's lift withdraws the whole ladder once the rule has left it.
 * <p>
 * With the ladder off (ratio {@link LadderRungs#NO_LADDER}, for switches with few meters), steps are
 * make-before-break at the exact target. ONOS 2.7 cannot modify a meter, so such a step
 * <ol>
 * <li>adds a new meter with the new rate,</li>
 * <li>once the meter is ADDED, re-points the direction's single table-1 rule to it (an in-place
 *     modify of one rule, whatever the number of Tier-2 flows),</li>
 * <li>once the modify is confirmed, withdraws the old meter (OpenFlow deletes flows that still
 *     reference a deleted meter, hence the wait) and records the new limit in the store.</li>
 * </ol>
 * At most one step per AP and direction is in flight; a newer target arriving meanwhile is
 * applied when the current step ends, except that a step still waiting for its meter gives way at once
 * to a lift, and a step raising the limit to a newer one that keeps or lowers it
 * ({@link MeterStep#supersededBy}): its meter is withdrawn.
 * <p>
 * Confirmation timeouts and meter failures: {@link StepFailures}. Every method must run on the regulation
 * loop's thread; callbacks from ONOS are re-posted to it through the given executor.
 */
public final class MeterStepper {
    /** A step whose meter is not ADDED after this long is late: two 10-s meter-stats polls of ONOS. */
    public static final long CONFIRM_LATE_MS = 20_000;
    /** A step whose meter is not ADDED after this long is abandoned: ONOS's 30-s provider timeout and a poll. */
    public static final long CONFIRM_TIMEOUT_MS = 40_000;
    private static final long LIFT = MeterStep.LIFT;

    private final Logger log = getLogger(getClass());
    private final ApplicationId appId;
    private final MeterService meterService;
    private final AppMeters meters;
    private final FlowRuleService flowRuleService;
    private final RegulationStore store;
    private final Executor loop;
    private final LongSupplier burstMillis;
    private final LongSupplier clock;
    private final StepListener listener;
    private final MeterLadders ladders;
    private final StepFailures failures;
    private final Map<ApDirection, MeterStep> steps = new HashMap<>();

    /**
     * Creates a stepper.
     *
     * @param appId           app id
     * @param meterService    meter service
     * @param meters          the app's meters (withdrawals, settling switches)
     * @param flowRuleService flow rule service
     * @param store           regulation store
     * @param loop            executor of the regulation loop thread
     * @param burstMillis     current burst window in milliseconds
     * @param clock           wall clock in milliseconds
     * @param listener        told about late steps and faults
     * @param ladderRatio     ratio of the meter ladders' rungs, {@link LadderRungs#NO_LADDER} for none
     * @param floorKbps       the ladders' floor R_m in kbit/s
     */
    public MeterStepper(ApplicationId appId, MeterService meterService, AppMeters meters,
                        FlowRuleService flowRuleService, RegulationStore store, Executor loop,
                        LongSupplier burstMillis, LongSupplier clock, StepListener listener,
                        DoubleSupplier ladderRatio, LongSupplier floorKbps) {
        this.appId = appId;
        this.meterService = meterService;
        this.meters = meters;
        this.flowRuleService = flowRuleService;
        this.store = store;
        this.loop = loop;
        this.burstMillis = burstMillis;
        this.clock = clock;
        this.listener = listener;
        this.ladders = new MeterLadders(appId, meterService, meters, loop, burstMillis, ladderRatio, floorKbps, clock,
                this::rungFailed);
        this.failures = new StepFailures(steps, ladders, meters, meterService, store, listener, this::repoint);
        meters.onSettled(device -> loop.execute(() -> submitQueued(device)));
    }

    /**
     * Moves the Tier-2 limit of an AP direction to a new rate.
     *
     * @param ap        the AP
     * @param direction a regulated direction
     * @param rateKbps  new limit in kbit/s (positive)
     */
    public void step(ApSpec ap, Direction direction, long rateKbps) {
        if (rateKbps <= 0) {
            throw new IllegalArgumentException("rateKbps must be positive, was " + rateKbps);
        }
        ApDirection key = new ApDirection(ap.id(), direction);
        if (!ladders.enabled()) {
            if (ladders.has(key)) { // switched off: the rung in force goes with the next step
                steps.computeIfPresent(key, (k, s) -> s.waiting() ? null : s);
                ladders.retire(key, currentState(ap).meterId(direction));
            }
            request(ap, direction, rateKbps);
            return;
        }
        OptionalLong pending = pendingKbps(key);
        OptionalLong latest = pending.isPresent() ? pending : currentState(ap).limitKbps(direction);
        request(ap, direction, LadderRungs.quantise(ladders.rates(ap), rateKbps, latest));
    }

    /**
     * Removes the Tier-2 limit of an AP direction (fail-open): the table-1 rule loses its meter,
     * then the meter is withdrawn.
     *
     * @param ap        the AP
     * @param direction the direction
     */
    public void lift(ApSpec ap, Direction direction) {
        request(ap, direction, LIFT);
    }

    private void request(ApSpec ap, Direction direction, long target) {
        ApDirection key = new ApDirection(ap.id(), direction);
        MeterStep inFlight = steps.get(key);
        OptionalLong current = currentState(ap).limitKbps(direction);
        if (inFlight != null) {
            if (inFlight.queued()) {
                steps.remove(key); // nothing submitted yet: the newer target replaces it
            } else if (inFlight.waiting() && ladders.isRung(key, inFlight.newMeter)) {
                if (inFlight.rateKbps == target) {
                    return;
                }
                steps.remove(key); // the rung stays in its ladder: any newer target replaces the step
            } else if (inFlight.supersededBy(target, current)) {
                log.info("Step {} to {} kbps superseded by {} (limit in force {}); withdrawing meter {}", key,
                         inFlight.rateKbps, target == LIFT ? "a lift" : target + " kbps",
                         current.isPresent() ? current.getAsLong() + " kbps" : "none", inFlight.newMeter);
                failures.abandon(key, inFlight);
            } else {
                inFlight.next = target;
                inFlight.hasNext = true;
                return;
            }
        }
        if (target == LIFT && current.isEmpty()) {
            ladders.retire(key, OptionalLong.empty()); // lifted while its first rung was pending
            return;
        }
        if (target != LIFT && current.isPresent() && current.getAsLong() == target) {
            return;
        }
        if (target == LIFT) {
            MeterStep step = new MeterStep(ap, direction, LIFT, null, clock.getAsLong());
            steps.put(key, step);
            repoint(key, step);
        } else {
            start(key, ap, direction, target);
        }
    }

    /** Starts a step: on the rung's meter, or on a fresh meter unless the switch is settling (then queued). */
    private void start(ApDirection key, ApSpec ap, Direction direction, long target) {
        if (ladders.enabled()) {
            useRung(key, ap, direction, target);
        } else if (meters.settling(ap.deviceId())) {
            steps.put(key, new MeterStep(ap, direction, target, null, clock.getAsLong()));
            log.debug("Step {} to {} kbps queued: {} is settling from a meter withdrawal", key, target,
                      ap.deviceId());
        } else {
            submit(key, ap, direction, target);
        }
    }

    /** A ladder step: re-points at once when the rung is ADDED, else waits for it (queued without a meter). */
    private void useRung(ApDirection key, ApSpec ap, Direction direction, long target) {
        long[] rates = ladders.rates(ap);
        ApRegulationState st = currentState(ap);
        long rung = LadderRungs.isRung(rates, target) ? target
                : LadderRungs.quantise(rates, target, st.limitKbps(direction)); // the ratio changed meanwhile
        MeterId id = ladders.rung(ap, direction, rates, rung, st.meterId(direction), st.limitKbps(direction));
        MeterStep step = new MeterStep(ap, direction, rung, id, ladders.since(key, id)); // waits as long as its rung
        steps.put(key, step);
        Meter m = id == null ? null : meterService.getMeter(ap.deviceId(), id);
        if (m != null && m.state() == MeterState.ADDED) {
            repoint(key, step);
        } else {
            log.debug("Step {} to {} kbps waits for its rung {}", key, rung, id == null ? "(settling)" : id);
        }
    }

    private void submit(ApDirection key, ApSpec ap, Direction direction, long target) {
        // the failure may be reported inside submit(): the id is read on the loop thread, after it returned
        MeterId[] submitted = new MeterId[1];
        MeterRequest req = TierTwoMeters.addRequest(appId, ap.deviceId(), target, burstMillis.getAsLong(),
                new MeterContext() {
                    @Override
                    public void onError(MeterRequest request, MeterFailReason reason) {
                        loop.execute(() -> failures.meterFailed(key, ap.deviceId(), submitted[0], target, reason));
                    }
                });
        Meter meter = meterService.submit(req);
        MeterId id = meter == null ? null : AppMeters.meterId(meter.meterCellId());
        submitted[0] = id;
        if (id == null) {
            log.warn("Meter service gave no meter id for {} at {} kbps; retrying next cycle", key, target);
            return;
        }
        steps.put(key, new MeterStep(ap, direction, target, id, clock.getAsLong()));
        log.debug("Step {}: meter {} at {} kbps submitted", key, id, target);
    }

    private void rungFailed(ApDirection key, DeviceId deviceId, MeterId meter, long rateKbps, MeterFailReason reason) {
        failures.rungFailed(key, deviceId, meter, rateKbps, reason);
    }

    /** Submits the queued steps of a switch that is no longer settling. */
    private void submitQueued(DeviceId deviceId) {
        for (Map.Entry<ApDirection, MeterStep> e : Map.copyOf(steps).entrySet()) {
            MeterStep s = e.getValue();
            if (s.queued() && s.ap.deviceId().equals(deviceId) && steps.get(e.getKey()) == s
                    && !meters.settling(deviceId)) {
                steps.remove(e.getKey());
                try {
                    start(e.getKey(), s.ap, s.direction, s.rateKbps);
                } catch (RuntimeException ex) {
                    listener.fault(e.getKey().apId(), ex);
                }
            }
        }
    }

    /**
     * A meter reached ADDED: re-point the rule of the step waiting for it.
     *
     * @param meter the meter
     */
    public void meterAdded(Meter meter) {
        MeterId id = AppMeters.meterId(meter.meterCellId());
        for (Map.Entry<ApDirection, MeterStep> e : steps.entrySet()) {
            MeterStep s = e.getValue();
            if (s.waiting() && s.newMeter.equals(id) && s.ap.deviceId().equals(meter.deviceId())) {
                repoint(e.getKey(), s);
                return;
            }
        }
    }

    /**
     * Re-checks steps whose METER_ADDED may have been missed, counts late ones and abandons those
     * past the timeout, submits queued steps whose switch has settled (called every cycle).
     */
    public void poll() {
        long now = clock.getAsLong();
        for (Map.Entry<ApDirection, MeterStep> e : Map.copyOf(steps).entrySet()) {
            MeterStep s = e.getValue();
            if (s.queued()) {
                submitQueued(s.ap.deviceId());
            } else if (s.waiting()) {
                try {
                    failures.check(e.getKey(), s, now);
                } catch (RuntimeException ex) {
                    listener.fault(e.getKey().apId(), ex);
                }
            }
        }
    }

    private void repoint(ApDirection key, MeterStep step) {
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
        ApRegulationState state = currentState(step.ap);
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
        if (step.hasNext) {
            request(step.ap, step.direction, step.next);
        }
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

    /**
     * Forgets the steps in flight of an AP (it left the config or this instance lost mastership).
     *
     * @param apId AP identifier
     */
    public void forget(String apId) {
        steps.keySet().removeIf(k -> k.apId().equals(apId));
        ladders.forget(apId);
    }

    /**
     * Whether a step in flight uses a meter (it must not be withdrawn as a leftover).
     *
     * @param deviceId device
     * @param meterId  meter id
     * @return true if a pending step added that meter
     */
    public boolean owns(DeviceId deviceId, MeterId meterId) {
        return ladders.owns(deviceId, meterId) || steps.values().stream()
                .anyMatch(s -> meterId.equals(s.newMeter) && s.ap.deviceId().equals(deviceId));
    }

    /**
     * Rung meters that failed or were never confirmed (withdrawn, submitted again later), since activation
     * (any thread).
     *
     * @return count
     */
    public int ladderFailures() {
        return ladders.failures();
    }

    /**
     * The newest target of the step in flight of an AP direction: decided, not yet in force (ONOS confirms it).
     *
     * @param key AP and direction
     * @return kbit/s; empty when no step is in flight or it lifts the limit
     */
    public OptionalLong pendingKbps(ApDirection key) {
        MeterStep s = steps.get(key);
        return s == null ? OptionalLong.empty() : s.latestTarget();
    }

    private ApRegulationState currentState(ApSpec ap) {
        return store.state(ap.id()).orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
    }
}
