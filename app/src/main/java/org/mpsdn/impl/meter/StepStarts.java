package org.mpsdn.impl.meter;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.config.ApSpec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.meter.MeterState;
import org.slf4j.Logger;

import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * How a {@link MeterStepper} step gets its meter (loop thread only): the ladder's meter at its rate
 * (re-pointed at once when ONOS has confirmed it, else the step waits for it), or a fresh meter at the exact
 * rate (make-before-break), unless the switch is settling from a withdrawal: then the step is queued without
 * a meter and started when the switch has settled ({@link AppMeters#settling}).
 */
final class StepStarts {
    private final Logger log = getLogger(MeterStepper.class);
    private final ApplicationId appId;
    private final MeterService meterService;
    private final AppMeters meters;
    private final MeterLadders ladders;
    private final RegulationStore store;
    private final Map<ApDirection, MeterStep> steps;
    private final Executor loop;
    private final LongSupplier burstMillis;
    private final LongSupplier clock;
    private final StepListener listener;
    private final StepFailures failures;
    private final StepLanding landing;
    private final BooleanSupplier exact;

    /**
     * Creates the starts.
     *
     * @param appId        app id
     * @param meterService meter service
     * @param meters       the app's meters (which switches are settling)
     * @param ladders      the meter ladders
     * @param store        regulation store
     * @param steps        the stepper's steps in flight (shared)
     * @param loop         executor of the regulation loop thread
     * @param burstMillis  current burst window in milliseconds
     * @param clock        wall clock in milliseconds
     * @param listener     told about faults of queued steps
     * @param failures     told about failed meters
     * @param landing      re-points the rule of a step whose meter is ADDED
     * @param exact        whether steps take the target exactly (an exact rung where it is no rung)
     */
    StepStarts(ApplicationId appId, MeterService meterService, AppMeters meters, MeterLadders ladders,
               RegulationStore store, Map<ApDirection, MeterStep> steps, Executor loop, LongSupplier burstMillis,
               LongSupplier clock, StepListener listener, StepFailures failures, StepLanding landing,
               BooleanSupplier exact) {
        this.appId = appId;
        this.meterService = meterService;
        this.meters = meters;
        this.ladders = ladders;
        this.store = store;
        this.steps = steps;
        this.loop = loop;
        this.burstMillis = burstMillis;
        this.clock = clock;
        this.listener = listener;
        this.failures = failures;
        this.landing = landing;
        this.exact = exact;
    }

    /**
     * Starts a step: on the ladder's meter, or on a fresh meter unless the switch is settling (then queued).
     *
     * @param key       AP direction
     * @param ap        the AP
     * @param direction the direction
     * @param target    the step's rate in kbit/s
     */
    void start(ApDirection key, ApSpec ap, Direction direction, long target) {
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

    /**
     * A ladder step: re-points at once when the rung is ADDED, else waits for it (queued without a meter). An
     * exact step whose target is no rung takes the ladder's exact rung at the target, submitting it if need be:
     * the rule stays on the meter in force until ONOS has confirmed it (make-before-break).
     */
    private void useRung(ApDirection key, ApSpec ap, Direction direction, long target) {
        long[] rates = ladders.rates(ap);
        ApRegulationState st = MeterStepper.stateOf(store, ap);
        boolean exactStep = exact.getAsBoolean();
        long rung = LadderRungs.isRung(rates, target) || exactStep ? target
                : LadderRungs.quantise(rates, target, st.limitKbps(direction)); // the ratio changed meanwhile
        MeterId id = ladders.rung(ap, direction, rates, rung, st.meterId(direction), st.limitKbps(direction),
                exactStep);
        MeterStep step = new MeterStep(ap, direction, rung, id, ladders.since(key, id)); // waits as long as its rung
        steps.put(key, step);
        Meter m = id == null ? null : meterService.getMeter(ap.deviceId(), id);
        if (m != null && m.state() == MeterState.ADDED) {
            landing.repoint(key, step);
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

    /**
     * Starts the queued steps of a switch that is no longer settling.
     *
     * @param deviceId the switch
     */
    void submitQueued(DeviceId deviceId) {
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
}
