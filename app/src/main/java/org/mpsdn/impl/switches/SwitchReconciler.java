package org.mpsdn.impl.switches;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.flow.PerFlowRule;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.meter.AppMeters;
import org.mpsdn.impl.meter.MeterStepper;
import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterService;
import org.slf4j.Logger;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps the AP switches this ONOS instance masters at exactly what the app wants there: the fixed
 * rules with the meters recorded in the store, valid per-flow rules, and no other rule or meter of
 * the app. Also retires APs that left the config, cleans switches that are in no AP's config, and
 * removes everything on the app's deactivation. Runs on the regulation loop's thread.
 */
public final class SwitchReconciler {
    private final Logger log = getLogger(getClass());
    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final MeterService meterService;
    private final MastershipService mastershipService;
    private final DomainOwnership owners;
    private final RegulationStore store;
    private final AppMeters meters;
    private final MeterStepper stepper;
    private final ApDirectory aps;
    private final IntSupplier idleTimeoutSec;
    private final LongSupplier clock;
    private final BooleanSupplier stopping;

    /**
     * Creates the reconciler.
     *
     * @param appId             the app's id
     * @param flowRuleService   flow rule service
     * @param meterService      meter service
     * @param mastershipService mastership service (switches in no AP's config)
     * @param owners            the domains this instance owns (it alone installs on their switches)
     * @param store             regulation store
     * @param meters            the app's meters
     * @param stepper           the rate steps in flight (their meters are kept)
     * @param aps               the AP directory
     * @param idleTimeoutSec    idle timeout of per-flow rules in force
     * @param clock             wall clock in milliseconds
     * @param stopping          true once the app is being deactivated (nothing is installed)
     */
    public SwitchReconciler(ApplicationId appId, FlowRuleService flowRuleService, MeterService meterService,
                            MastershipService mastershipService, DomainOwnership owners, RegulationStore store,
                            AppMeters meters,
                            MeterStepper stepper, ApDirectory aps, IntSupplier idleTimeoutSec, LongSupplier clock,
                            BooleanSupplier stopping) {
        this.appId = appId;
        this.flowRuleService = flowRuleService;
        this.meterService = meterService;
        this.mastershipService = mastershipService;
        this.owners = owners;
        this.store = store;
        this.meters = meters;
        this.stepper = stepper;
        this.aps = aps;
        this.idleTimeoutSec = idleTimeoutSec;
        this.clock = clock;
        this.stopping = stopping;
    }

    /**
     * Brings an AP switch this instance masters to exactly the wanted fixed rules (with the meters
     * recorded in the store), keeps valid per-flow rules, removes every other rule and meter of
     * the app there. Idempotent: running it twice changes nothing the second time.
     *
     * @param ap the AP
     */
    public void reconcile(ApSpec ap) {
        if (stopping.getAsBoolean() || !owners.owns(ap.domain())) {
            return;
        }
        stepper.resume(ap);
        Set<MeterId> keep = new HashSet<>();
        Map<Direction, Optional<MeterId>> inForce = checkStoredMeters(ap, keep);
        List<FlowRule> wanted = TierRules.fixedRules(appId, ap, inForce::get);
        int[] rules = syncRules(ap, wanted);
        int withdrawn = meters.withdrawAll(ap.deviceId(),
                id -> keep.contains(id) || stepper.owns(ap.deviceId(), id));
        log.info("Reconciled {}: {} rules added, {} modified, {} removed, {} stale meters withdrawn", ap.id(),
                rules[0], rules[1], rules[2], withdrawn);
    }

    /**
     * The meter in force per direction: the one the store records if it still exists and the AP
     * still regulates that direction; the store forgets any other (and a state of another switch).
     */
    private Map<Direction, Optional<MeterId>> checkStoredMeters(ApSpec ap, Set<MeterId> keep) {
        ApRegulationState state = store.state(ap.id())
                .orElse(ApRegulationState.builder(ap.id(), ap.deviceId().toString()).build());
        ApRegulationState.Builder fixed = state.toBuilder();
        boolean changed = !state.deviceId().equals(ap.deviceId().toString());
        if (changed) {
            fixed = ApRegulationState.builder(ap.id(), ap.deviceId().toString());
        }
        Map<Direction, Optional<MeterId>> inForce = new EnumMap<>(Direction.class);
        for (Direction d : Direction.values()) {
            OptionalLong id = changed ? OptionalLong.empty() : state.meterId(d);
            MeterId meterId = id.isPresent() ? MeterId.meterId(id.getAsLong()) : null;
            if (meterId != null && (meterService.getMeter(ap.deviceId(), meterId) == null || !ap.regulates(d))) {
                fixed.unlimited(d);
                changed = true;
                meterId = null;
            }
            if (meterId != null) {
                keep.add(meterId);
            }
            inForce.put(d, Optional.ofNullable(meterId));
        }
        if (changed) {
            store.putState(fixed.updatedMillis(clock.getAsLong()).build());
        }
        return inForce;
    }

