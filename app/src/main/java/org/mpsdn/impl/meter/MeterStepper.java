package org.mpsdn.impl.meter;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.store.LadderStore;
import org.mpsdn.core.model.ApDirection;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterService;
import org.slf4j.Logger;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
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
 * <b>Exact steps</b> (the {@code paper} profile, Algorithm 2 / Eq. 4 as published): the target is not
 * quantised; the switch gets the engine's rate. On the ladder, a target that is a rung (the capacity, R_m, the
 * halvings of the capacity) is re-pointed at once as above; any other target becomes an <i>exact rung</i>
 * of the ladder: its meter is submitted and the rule stays on the meter in force until ONOS has confirmed it
 * (make-before-break, up to one 10-s meter-stats poll). ONOS 2.7.0 offers no faster path: {@code MeterService}
 * has no modify ({@code core/api/.../net/meter/MeterService.java}), {@code MeterManager.submit} only adds
 * ({@code core/net/.../meter/impl/MeterManager.java:266-302}: a given index needs {@code userDefinedIndex},
 * and its store delegate sends ADD or REMOVE only, {@code :475-500}), and the meter-stats request that a
 * withdrawal forces ({@code OpenFlowMeterProvider.java:254-256}) confirms a new meter only when its ADD went out
 * first, which ONOS does not order ({@code MeterManager.MeterInstaller.hint()} is the meter's id, {@code :508-540},
 * so ADD and REMOVE of two meters run on any of its installer threads). So the decrease Algorithm 2 takes next
 * from the limit in force is submitted ahead as an exact rung ({@link MeterLadders#tendExact}): once ONOS has
 * confirmed it, a decrease is in force within the cycle that decides it. Exact rungs no longer in force, waited
 * for or ahead are withdrawn. While a step waits, a newer target replaces it only when it supersedes it or its
 * meter is ADDED already; any other is dropped, not queued: the {@code paper} engine decided it from the limit
 * in force, which the step replaces, and decides again from the step's rate once it has landed. With the ladder
 * off, exact steps are make-before-break as above, with the same dropping rule.
 * <p>
 * How a step gets its meter: {@link StepStarts}; how it ends: {@link StepLanding}. Confirmation timeouts and
 * meter failures: {@link StepFailures}. Every method must run on the regulation loop's thread; callbacks from
 * ONOS are re-posted to it through the given executor.
 */
public final class MeterStepper {
    /** A step whose meter is not ADDED after this long is late: two 10-s meter-stats polls of ONOS. */
    public static final long CONFIRM_LATE_MS = 20_000;
    /** A step whose meter is not ADDED after this long is abandoned: ONOS's 30-s provider timeout and a poll. */
    public static final long CONFIRM_TIMEOUT_MS = 40_000;
    private static final long LIFT = MeterStep.LIFT;

    private final Logger log = getLogger(getClass());
    private final RegulationStore store;
    private final LongSupplier clock;
    private final MeterLadders ladders;
    private final StepListener listener;
    private final StepFailures failures;
    private final StepLanding landing;
    private final StepStarts starts;
    private final BooleanSupplier exact;
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
     * @param exact           whether steps take the target exactly (the {@code paper} profile), see the class comment
     * @param ladderStore     the cluster's copy of the ladders (a new owner resumes on them)
     */
    public MeterStepper(ApplicationId appId, MeterService meterService, AppMeters meters,
                        FlowRuleService flowRuleService, RegulationStore store, Executor loop,
                        LongSupplier burstMillis, LongSupplier clock, StepListener listener,
                        DoubleSupplier ladderRatio, LongSupplier floorKbps, BooleanSupplier exact,
                        LadderStore ladderStore) {
        this.store = store;
        this.exact = exact;
        this.clock = clock;
        this.listener = listener;
        this.ladders = new MeterLadders(appId, meterService, meters, loop, burstMillis, ladderRatio, floorKbps, clock,
                this::rungFailed, ladderStore);
        this.landing = new StepLanding(appId, flowRuleService, store, meters, ladders, steps, loop, clock,
                this::landed);
        this.failures = new StepFailures(steps, ladders, meters, meterService, store, listener, landing::repoint);
        this.starts = new StepStarts(appId, meterService, meters, ladders, store, steps, loop, burstMillis, clock,
                listener, failures, landing, exact);
        meters.onSettled(device -> loop.execute(() -> starts.submitQueued(device)));
    }

    /**
     * Moves the Tier-2 limit of an AP direction to a new rate, on the ladder at least one rung up while the law's
     * cap allows it ({@link LadderRungs#quantise(long[], long, OptionalLong, OptionalLong)}).
     *
     * @param ap        the AP
     * @param direction a regulated direction
     * @param rateKbps  new limit in kbit/s (positive)
     * @param capKbps   the highest limit the law allowed this cycle, empty when it said none
     */
    public void step(ApSpec ap, Direction direction, long rateKbps, OptionalLong capKbps) {
        if (rateKbps <= 0) {
            throw new IllegalArgumentException("rateKbps must be positive, was " + rateKbps);
        }
        ApDirection key = new ApDirection(ap.id(), direction);
        if (!ladders.enabled() || exact.getAsBoolean()) {
            if (!ladders.enabled() && ladders.has(key)) { // switched off: the rung in force goes with the next step
                steps.computeIfPresent(key, (k, s) -> s.waiting() ? null : s);
                ladders.retire(key, currentState(ap).meterId(direction));
            }
            request(ap, direction, rateKbps);
            return;
        }
        OptionalLong pending = pendingKbps(key);
        OptionalLong latest = pending.isPresent() ? pending : currentState(ap).limitKbps(direction);
        request(ap, direction, LadderRungs.quantise(ladders.rates(ap), rateKbps, latest, capKbps));
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
        if (inFlight != null && exact.getAsBoolean() && target != LIFT && !inFlight.queued()) {
            if (!replacedExactly(key, inFlight, target, current)) {
                return;
            }
        } else if (inFlight != null) {
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
            landing.repoint(key, step);
        } else {
            starts.start(key, ap, direction, target);
        }
    }

    /**
     * Exact steps: a newer target replaces a step still waiting for its meter when it supersedes it
     * ({@link MeterStep#supersededBy}: a lift, or a decrease while the step raises) or when its own meter is ADDED
     * already (in force at once). Any other newer target is dropped: the engine decided it from the limit in
     * force, which the step in flight replaces, and decides again from the step's rate once it has landed.
     */
    private boolean replacedExactly(ApDirection key, MeterStep inFlight, long target, OptionalLong current) {
        if (!inFlight.waiting() || inFlight.rateKbps == target
                || !(inFlight.supersededBy(target, current) || ladders.ready(key, target))) {
            return false;
        }
        log.debug("Step {} to {} kbps replaced by {} kbps", key, inFlight.rateKbps, target);
        if (ladders.isRung(key, inFlight.newMeter)) {
            steps.remove(key); // its meter stays in the ladder; an unused exact rung goes at the next tending
        } else {
            failures.abandon(key, inFlight);
        }
        return true;
    }

    private void rungFailed(ApDirection key, DeviceId deviceId, MeterId meter, long rateKbps, MeterFailReason reason) {
        failures.rungFailed(key, deviceId, meter, rateKbps, reason);
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
                landing.repoint(e.getKey(), s);
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
                starts.submitQueued(s.ap.deviceId());
            } else if (s.waiting()) {
                try {
                    failures.check(e.getKey(), s, now);
                } catch (RuntimeException ex) {
                    listener.fault(e.getKey().apId(), ex);
                }
            }
        }
        tendExact();
    }

    /** A step landed: the target that arrived meanwhile goes next; the exact rungs follow the limit in force. */
    private void landed(MeterStep step) {
        if (step.hasNext) {
            request(step.ap, step.direction, step.next);
        }
        tendExact();
    }

    private void tendExact() {
        ladders.tendExact(store, m -> steps.values().stream().anyMatch(s -> m.equals(s.newMeter)),
                exact.getAsBoolean(), listener::fault);
    }

    /**
     * Takes the AP's ladders as the cluster stored them, unless they are in memory already (this instance now owns
     * the AP's domain): their meters are kept by the reconciler and used by the next steps.
     *
     * @param ap the AP
     */
    public void resume(ApSpec ap) {
        ap.directions().forEach(d -> ladders.resume(new ApDirection(ap.id(), d)));
    }

    /**
     * Forgets the steps in flight of an AP (it left the config or this instance no longer owns its domain).
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
        return stateOf(store, ap);
    }

    /**
     * The AP's state in the store, an empty one when it has none.
     *
     * @param store regulation store
     * @param ap    the AP
     * @return its state
     */
    static ApRegulationState stateOf(RegulationStore store, ApSpec ap) {
        return store.state(ap.id()).orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
    }
}
