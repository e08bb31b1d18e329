package org.mpsdn.impl.meter;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.store.LadderStore;
import org.mpsdn.core.model.ApDirection;
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

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The meter ladders of the AP directions (loop thread only): per AP and regulated direction, one Tier-2
 * meter per rung of {@link LadderRungs#rates}, submitted together when the direction first needs Tier-2
 * metering, so that ONOS has confirmed them (ADDED at its next meter-stats poll) before a step uses one.
 * A step is then a re-point of the direction's table-1 rule to the rung's meter, in force within one
 * flow-mod round trip, where a fresh meter waits up to ONOS's 10-s meter-stats poll.
 * <p>
 * A rung whose meter fails (or is never confirmed) is withdrawn through {@link AppMeters}, counted and
 * left empty; the next step that needs the ladder submits it again. A ladder whose rates no longer match
 * (R_m, the ratio or the capacity changed) is replaced: its rungs are withdrawn except the one in force,
 * which the next step's make-before-break withdraws as an ordinary meter. No rung is submitted on a
 * switch settling from a withdrawal ({@link AppMeters#settling}); the step waits instead.
 * <p>
 * Exact steps (the {@code paper} profile, {@link MeterStepper}) add <i>exact rungs</i> at rates between the
 * rungs ({@link Ladder}): one per exact target, and one at the decrease Algorithm 2 takes next from the limit in
 * force, submitted ahead ({@link #tendExact}, which also withdraws those no longer in use).
 */
final class MeterLadders {
    private final Logger log = getLogger(getClass());
    private final ApplicationId appId;
    private final MeterService meterService;
    private final AppMeters meters;
    private final Executor loop;
    private final LongSupplier burstMillis;
    private final DoubleSupplier ratio;
    private final LongSupplier floorKbps;
    private final LongSupplier clock;
    private final RungFailure onFailure;
    private final Map<ApDirection, Ladder> ladders = new HashMap<>();
    private final LadderPersistence saved;
    /** Written on the loop thread only; read from others. */
    private volatile int failures;

    MeterLadders(ApplicationId appId, MeterService meterService, AppMeters meters, Executor loop,
                 LongSupplier burstMillis, DoubleSupplier ratio, LongSupplier floorKbps, LongSupplier clock,
                 RungFailure onFailure, LadderStore store) {
        this.saved = new LadderPersistence(store, clock);
        this.appId = appId;
        this.meterService = meterService;
        this.meters = meters;
        this.loop = loop;
        this.burstMillis = burstMillis;
        this.ratio = ratio;
        this.floorKbps = floorKbps;
        this.clock = clock;
        this.onFailure = onFailure;
    }

    /**
     * Whether steps use ladders (the ratio in force is not {@link LadderRungs#NO_LADDER}).
     *
     * @return true if they do
     */
    boolean enabled() {
        return ratio.getAsDouble() != LadderRungs.NO_LADDER;
    }

    /**
     * The rates of an AP's ladders with the ratio and R_m in force.
     *
     * @param ap the AP
     * @return rates from min(R_m, capacity) to the capacity
     */
    long[] rates(ApSpec ap) {
        return LadderRungs.rates(floorKbps.getAsLong(), ap.capacityKbps(), ratio.getAsDouble());
    }

    /**
     * The meter of the rung at a rate, submitting the ladder's missing rungs first (unless the switch is
     * settling). A new ladder adopts the meter in force when its rate is a rung.
     *
     * @param ap          the AP
     * @param direction   the direction
     * @param rates       the ladder's rates
     * @param rateKbps    the rung's rate (one of rates, or any with exact)
     * @param inForce     the meter in force, if any
     * @param inForceKbps its rate
     * @param exact       whether the rate may be an exact rung (no rung: submitted as one if missing)
     * @return the rung's meter, or null when it could not be submitted now (switch settling, or no id)
     */
    MeterId rung(ApSpec ap, Direction direction, long[] rates, long rateKbps, OptionalLong inForce,
                 OptionalLong inForceKbps, boolean exact) {
        ApDirection key = new ApDirection(ap.id(), direction);
        Ladder ladder = resume(key);
        if (ladder != null && (!ladder.deviceId.equals(ap.deviceId()) || !Arrays.equals(ladder.rates, rates))) {
            log.info("Ladder of {} replaced: rates now {}", key, Arrays.toString(rates));
            retire(key, inForce);
            ladder = null;
        }
        if (ladder == null) {
            ladder = new Ladder(ap.deviceId(), rates);
            ladders.put(key, ladder);
            adopt(ladder, inForce, inForceKbps, exact);
        }
        forgetVanished(ladder);
        if (!meters.settling(ap.deviceId())) {
            submitMissing(key, ladder);
            if (exact && ladder.index(rateKbps) < 0 && ladder.exact.get(rateKbps) == null) {
                submitExact(key, ladder, rateKbps);
            }
        }
        saved.save(key, ladder);
        return ladder.index(rateKbps) >= 0 || exact ? ladder.meterAt(rateKbps) : null;
    }

    /**
     * The ladder of an AP direction: in memory, else as the cluster stored it (a new owner of its domain resumes it).
     *
     * @param key AP direction
     * @return the ladder, null when there is none
     */
    Ladder resume(ApDirection key) {
        Ladder ladder = ladders.get(key);
        if (ladder == null) {
            ladder = saved.restore(key);
            if (ladder != null) {
                ladders.put(key, ladder);
                log.info("Ladder of {} resumed from the shared state", key);
            }
        }
        return ladder;
    }

    /** A new ladder adopts the meter in force: as its rung, or (exact steps) as an exact rung. */
    private void adopt(Ladder ladder, OptionalLong inForce, OptionalLong inForceKbps, boolean exact) {
        if (inForce.isEmpty() || inForceKbps.isEmpty()) {
            return;
        }
        MeterId m = MeterId.meterId(inForce.getAsLong());
        int i = ladder.index(inForceKbps.getAsLong());
        if (i >= 0) {
            ladder.meters[i] = m;
            ladder.since[i] = clock.getAsLong();
        } else if (exact) {
            ladder.exact.put(inForceKbps.getAsLong(), m);
            ladder.exactSince.put(inForceKbps.getAsLong(), clock.getAsLong());
        }
    }

    private void submitExact(ApDirection key, Ladder ladder, long rateKbps) {
        MeterId m = submit(key, ladder.deviceId, rateKbps);
        if (m != null) {
            ladder.exact.put(rateKbps, m);
            ladder.exactSince.put(rateKbps, clock.getAsLong());
            log.debug("Ladder of {}: exact rung {} kbps submitted as {}", key, rateKbps, m);
        }
    }

    /** Rungs whose meter ONOS no longer holds (withdrawn elsewhere, lost) are submitted again. */
    private void forgetVanished(Ladder ladder) {
        ladder.forEach((meter, rate) -> {
            if (meterService.getMeter(ladder.deviceId, meter) == null) {
                log.info("Rung {} kbps of {} at {} vanished; submitting it again", rate, meter, ladder.deviceId);
                ladder.drop(meter);
            }
        });
    }

    private void submitMissing(ApDirection key, Ladder ladder) {
        int n = 0;
        for (int i = 0; i < ladder.rates.length; i++) {
            if (ladder.meters[i] == null) {
                ladder.meters[i] = submit(key, ladder.deviceId, ladder.rates[i]);
                ladder.since[i] = clock.getAsLong();
                n++;
            }
        }
        if (n > 0) {
            log.info("Ladder of {}: {} rungs submitted ({} to {} kbps)", key, n, ladder.rates[0],
                     ladder.rates[ladder.rates.length - 1]);
        }
    }

    private MeterId submit(ApDirection key, DeviceId deviceId, long rateKbps) {
        // the failure may be reported inside submit(): the id is read on the loop thread, after it returned
        MeterId[] submitted = new MeterId[1];
        MeterRequest req = TierTwoMeters.addRequest(appId, deviceId, rateKbps, burstMillis.getAsLong(),
                new MeterContext() {
                    @Override
                    public void onError(MeterRequest request, MeterFailReason reason) {
                        loop.execute(() -> {
                            if (submitted[0] != null) {
                                onFailure.failed(key, deviceId, submitted[0], rateKbps, reason);
                            }
                        });
                    }
                });
        Meter meter = meterService.submit(req);
        submitted[0] = meter == null ? null : AppMeters.meterId(meter.meterCellId());
        if (submitted[0] == null) {
            log.warn("Meter service gave no meter id for rung {} kbps of {}; submitted again at the next step",
                     rateKbps, key);
        }
        return submitted[0];
    }

    /**
     * When a rung's meter was submitted (or adopted): a step waiting for it has waited since then.
     *
     * @param key   AP direction
     * @param meter a rung's meter
     * @return wall clock in milliseconds; now when the meter is no rung
     */
    long since(ApDirection key, MeterId meter) {
        Ladder ladder = ladders.get(key);
        if (ladder == null || meter == null) {
            return clock.getAsLong();
        }
        int i = ladder.slot(meter);
        long exactRate = i < 0 ? ladder.exactRate(meter) : -1;
        return i >= 0 ? ladder.since[i] : exactRate >= 0 ? ladder.exactSince.get(exactRate) : clock.getAsLong();
    }

    /**
     * Whether a meter is a rung of an AP direction's ladder.
     *
     * @param key   AP direction
     * @param meter a meter
     * @return true if the ladder holds it
     */
    boolean isRung(ApDirection key, MeterId meter) {
        Ladder ladder = ladders.get(key);
        return ladder != null && meter != null && ladder.holds(meter);
    }

    /**
     * Whether a meter of a switch is a rung of any ladder (it must not be withdrawn as a leftover).
     *
     * @param deviceId switch
     * @param meter    meter
     * @return true if a ladder holds it
     */
    boolean owns(DeviceId deviceId, MeterId meter) {
        return ladders.values().stream().anyMatch(l -> l.deviceId.equals(deviceId) && l.holds(meter));
    }

    /**
     * A rung's meter failed or was never confirmed: it is withdrawn (unless in force), counted and
     * submitted again by the next step that needs the ladder.
     *
     * @param key      AP direction
     * @param meter    the meter
     * @param rateKbps its rate
     * @param inForce  the meter in force of the direction, if any
     */
    void failed(ApDirection key, MeterId meter, long rateKbps, OptionalLong inForce) {
        Ladder ladder = ladders.get(key);
        if (ladder == null || ladder.drop(meter) < 0) {
            return;
        }
        failures = failures + 1;
        saved.save(key, ladder);
        if (!(inForce.isPresent() && inForce.getAsLong() == meter.id())) {
            meters.withdraw(ladder.deviceId, meter, rateKbps);
        }
    }

    /**
     * Withdraws an AP direction's ladder except the meter in force (fail-open lifted the limit, the ladder's
     * rates changed, or the ladder is switched off) and forgets it.
     *
     * @param key     AP direction
     * @param inForce the meter in force, kept
     */
    void retire(ApDirection key, OptionalLong inForce) {
        Ladder ladder = resume(key);
        ladders.remove(key);
        saved.save(key, null);
        if (ladder == null) {
            return;
        }
        int[] n = {0};
        ladder.forEach((m, rate) -> {
            if (!(inForce.isPresent() && inForce.getAsLong() == m.id())) {
                meters.withdraw(ladder.deviceId, m, rate);
                n[0]++;
            }
        });
        log.info("Ladder of {} withdrawn: {} meters", key, n[0]);
    }

    /**
     * Whether the ladder of an AP direction holds a meter at a rate that ONOS has confirmed (a step to that rate
     * is in force within one flow-mod round trip).
     *
     * @param key      AP direction
     * @param rateKbps a rate
     * @return true if a rung or exact rung at that rate is ADDED
     */
    boolean ready(ApDirection key, long rateKbps) {
        Ladder ladder = ladders.get(key);
        MeterId m = ladder == null ? null : ladder.meterAt(rateKbps);
        Meter meter = m == null ? null : meterService.getMeter(ladder.deviceId, m);
        return meter != null && meter.state() == MeterState.ADDED;
    }

    /**
     * Keeps the exact rungs of every ladder to those in use (loop thread only): the one in force, those steps
     * wait for, and, when exact steps are on, the one at the decrease Algorithm 2 takes next from the limit in
     * force ({@link ExactDecrease}), submitted ahead so that a decrease is in force within the cycle that decides
     * it. Missing ones are submitted first and unused ones withdrawn after, so that the submission never waits
     * for the withdrawal to settle.
     *
     * @param store     regulation store (the limits in force)
     * @param stepMeter whether a step in flight uses a meter
     * @param exact     whether exact steps are on (the {@code paper} profile)
     * @param fault     told about an AP whose meters could not be tended (the others still are)
     */
    void tendExact(RegulationStore store, Predicate<MeterId> stepMeter, boolean exact,
                   BiConsumer<String, RuntimeException> fault) {
        for (Map.Entry<ApDirection, Ladder> e : Map.copyOf(ladders).entrySet()) {
            try {
                tend(e.getKey(), e.getValue(), store, stepMeter, exact);
            } catch (RuntimeException ex) {
                fault.accept(e.getKey().apId(), ex);
            }
        }
    }

    private void tend(ApDirection key, Ladder ladder, RegulationStore store, Predicate<MeterId> stepMeter,
                      boolean exact) {
        Optional<ApRegulationState> st = store.state(key.apId());
        OptionalLong meterInForce = st.map(x -> x.meterId(key.direction())).orElse(OptionalLong.empty());
        OptionalLong limit = st.map(x -> x.limitKbps(key.direction())).orElse(OptionalLong.empty());
        long spare = exact && limit.isPresent() ? ExactDecrease.of(limit.getAsLong(), ladder.rates) : -1;
        if (spare > 0 && ladder.index(spare) < 0 && ladder.exact.get(spare) == null
                && !meters.settling(ladder.deviceId)) {
            submitExact(key, ladder, spare);
        }
        for (Map.Entry<Long, MeterId> x : Map.copyOf(ladder.exact).entrySet()) {
            MeterId m = x.getValue();
            boolean used = x.getKey() == spare || stepMeter.test(m)
                    || meterInForce.isPresent() && meterInForce.getAsLong() == m.id();
            if (!used) {
                ladder.drop(m);
                meters.withdraw(ladder.deviceId, m, x.getKey());
            }
        }
        saved.save(key, ladder);
    }

    /**
     * @param key AP direction
     * @return whether it has a ladder
     */
    boolean has(ApDirection key) {
        return ladders.containsKey(key);
    }

    /**
     * Forgets the ladders of an AP, withdrawing nothing (it left the config, or its domain has a new owner).
     *
     * @param apId AP id
     */
    void forget(String apId) {
        ladders.keySet().removeIf(k -> k.apId().equals(apId));
        saved.forget(apId);
    }

    /**
     * Rung meters that failed or were never confirmed, since activation.
     *
     * @return count
     */
    int failures() {
        return failures;
    }
}