    /**
     * Removes the app's rules that are neither wanted nor valid per-flow rules, modifies a wanted
     * rule whose treatment differs, adds the missing wanted ones. A wanted rule present with another
     * treatment has the same flow id: it is modified, never removed and added in one stage, since
     * ONOS sends the flow mods of a stage in no fixed order ({@code OpenFlowRuleProvider.executeBatch}
     * collects them in a {@code HashSet}) and a DELETE_STRICT after the ADD would drop the rule.
     *
     * @return rules added, modified and removed
     */
    private int[] syncRules(ApSpec ap, List<FlowRule> wanted) {
        Map<Object, FlowRule> wantedById = new HashMap<>();
        wanted.forEach(r -> wantedById.put(r.id(), r));
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        int[] counts = new int[3];
        Set<Object> present = new HashSet<>();
        for (FlowEntry e : flowRuleService.getFlowEntries(ap.deviceId())) {
            if (e.appId() != appId.id()) {
                continue;
            }
            FlowRule w = wantedById.get(e.id());
            if (w != null) {
                present.add(e.id());
                if (!w.treatment().equals(e.treatment()) || !w.selector().equals(e.selector())) {
                    ops.modify(w);
                    counts[1]++;
                }
            } else if (!isValidPerFlowRule(ap, e)) {
                ops.remove(e);
                counts[2]++;
            }
        }
        for (FlowRule r : wanted) {
            if (!present.contains(r.id())) {
                ops.add(r);
                counts[0]++;
            }
        }
        if (counts[0] + counts[1] + counts[2] > 0) {
            flowRuleService.apply(ops.build());
        }
        return counts;
    }

    private boolean isValidPerFlowRule(ApSpec ap, FlowEntry e) {
        return PerFlowRule.of(appId, ap, e).map(r -> r.isExactly(e, appId, ap, idleTimeoutSec.getAsInt()))
                .orElse(false);
    }

    /**
     * Removes what the app installed for an AP that left the config (if this instance masters it).
     *
     * @param ap the AP as it was configured
     */
    public void retire(ApSpec ap) {
        stepper.forget(ap.id());
        if (!owners.owns(ap.domain())) {
            return;
        }
        removeAppRules(ap.deviceId());
        meters.withdrawAll(ap.deviceId(), id -> false);
        store.removeState(ap.id());
    }

    /**
     * Mastership of a device changed (its switch reconnected, or another instance is its master now): the
     * owner of the AP's domain brings the switch in line with the shared state; other instances do nothing.
     *
     * @param device the device
     */
    public void mastershipChanged(DeviceId device) {
        ApSpec ap = aps.byDevice(device);
        if (ap != null && owners.owns(ap.domain())) {
            log.info("Mastership of {} ({}) changed: reconciling it from the shared state", device, ap.id());
            reconcile(ap);
        }
    }

    /**
     * The ownership of an AP's domain changed: a new owner resumes the AP from the shared state (limits,
     * meters and ladders in force, no new meter), an old one forgets its steps in flight.
     *
     * @param ap the AP
     */
    public void ownershipChanged(ApSpec ap) {
        if (owners.owns(ap.domain())) {
            log.info("Owner of domain {}: resuming {} from the shared state", ap.domain(), ap.id());
            reconcile(ap);
        } else {
            stepper.forget(ap.id());
        }
    }

    /**
     * Removes rules and meters of the app on switches that are in no AP's config (mastered here),
     * and the shared state of APs that are not configured.
     */
    public void removeForeignLeftovers() {
        Set<DeviceId> known = aps.devices();
        Set<DeviceId> devices = new HashSet<>(meters.devices());
        for (FlowEntry e : flowRuleService.getFlowEntriesById(appId)) {
            devices.add(e.deviceId());
        }
        for (DeviceId d : devices) {
            if (!known.contains(d) && mastershipService.isLocalMaster(d)) {
                int rules = removeAppRules(d);
                int withdrawn = meters.withdrawAll(d, id -> false);
                log.info("Removed {} rules and {} meters left on unconfigured {}", rules, withdrawn, d);
            }
        }
        Set<String> ids = aps.aps().keySet();
        for (ApRegulationState s : store.states()) {
            if (!ids.contains(s.apId())) {
                store.removeState(s.apId());
            }
        }
    }

    /**
     * Removes every rule and meter of the app and forgets the shared state (app deactivation).
     */
    public void removeEverything() {
        flowRuleService.removeFlowRulesById(appId);
        for (DeviceId d : meters.devices()) {
            meters.withdrawAll(d, id -> false);
        }
        for (ApRegulationState s : store.states()) {
            store.removeState(s.apId());
        }
        log.info("Removed all rules and meters of {}", appId);
    }

    private int removeAppRules(DeviceId deviceId) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        int n = 0;
        for (FlowEntry e : flowRuleService.getFlowEntries(deviceId)) {
            if (e.appId() == appId.id()) {
                ops.remove(e);
                n++;
            }
        }
        if (n > 0) {
            flowRuleService.apply(ops.build());
        }
        return n;
    }
}
