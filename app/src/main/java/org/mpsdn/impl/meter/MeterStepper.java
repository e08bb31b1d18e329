package org.mpsdn.impl.meter;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.decide.ApDir;
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
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Make-before-break Tier-2 rate steps. ONOS 2.7 cannot modify a meter, so a step
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
 * ONOS 2.7 reports a meter ADDED only when a meter-stats reply shows it: the OpenFlow meter provider
 * polls meter stats every 10 s by default ({@code OpenFlowMeterProvider} {@code meterStatsPollInterval},
 * {@code MeterManager.pushMeterMetrics}), and fails a meter not seen within 30 s with
 * {@code TIMEOUT} (its {@code pendingOperations} cache). So a step waits: it is counted late (and
 * the listener told) after {@link #CONFIRM_LATE_MS}, two meter-stats polls; it is abandoned only after
 * {@link #CONFIRM_TIMEOUT_MS}, past the provider's own timeout (ONOS drops an install silently while
 * the device has no master). A step whose meter fails (for example UNKNOWN_DEVICE while the switch
 * is not connected yet, or that timeout) is abandoned too: its meter is withdrawn, so no stale
 * PENDING_ADD meter is installed later, and the next cycle submits a fresh one.
 * <p>
 * A new meter is not submitted on a switch that is settling from a withdrawal ({@link AppMeters#settling}):
 * the step is queued until ONOS has processed the meter-stats reply the withdrawal forced, else ONOS adds
 * the meter twice and the switch refuses the second ADD. Should that race still happen (ONOS also sends a
 * delayed removal, with its forced stats request, from a periodic poll), the step keeps waiting on
 * EXISTING_METER: ONOS keeps the meter PENDING_ADD with the reason ({@code DistributedMeterStore.failedMeter},
 * {@code core/store/dist/.../meter/impl/DistributedMeterStore.java:371-375}), and the next stats reply that
 * shows it, the switch holding it from the first ADD, makes it ADDED and posts METER_ADDED ({@code :316-333},
 * {@code :664-672}; {@code MeterManager.java:432-443}). (If the switch held a meter with that id that ONOS
 * did not know, ONOS would confirm that one; ONOS deletes such meters at each poll.) Every method must run
 * on the regulation loop's thread; callbacks from ONOS are re-posted to it through the given executor.
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
    private final Map<ApDir, MeterStep> steps = new HashMap<>();

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
     */
    public MeterStepper(ApplicationId appId, MeterService meterService, AppMeters meters,
                        FlowRuleService flowRuleService, RegulationStore store, Executor loop,
                        LongSupplier burstMillis, LongSupplier clock, StepListener listener) {
        this.appId = appId;
        this.meterService = meterService;
        this.meters = meters;
        this.flowRuleService = flowRuleService;
        this.store = store;
        this.loop = loop;
        this.burstMillis = burstMillis;
        this.clock = clock;
        this.listener = listener;
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
        request(ap, direction, rateKbps);
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
        ApDir key = new ApDir(ap.id(), direction);
        MeterStep inFlight = steps.get(key);
        OptionalLong current = currentState(ap).limitKbps(direction);
        if (inFlight != null) {
            if (inFlight.queued()) {
                steps.remove(key); // nothing submitted yet: the newer target replaces it
            } else if (inFlight.supersededBy(target, current)) {
                log.info("Step {} to {} kbps superseded by {} (limit in force {}); withdrawing meter {}", key,
                         inFlight.rateKbps, target == LIFT ? "a lift" : target + " kbps",
                         current.isPresent() ? current.getAsLong() + " kbps" : "none", inFlight.newMeter);
                abandon(key, inFlight);
            } else {
                inFlight.next = target;
                inFlight.hasNext = true;
                return;
            }
        }
        if (target == LIFT ? current.isEmpty() : current.isPresent() && current.getAsLong() == target) {
            return;
        }
        if (target == LIFT) {
            MeterStep step = new MeterStep(ap, direction, LIFT, null, clock.getAsLong());
            steps.put(key, step);
            repoint(key, step);
        } else if (meters.settling(ap.deviceId())) {
            steps.put(key, new MeterStep(ap, direction, target, null, clock.getAsLong()));
            log.debug("Step {} to {} kbps queued: {} is settling from a meter withdrawal", key, target,
                      ap.deviceId());
        } else {
            submit(key, ap, direction, target);
        }
    }

    private void submit(ApDir key, ApSpec ap, Direction direction, long target) {
        // the failure may be reported inside submit(): the id is read on the loop thread, after it returned
        MeterId[] submitted = new MeterId[1];
        MeterRequest req = TierTwoMeters.addRequest(appId, ap.deviceId(), target, burstMillis.getAsLong(),
                new MeterContext() {
                    @Override
                    public void onError(MeterRequest request, MeterFailReason reason) {
                        loop.execute(() -> meterFailed(key, ap.deviceId(), submitted[0], target, reason));
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

    /** Submits the queued steps of a switch that is no longer settling. */
    private void submitQueued(DeviceId deviceId) {
        for (Map.Entry<ApDir, MeterStep> e : Map.copyOf(steps).entrySet()) {
            MeterStep s = e.getValue();
            if (s.queued() && s.ap.deviceId().equals(deviceId) && steps.get(e.getKey()) == s
                    && !meters.settling(deviceId)) {
                steps.remove(e.getKey());
                try {
                    submit(e.getKey(), s.ap, s.direction, s.rateKbps);
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
        for (Map.Entry<ApDir, MeterStep> e : steps.entrySet()) {
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
        for (Map.Entry<ApDir, MeterStep> e : Map.copyOf(steps).entrySet()) {
            MeterStep s = e.getValue();
            if (s.queued()) {
                submitQueued(s.ap.deviceId());
            } else if (s.waiting()) {
                try {
                    check(e.getKey(), s, now);
                } catch (RuntimeException ex) {
                    listener.fault(e.getKey().apId(), ex);
                }
            }
        }
    }

    private void check(ApDir key, MeterStep s, long now) {
        Meter m = meterService.getMeter(s.ap.deviceId(), s.newMeter);
        if (m != null && m.state() == MeterState.ADDED) {
            repoint(key, s);
            return;
        }
        long waited = now - s.submittedAt;
        if (!s.late && waited >= CONFIRM_LATE_MS) {
            s.late = true;
            log.warn("Meter {} for {} not confirmed after {} ms ({}); still waiting", s.newMeter, key, waited,
                     m == null ? "gone" : m.state());
            listener.late(key.apId());
        }
        if (waited >= CONFIRM_TIMEOUT_MS) {
            log.warn("Meter {} for {} not added after {} ms ({}); withdrawing it, the next step retries",
                     s.newMeter, key, waited, m == null ? "gone" : m.state());
            abandon(key, s);
        }
    }

    /** Drops a step that waits for its meter, withdrawing the meter; a newer target is kept for the retry. */
    private void abandon(ApDir key, MeterStep step) {
        steps.remove(key);
        withdraw(step.ap.deviceId(), step.newMeter.id(), step.rateKbps);
    }

    private void repoint(ApDir key, MeterStep step) {
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

    private void finish(ApDir key, MeterStep step) {
        if (steps.get(key) != step) {
            return;
        }
        ApRegulationState state = currentState(step.ap);
        OptionalLong oldMeter = state.meterId(step.direction);
        OptionalLong oldRate = state.limitKbps(step.direction);
        if (oldMeter.isPresent() && (step.newMeter == null || oldMeter.getAsLong() != step.newMeter.id())) {
            withdraw(step.ap.deviceId(), oldMeter.getAsLong(), oldRate.orElse(step.rateKbps));
        }
        ApRegulationState.Builder b = state.toBuilder().updatedMillis(clock.getAsLong());
        if (step.newMeter == null) {
            b.unlimited(step.direction);
        } else {
            b.limit(step.direction, step.rateKbps, step.newMeter.id());
        }
        store.putState(b.build());
        steps.remove(key);
        log.debug("Step {} done: {}", key, step.newMeter == null ? "unlimited" : step.rateKbps + " kbps");
        if (step.hasNext) {
            request(step.ap, step.direction, step.next);
        }
    }

    private void repointFailed(ApDir key, MeterStep step) {
        if (steps.get(key) != step) {
            return;
        }
        log.warn("Re-pointing the table-1 rule of {} failed; abandoning the step", key);
        steps.remove(key);
        if (step.newMeter != null) {
            withdraw(step.ap.deviceId(), step.newMeter.id(), step.rateKbps);
        }
    }

    private void meterFailed(ApDir key, DeviceId deviceId, MeterId failed, long rateKbps, MeterFailReason reason) {
        if (failed == null) {
            return; // submit gave no id: no step was recorded, the next cycle retries anyway
        }
        MeterStep step = steps.get(key);
        if (step != null && step.waiting() && failed.equals(step.newMeter)) {
            if (reason == MeterFailReason.EXISTING_METER) {
                log.info("Meter {} for {}: ONOS sent it twice (a meter-stats reply crossed its ADD) and the switch "
                         + "refused the second; it is installed, the next meter-stats poll confirms it", failed, key);
                return;
            }
            log.warn("Meter {} for {} failed ({}); withdrawn, the next cycle retries", failed, key, reason);
            abandon(key, step);
            return;
        }
        OptionalLong inForce = store.state(key.apId()).map(st -> st.meterId(key.direction()))
                .orElse(OptionalLong.empty());
        Meter m = meterService.getMeter(deviceId, failed);
        boolean withdrawing = m != null && m.state() == MeterState.PENDING_REMOVE;
        if (!withdrawing && !(inForce.isPresent() && inForce.getAsLong() == failed.id())) {
            // a late failure of a meter no step waits for any more: it must not linger in the store
            withdraw(deviceId, failed.id(), rateKbps);
        }
    }

    private void withdraw(DeviceId deviceId, long meterId, long rateKbps) {
        meters.withdraw(deviceId, MeterId.meterId(meterId), rateKbps);
    }

    /**
     * Forgets the steps in flight of an AP (it left the config or this instance lost mastership).
     *
     * @param apId AP identifier
     */
    public void forget(String apId) {
        steps.keySet().removeIf(k -> k.apId().equals(apId));
    }

    /**
     * Whether a step in flight uses a meter (it must not be withdrawn as a leftover).
     *
     * @param deviceId device
     * @param meterId  meter id
     * @return true if a pending step added that meter
     */
    public boolean owns(DeviceId deviceId, MeterId meterId) {
        return steps.values().stream().anyMatch(s -> meterId.equals(s.newMeter) && s.ap.deviceId().equals(deviceId));
    }

    /**
     * The newest target of the step in flight of an AP direction: decided, not yet in force (ONOS confirms it).
     *
     * @param key AP and direction
     * @return kbit/s; empty when no step is in flight or it lifts the limit
     */
    public OptionalLong pendingKbps(ApDir key) {
        MeterStep s = steps.get(key);
        return s == null ? OptionalLong.empty() : s.latestTarget();
    }

    private ApRegulationState currentState(ApSpec ap) {
        return store.state(ap.id()).orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
    }
}
