package org.mpsdn.impl.weights;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Tests of the floor state the weights read from the regulation decisions.
 */
public class FloorHoldsTest {

    private static ApRegulationState ap(String id, Direction d, LimitReason reason) {
        LimitDecision dec = new LimitDecision(SignalSource.TIER1_STATIONS, 0.6, 0.4, 100, 50_000, reason, "", 0);
        return ApRegulationState.builder(id, "of:1").limit(d, 100, 1).decision(d, dec).build();
    }

    @Test
    public void aFloorDecisionEntersInItsDirection() {
        Set<String> s = FloorHolds.next(List.of(ap("wifi", Direction.DOWNLINK, LimitReason.FLOOR)), Set.of());
        assertEquals(Set.of("wifi/DOWNLINK"), s);
        assertTrue(FloorHolds.anyDirection(s, "wifi"));
        assertFalse(FloorHolds.anyDirection(s, "lte"));
    }

    @Test
    public void holdsKeepTheFloorAndAnIncreaseLeavesIt() {
        Set<String> s = FloorHolds.next(List.of(ap("lte", Direction.UPLINK, LimitReason.FLOOR)), Set.of());
        s = FloorHolds.next(List.of(ap("lte", Direction.UPLINK, LimitReason.HOLD)), s);
        assertTrue(FloorHolds.anyDirection(s, "lte"));
        s = FloorHolds.next(List.of(ap("lte", Direction.UPLINK, LimitReason.INCREASE)), s);
        assertFalse(FloorHolds.anyDirection(s, "lte"));
    }

    @Test
    public void aHoldOrADecreaseAloneIsNotTheFloor() {
        assertEquals(Set.of(), FloorHolds.next(List.of(ap("wifi", Direction.DOWNLINK, LimitReason.HOLD),
                ap("lte", Direction.DOWNLINK, LimitReason.DECREASE)), Set.of()));
    }

    @Test
    public void failOpenAndAMissingDecisionLeaveIt() {
        Set<String> before = Set.of("wifi/DOWNLINK", "lte/DOWNLINK");
        ApRegulationState open = ApRegulationState.builder("wifi", "of:1")
                .decision(Direction.DOWNLINK, LimitDecision.failOpen("silent", 0)).build();
        ApRegulationState none = ApRegulationState.builder("lte", "of:2").build();
        assertEquals(Set.of(), FloorHolds.next(List.of(open, none), before));
    }
}
