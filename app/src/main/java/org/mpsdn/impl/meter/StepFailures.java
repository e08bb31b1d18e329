package org.mpsdn.impl.meter;

import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.core.model.ApDirection;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.meter.MeterState;
import org.slf4j.Logger;

import java.util.Map;
import java.util.OptionalLong;
import java.util.function.BiConsumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * What becomes of the {@link MeterStepper}'s steps whose meter ONOS does not confirm in time or fails
 * (loop thread only).
 * <p>
 * ONOS 2.7 reports a meter ADDED only when a meter-stats reply shows it: the OpenFlow meter provider
 * polls meter stats every 10 s by default ({@code OpenFlowMeterProvider} {@code meterStatsPollInterval},
 * {@code MeterManager.pushMeterMetrics}), and fails a meter not seen within 30 s with
 * {@code TIMEOUT} (its {@code pendingOperations} cache). So a step waits: it is counted late (and
 * the listener told) after {@link MeterStepper#CONFIRM_LATE_MS}, two meter-stats polls; it is abandoned only after
 * {@link MeterStepper#CONFIRM_TIMEOUT_MS}, past the provider's own timeout (ONOS drops an install silently while
 * the device has no master). A step whose meter fails (for example UNKNOWN_DEVICE while the switch
 * is not connected yet, or that timeout) is abandoned too: its meter is withdrawn, so no stale
 * PENDING_ADD meter is installed later, and the next cycle submits a fresh one
 * (a rung's meter is withdrawn, counted and submitted again by the next step that needs its ladder).
 * <p>
 * A new meter is not submitted on a switch that is settling from a withdrawal ({@link AppMeters#settling}):
 * the step is queued until ONOS has processed the meter-stats reply the withdrawal forced, else ONOS adds
 * the meter twice and the switch refuses the second ADD. Should that race still happen (ONOS also sends a
 * delayed removal, with its forced stats request, from a periodic poll), the step keeps waiting on
 * EXISTING_METER: ONOS keeps the meter PENDING_ADD with the reason ({@code DistributedMeterStore.failedMeter},
 * {@code core/store/dist/.../meter/impl/DistributedMeterStore.java:371-375}), and the next stats reply that
 * shows it, the switch holding it from the first ADD, makes it ADDED and posts METER_ADDED ({@code :316-333},
 * {@code :664-672}; {@code MeterManager.java:432-443}). (If the switch held a meter with that id that ONOS
 * did not know, ONOS would confirm that one; ONOS deletes such meters at each poll.)
 */
final class StepFailures {
    private final Logger log = getLogger(MeterStepper.class);
    private final Map<ApDirection, MeterStep> steps;
    private final MeterLadders ladders;
    private final AppMeters meters;
    private final MeterService meterService;
    private final RegulationStore store;
    private final StepListener listener;
    private final BiConsumer<ApDirection, MeterStep> repoint;

    /**
     * Creates the handler.
     *
     * @param steps        the stepper's steps in flight (shared)
     * @param ladders      the meter ladders
     * @param meters       the app's meters (withdrawals)
     * @param meterService meter service
     * @param store        regulation store
     * @param listener     told about late steps
     * @param repoint      re-points the rule of a step whose meter turned out ADDED
     */
    StepFailures(Map<ApDirection, MeterStep> steps, MeterLadders ladders, AppMeters meters, MeterService meterService,
                 RegulationStore store, StepListener listener, BiConsumer<ApDirection, MeterStep> repoint) {
        this.steps = steps;
        this.ladders = ladders;
        this.meters = meters;
        this.meterService = meterService;
        this.store = store;
        this.listener = listener;
        this.repoint = repoint;
    }

    /**
     * Checks a step waiting for its meter: re-points if ONOS confirmed it (METER_ADDED missed), counts it
     * late, abandons it past the timeout.
     *
     * @param key AP direction
     * @param s   the step
     * @param now wall clock in milliseconds
     */
    void check(ApDirection key, MeterStep s, long now) {
        Meter m = meterService.getMeter(s.ap.deviceId(), s.newMeter);
        if (m != null && m.state() == MeterState.ADDED) {
            repoint.accept(key, s);
            return;
        }
        long waited = now - s.submittedAt;
        if (!s.late && waited >= MeterStepper.CONFIRM_LATE_MS) {
            s.late = true;
            log.warn("Meter {} for {} not confirmed after {} ms ({}); still waiting", s.newMeter, key, waited,
                     m == null ? "gone" : m.state());
            listener.late(key.apId());
        }
        if (waited >= MeterStepper.CONFIRM_TIMEOUT_MS) {
            log.warn("Meter {} for {} not added after {} ms ({}); withdrawing it, the next step retries",
                     s.newMeter, key, waited, m == null ? "gone" : m.state());
            abandon(key, s);
        }
    }

    /**
     * Drops a step that waits for its meter, withdrawing the meter (a rung: counted, submitted again later).
     *
     * @param key  AP direction
     * @param step the step
     */
    void abandon(ApDirection key, MeterStep step) {
        steps.remove(key);
        if (ladders.isRung(key, step.newMeter)) {
            ladders.failed(key, step.newMeter, step.rateKbps, inForce(key));
        } else {
            withdraw(step.ap.deviceId(), step.newMeter.id(), step.rateKbps);
        }
    }

    /**
     * A rung's meter failed: the step waiting for it is dropped, the rung withdrawn (unless in force) and
     * counted; EXISTING_METER is no failure (see the class comment).
     *
     * @param key      AP direction
     * @param deviceId switch
     * @param failed   the meter
     * @param rateKbps its rate
     * @param reason   ONOS's reason
     */
    void rungFailed(ApDirection key, DeviceId deviceId, MeterId failed, long rateKbps, MeterFailReason reason) {
        if (reason == MeterFailReason.EXISTING_METER) {
            log.info("Rung meter {} of {}: ONOS sent it twice and the switch refused the second; it is installed, "
                     + "the next meter-stats poll confirms it", failed, key);
            return;
        }
        log.warn("Rung meter {} ({} kbps) of {} at {} failed ({}); withdrawn, submitted again at the next step",
                 failed, rateKbps, key, deviceId, reason);
        MeterStep step = steps.get(key);
        if (step != null && step.waiting() && failed.equals(step.newMeter)) {
            steps.remove(key);
        }
        ladders.failed(key, failed, rateKbps, inForce(key));
    }

    /**
     * A fresh (make-before-break) meter failed: the step waiting for it is abandoned (except on
     * EXISTING_METER); a late failure of a meter no step waits for is withdrawn unless it is in force.
     *
     * @param key      AP direction
     * @param deviceId switch
     * @param failed   the meter, null when submit gave no id
     * @param rateKbps its rate
     * @param reason   ONOS's reason
     */
    void meterFailed(ApDirection key, DeviceId deviceId, MeterId failed, long rateKbps, MeterFailReason reason) {
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
        OptionalLong inForce = inForce(key);
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

    private OptionalLong inForce(ApDirection key) {
        return store.state(key.apId()).map(st -> st.meterId(key.direction())).orElse(OptionalLong.empty());
    }
}
