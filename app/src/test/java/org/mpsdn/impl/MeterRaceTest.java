package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.meter.AppMeters;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * Rate steps against ONOS 2.7.0's meter-stats race (issue 15): a meter submitted while the meter-stats
 * reply forced by a withdrawal is on its way is added twice by ONOS and fails with EXISTING_METER
 * ({@link FakeMeterService}); and a decrease decided while an increase is in flight.
 */
public class MeterRaceTest {
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);

    private Harness h;
    private final long[] target = new long[1];

    @Before
    public void setUp() {
        h = new Harness().master(DEV1, DEV2);
        h.meters.flows = h.flows;
        h.withoutLadder().activate();
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

    /** Steps to a first limit and lets ONOS confirm it: meter 1 in force. */
    private void firstLimit(long kbps) {
        target[0] = kbps;
        h.cycle();
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(kbps), limit());
        assertEquals(OptionalLong.of(1), meterInForce());
    }

    private List<Long> submittedRates() {
        return h.meters.submitted.stream().map(MeterRequest::bands)
                .map(b -> b.iterator().next().rate()).collect(Collectors.toList());
    }

    @Test
    public void aStepQueuedBehindAnotherIsSubmittedOnlyOnceTheWithdrawalsStatsReplyIsProcessed() {
        firstLimit(8000);
        target[0] = 4000;
        h.cycle();
        target[0] = 2000; // decided while the 4000 step waits for ONOS: it follows that step
        h.cycle();
        assertEquals(List.of(8000L, 4000L), submittedRates());
        // ONOS confirms the 4000 meter: the rule moves to it, meter 1 is withdrawn (ONOS forces a stats
        // request) and the 2000 step follows
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(4000), limit());
        h.cycle();
        h.meterStatsPoll();
        assertEquals("no meter added twice by ONOS", List.of(), h.meters.existingMeter);
        assertEquals("one meter per step, none abandoned", List.of(8000L, 4000L, 2000L), submittedRates());
        assertEquals(List.of(MeterId.meterId(1), MeterId.meterId(2)), h.meters.withdrawn);
        assertEquals(OptionalLong.of(2000), limit());
        assertEquals(OptionalLong.of(3), meterInForce());
        assertEquals(Set.of(MeterId.meterId(3)), h.meters.switchMeters(DEV1));
        assertEquals(0, h.meters.withdrawnWhileReferenced);
    }

    @Test
    public void existingMeterFailureOfAFreshMeterKeepsTheStepWaitingForOnosToConfirmIt() {
        firstLimit(8000);
        target[0] = 4000;
        h.cycle();
        MeterId fresh = MeterId.meterId(2);
        // a stats reply the switch produced before the ADD of meter 2: ONOS sends it again, the switch
        // refuses (METER_EXISTS), the submit's context fails with EXISTING_METER
        h.meters.replyWithout(DEV1, fresh);
        h.settle();
        assertEquals(List.of(fresh), h.meters.existingMeter);
        assertTrue("not withdrawn: the switch holds it", h.meters.withdrawn.isEmpty());
        h.cycle();
        assertEquals("no second meter for the same step", 2, h.meters.submitted.size());
        h.meterStatsPoll(); // the next reply shows meter 2: ONOS makes it ADDED
        assertEquals(OptionalLong.of(4000), limit());
        assertEquals(OptionalLong.of(2), meterInForce());
        assertEquals(List.of(MeterId.meterId(1)), h.meters.withdrawn);
        assertEquals(Set.of(fresh), h.meters.switchMeters(DEV1));
    }

    @Test
    public void aDecreaseDecidedWhileAnIncreaseIsInFlightIsSubmittedAtOnceAndTheIncreaseWithdrawn() {
        firstLimit(1398);
        target[0] = 50_000; // the cell is idle: the limit goes up to capacity
        h.cycle();
        assertEquals(List.of(1398L, 50_000L), submittedRates());
        target[0] = 699; // the cell congests before ONOS confirmed the increase
        h.cycle();
        assertEquals("the halving is submitted in the cycle that decided it", List.of(1398L, 50_000L, 699L),
                submittedRates());
        assertEquals("the increase's meter withdrawn unused", List.of(MeterId.meterId(2)), h.meters.withdrawn);
        assertEquals(OptionalLong.of(1398), limit());
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(699), limit());
        assertEquals(OptionalLong.of(3), meterInForce());
        assertEquals(List.of(MeterId.meterId(2), MeterId.meterId(1)), h.meters.withdrawn);
        assertEquals(List.of(), h.meters.existingMeter);
        assertEquals(Set.of(MeterId.meterId(3)), h.meters.switchMeters(DEV1));
    }

    @Test
    public void anIncreaseDecidedWhileAnotherIsInFlightWaitsForIt() {
        firstLimit(1000);
        target[0] = 3000;
        h.cycle();
        target[0] = 2500; // an increase moves with each cycle's occupancy: it must not starve the first
        h.cycle();
        assertEquals(List.of(1000L, 3000L), submittedRates());
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(3000), limit());
        h.cycle(); // the 2500 step, decided against the 1000 in force then, follows
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(2500), limit());
        assertTrue(h.meters.withdrawn.containsAll(List.of(MeterId.meterId(1), MeterId.meterId(2))));
    }

    @Test
    public void aWithdrawalOnosNeverCompletesHoldsBackNewMetersOnlyUntilTheSettleBound() {
        firstLimit(8000);
        target[0] = 4000;
        h.cycle();
        target[0] = 2000;
        h.cycle();
        h.meters.withdrawSilently = true; // ONOS sends the withdrawal of meter 1 nowhere: no stats reply comes
        h.meterStatsPoll();
        assertEquals(OptionalLong.of(4000), limit());
        assertEquals(List.of(MeterId.meterId(1)), h.meters.withdrawn);
        assertEquals("queued while the switch settles", 2, h.meters.submitted.size());
        h.advance(AppMeters.SETTLE_MAX_MS - 1000);
        h.cycle();
        assertEquals(2, h.meters.submitted.size());
        h.advance(1000);
        h.cycle();
        assertEquals("submitted once the bound passed", List.of(8000L, 4000L, 2000L), submittedRates());
    }

    @Test
    public void aLiftSupersedesAStepStillWaitingForOnos() {
        firstLimit(8000);
        target[0] = 4000;
        h.cycle();
        assertEquals(2, h.meters.submitted.size());
        h.telemetry.silence("wifi1", 100); // the agent has been silent for longer than the fail-open delay
        h.cycle();
        assertEquals("lifted at once, not after ONOS confirmed the 4000 step", OptionalLong.empty(), limit());
        assertEquals(List.of(MeterId.meterId(2), MeterId.meterId(1)), h.meters.withdrawn);
        assertEquals(Set.of(), h.meters.switchMeters(DEV1));
        assertEquals(0, h.meters.withdrawnWhileReferenced);
    }
}
