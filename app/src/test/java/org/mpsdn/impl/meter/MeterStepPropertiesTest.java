package org.mpsdn.impl.meter;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.impl.config.ApSpec;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.meter.MeterId;

import java.util.EnumSet;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

/**
 * jqwik: deciding from the pending target (mpsdn), a waiting step is superseded only by a decrease to or
 * below the limit in force, never by an increase or a hold computed from its own target.
 */
class MeterStepPropertiesTest {
    private static final ApSpec AP = new ApSpec("wifi1", ApKind.WIFI, DeviceId.deviceId("of:0000000000000001"),
            PortNumber.portNumber(1), PortNumber.portNumber(2), 54_000, "10.0.0.1:50051",
            EnumSet.of(Direction.DOWNLINK), OptionalDouble.empty(), OptionalDouble.empty(), OptionalLong.empty());

    @Property(tries = 500)
    void anIncreaseOrHoldFromThePendingTargetNeverSupersedesIt(
            @ForAll @LongRange(min = 1, max = 1_000_000) long inForce,
            @ForAll @LongRange(min = 1, max = 1_000_000) long pending,
            @ForAll @LongRange(min = 0, max = 1_000_000) long increase) {
        MeterStep step = new MeterStep(AP, Direction.DOWNLINK, pending, MeterId.meterId(9), 0L);
        long target = step.latestTarget().getAsLong() + increase;
        assertFalse(step.supersededBy(target, OptionalLong.of(inForce)));
    }

    @Property(tries = 500)
    void aWaitingRaiseGivesWayExactlyToATargetAtOrBelowTheLimitInForce(
            @ForAll @LongRange(min = 1, max = 1_000_000) long inForce,
            @ForAll @LongRange(min = 1, max = 1_000_000) long raise,
            @ForAll @LongRange(min = 1, max = 2_000_000) long target) {
        long pending = inForce + raise;
        MeterStep step = new MeterStep(AP, Direction.DOWNLINK, pending, MeterId.meterId(9), 0L);
        assertEquals(target <= inForce, step.supersededBy(target, OptionalLong.of(inForce)));
    }
}
