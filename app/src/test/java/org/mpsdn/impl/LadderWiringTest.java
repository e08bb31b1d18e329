package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.flow.TierRules;
import org.mpsdn.impl.meter.LadderRungs;
import org.mpsdn.impl.meter.MeterStepper;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterState;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * Tier-2 steps on the meter ladder (the default) under ONOS 2.7.0's timing as {@link FakeMeterService}
 * emulates it (METER_ADDED only at a 10-s meter-stats poll): once the ladder is ADDED a step is a
 * re-point of the table-1 rule, in force in the cycle that decides it.
 */
public class LadderWiringTest {
    private static final long CYCLE_MS = 2000;
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);
    /**
     * wifi1's ladder: from its 54000 kbit/s capacity down by 2^(1/4) to R_m 100 kbit/s (37 rungs); the rung k steps
     * below the capacity is 54000 / 2^(k/4) rounded to kbit/s, e.g. 16054 (k = 7), 6750 (k = 12), 2838 (k = 17).
     */
    private static final long[] RATES =
            LadderRungs.rates(100, 54_000, OsgiPropertyConstants.METER_LADDER_RATIO_DEFAULT);

    private final long[] target = new long[1];
    private Harness h;

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.meters.flows = h.flows;
        h.activate();
        h.telemetry.occupancy("wifi1", 0.9, 0.1);
        h.engine.script = in -> new EngineDecision(Map.of(), Map.of(DL, target[0]), Map.of());
    }

    @After
    public void tearDown() {
        h.deactivate();
    }

    private OptionalLong limit() {
        return h.store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK)).orElse(OptionalLong.empty());
    }

    private OptionalLong meterInForce() {
        return h.store.state("wifi1").map(s -> s.meterId(Direction.DOWNLINK)).orElse(OptionalLong.empty());
    }

    /** The downlink table-1 rule's treatment on the switch. */
    private TrafficTreatment table1() {
        ApSpec ap = h.manager.loop().aps().get("wifi1");
        FlowRule want = TierRules.meterRule(Harness.APP, ap, Direction.DOWNLINK, Optional.empty());
        return h.flows.getFlowEntry(want).treatment();
    }

    private static TrafficTreatment meteredBy(Harness h, long meterId) {
        ApSpec ap = h.manager.loop().aps().get("wifi1");
        return TierRules.meterRule(Harness.APP, ap, Direction.DOWNLINK, Optional.of(MeterId.meterId(meterId)))
                .treatment();
    }

    /** The rate of each app meter ONOS holds at a switch. */
    private Map<MeterId, Long> rates(org.onosproject.net.DeviceId dev) {
        Map<MeterId, Long> m = new HashMap<>();
        for (Meter meter : h.meters.meters(dev)) {
            m.put((MeterId) meter.meterCellId(), meter.bands().iterator().next().rate());
        }
        return m;
    }

    private List<Long> submittedRates() {
        return h.meters.submitted.stream().map(MeterRequest::bands).map(b -> b.iterator().next().rate())
                .collect(Collectors.toList());
    }

    /** 2-s cycles (with ONOS's meter-stats polls every 10 s) until the ladder is ADDED and its first limit in force. */
    private void ladderInForce(long first) {
        target[0] = first;
        for (int i = 0; i < 6 && limit().isEmpty(); i++) {
            h.advance(CYCLE_MS);
            h.cycle();
        }
        assertTrue("in force within one meter-stats poll", limit().isPresent());
        assertTrue(h.meters.meters(DEV1).stream().allMatch(m -> m.state() == MeterState.ADDED));
    }

    @Test
    public void theFirstLimitSubmitsTheWholeLadderAndTakesItsRung() {
        ladderInForce(16_250);
        assertEquals(37, RATES.length);
        assertEquals("one meter per rung, nothing else", Arrays.stream(RATES).boxed().collect(Collectors.toList()),
                submittedRates());
        assertEquals("the highest rung at or below the target", OptionalLong.of(16_054), limit());
        assertEquals(16_054L, (long) rates(DEV1).get(MeterId.meterId(meterInForce().getAsLong())));
        assertEquals(meteredBy(h, meterInForce().getAsLong()), table1());
        assertTrue(h.meters.withdrawn.isEmpty());
    }

    @Test
    public void aDecreaseUnderOnosTimingIsInForceInTheCycleThatDecidesIt() {
        ladderInForce(16_250);
        long[] decreases = {8_000, 3_000, 150};
        long[] rungs = {6_750, 2_838, 149};
        for (int i = 0; i < decreases.length; i++) {
            target[0] = decreases[i];
            h.advance(CYCLE_MS);
            h.cycle(); // no meter-stats poll in between is needed
            assertEquals("decrease " + i, OptionalLong.of(rungs[i]), limit());
            assertEquals(rungs[i], (long) rates(DEV1).get(MeterId.meterId(meterInForce().getAsLong())));
            assertEquals("the rule points to the rung", meteredBy(h, meterInForce().getAsLong()), table1());
        }
        assertEquals("no meter submitted after the ladder", RATES.length, h.meters.submitted.size());
        assertTrue("no rung withdrawn", h.meters.withdrawn.isEmpty());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        assertEquals(0, h.manager.loop().lateSteps());
    }

    @Test
    public void anIncreaseTakesTheHighestRungAtOrBelowItsTargetInTheSameCycle() {
        ladderInForce(6_750);
        target[0] = 6_800; // below the next rung (8027): the rung in force stays
        h.cycle();
        assertEquals(OptionalLong.of(6_750), limit());
        target[0] = 9_000; // 8027 <= 9000 < 9546
        h.cycle();
        assertEquals(OptionalLong.of(8_027), limit());
        target[0] = 40_000; // several rungs up at once, never past the target (45408 is above it)
        h.cycle();
        assertEquals(OptionalLong.of(38_184), limit());
        target[0] = 45_000;
        h.cycle();
        assertEquals("the next rung (45408) would pass the target", OptionalLong.of(38_184), limit());
        target[0] = 54_000;
        h.cycle();
        assertEquals(OptionalLong.of(54_000), limit());
        assertEquals(RATES.length, h.meters.submitted.size());
    }

    @Test
    public void aStepDecidedBeforeTheLadderIsAddedWaitsForItsRungAndGivesWayToANewerTarget() {
        target[0] = 20_000;
        h.cycle();
        assertEquals(OptionalLong.empty(), limit());
        target[0] = 5_000; // decided while the ladder waits for ONOS: replaces the waiting step, no new meter
        h.cycle();
        assertEquals(RATES.length, h.meters.submitted.size());
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(4_773), limit());
        assertTrue(h.meters.withdrawn.isEmpty());
    }

    @Test
    public void aRungNeverConfirmedIsAbandonedOnTimeWhileNewerTargetsReplaceItsStep() {
        h.meters.dropSilently = true; // no master for the switch yet: ONOS neither installs nor fails the rungs
        long[] targets = {5_000, 3_000};
        long[] rungs = {4_773, 2_838};
        int c = 0;
        for (; c < 25 && h.manager.loop().ladderFailures() == 0; c++) {
            target[0] = targets[c % 2]; // a new target every cycle: each replaces the waiting step
            h.advance(CYCLE_MS);
            h.cycle();
        }
        // the ladder went out in cycle 0; the cycle at CONFIRM_TIMEOUT_MS after it abandons the step in flight
        assertEquals("abandoned once its rung waited CONFIRM_TIMEOUT_MS", MeterStepper.CONFIRM_TIMEOUT_MS / CYCLE_MS,
                c - 1);
        assertTrue("counted late", h.manager.loop().lateSteps() >= 1);
        assertEquals(1, h.manager.loop().ladderFailures());
        assertEquals("only the waited rung withdrawn", 1, h.meters.withdrawn.size());
        long waitedFor = rungs[(c - 2) % 2];
        // meter ids are allocated in submit order at the switch: id n is the n-th submit
        assertEquals("the withdrawn meter is the waited rung", waitedFor,
                (long) submittedRates().get(Math.toIntExact(h.meters.withdrawn.get(0).id() - 1)));
        h.meters.dropSilently = false; // the switch gets its master: rungs submitted from now on reach it
        target[0] = 5_000;
        for (int k = 0; k < 30 && limit().isEmpty(); k++) {
            h.advance(CYCLE_MS);
            h.cycle();
        }
        // the rung's meter still waiting from before times out in its turn and is submitted again
        assertEquals(OptionalLong.of(4_773), limit());
        assertTrue(h.manager.loop().ladderFailures() >= 2);
        assertEquals(0, h.meters.withdrawnWhileReferenced);
    }

    @Test
    public void failOpenWithdrawsTheWholeLadderAndAReturnSubmitsAFreshOne() {
        ladderInForce(5_000);
        h.telemetry.silence("wifi1", 100); // silent past the fail-open delay
        h.advance(CYCLE_MS);
        h.cycle();
        assertEquals(OptionalLong.empty(), limit());
        assertEquals(TierRules.meterRule(Harness.APP, h.manager.loop().aps().get("wifi1"), Direction.DOWNLINK,
                Optional.empty()).treatment(), table1());
        assertEquals("every rung withdrawn", RATES.length, h.meters.withdrawn.size());
        assertEquals(Set.of(), h.meters.switchMeters(DEV1));
        assertTrue(h.meters.meters(DEV1).isEmpty());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
        h.advance(CYCLE_MS);
        h.cycle();
        assertEquals("nothing submitted while failed open", RATES.length, h.meters.submitted.size());

        h.telemetry.occupancy("wifi1", 0.9, 0.1); // the agent is back
        ladderInForce(5_000);
        assertEquals(2 * RATES.length, h.meters.submitted.size());
        assertEquals(OptionalLong.of(4_773), limit());
        assertEquals(List.of(), h.meters.existingMeter);
    }

    @Test
    public void aFailedRungIsWithdrawnCountedAndSubmittedAgainByTheNextStep() {
        h.meters.failNext = true; // the first rung (R_m) fails at submit
        ladderInForce(5_000);
        assertEquals(1, h.manager.loop().ladderFailures());
        assertEquals("the failed rung withdrawn", List.of(MeterId.meterId(1)), h.meters.withdrawn);
        assertEquals(OptionalLong.of(4_773), limit());
        target[0] = 120; // the floor's rung is missing: submitted again, the step waits for it
        h.advance(CYCLE_MS);
        h.cycle();
        assertEquals(RATES.length + 1, h.meters.submitted.size());
        assertEquals(100L, (long) submittedRates().get(RATES.length));
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(100), limit());
        assertEquals(RATES.length, rates(DEV1).size());
    }

    @Test
    public void aRungFailingAtOneApLeavesTheOtherRegulated() {
        ApDirection lte = new ApDirection("lte1", Direction.DOWNLINK);
        h.telemetry.occupancy("lte1", 0.9, 0.1);
        h.meters.noMeterIds.add(DEV2); // every meter submit for lte1's switch throws
        h.engine.script = in -> new EngineDecision(Map.of(), Map.of(DL, target[0], lte, 3000L), Map.of());
        ladderInForce(5_000);
        assertEquals(OptionalLong.of(4_773), limit());
        assertTrue(h.manager.loop().apFaults("lte1") > 0);
        assertEquals(0, h.manager.loop().apFaults("wifi1"));
    }

    @Test
    public void aRestartResumesTheStoredLadderWithoutANewMeter() {
        ladderInForce(5_000);
        long inForce = meterInForce().getAsLong();
        Set<MeterId> rungs = Set.copyOf(rates(DEV1).keySet());
        h.deactivate(); // ONOS shutdown: rules and meters stay, the ladder stays in the cluster's store
        h.activate();
        assertEquals("every rung is kept", rungs, rates(DEV1).keySet());
        assertEquals(OptionalLong.of(4_773), limit());
        assertEquals(meteredBy(h, inForce), table1());
        target[0] = 1_500;
        h.advance(CYCLE_MS);
        h.cycle();
        h.meterStatsPoll();
        assertEquals("54000 / 2^(15/4)", OptionalLong.of(1_419), limit());
        assertEquals("the step uses a stored rung: no meter submitted", RATES.length, h.meters.submitted.size());
        assertEquals(rungs, rates(DEV1).keySet());
    }


    @Test
    public void deactivationWithdrawsEveryLadder() {
        ladderInForce(5_000);
        h.deactivateHook.run();
        assertTrue(h.meters.getAllMeters().isEmpty());
        assertEquals(0, h.flows.getFlowRuleCount());
    }

    @Test
    public void anApLeavingTheConfigTakesItsLadderAlong() {
        ladderInForce(5_000);
        h.netcfg.set(Harness.APP, "{\"aps\": [{\"id\": \"lte1\", \"kind\": \"lte\","
                + " \"deviceId\": \"of:0000000000000002\", \"apPort\": 3, \"uplinkPort\": 4,"
                + " \"capacityKbps\": 20000, \"agent\": \"10.0.0.2:50051\"}]}");
        h.manager.loop().settle();
        assertTrue(h.meters.meters(DEV1).isEmpty());
        assertTrue(h.flows.rules(DEV1).isEmpty());
    }

    @Test
    public void switchingTheLadderOffStepsMakeBeforeBreakAndWithdrawsTheRungs() {
        ladderInForce(5_000);
        long rung = meterInForce().getAsLong();
        h.manager.reconfigure(Harness.props(OsgiPropertyConstants.METER_LADDER_RATIO, "1"));
        target[0] = 3_000;
        h.cycle();
        assertEquals("the unused rungs withdrawn", RATES.length - 1, h.meters.withdrawn.size());
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(3_000), limit());
        assertEquals("then the rung that was in force", MeterId.meterId(rung),
                h.meters.withdrawn.get(h.meters.withdrawn.size() - 1));
        assertEquals(1, h.meters.meters(DEV1).size());
        assertEquals(0, h.meters.withdrawnWhileReferenced);
    }
}
