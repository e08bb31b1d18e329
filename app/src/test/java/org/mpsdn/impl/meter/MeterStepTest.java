package org.mpsdn.impl.meter;

import org.junit.Test;
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
import static org.junit.Assert.assertTrue;

/**
 * A step's newest target (what the mpsdn profile decides from while ONOS has not confirmed it) and
 * when a newer target supersedes it.
 */
public class MeterStepTest {
    private static final ApSpec AP = new ApSpec("wifi1", ApKind.WIFI, DeviceId.deviceId("of:0000000000000001"),
            PortNumber.portNumber(1), PortNumber.portNumber(2), 54_000, "10.0.0.1:50051",
            EnumSet.of(Direction.DOWNLINK), OptionalDouble.empty(), OptionalDouble.empty(), OptionalLong.empty());

    private static MeterStep waiting(long rateKbps) {
        return new MeterStep(AP, Direction.DOWNLINK, rateKbps, MeterId.meterId(7), 0L);
    }

    @Test
    public void latestTargetIsTheQueuedOneElseTheStepsAndNoneForALift() {
        MeterStep s = waiting(5_000L);
        assertEquals(OptionalLong.of(5_000L), s.latestTarget());
        s.next = 8_000L;
        s.hasNext = true;
        assertEquals(OptionalLong.of(8_000L), s.latestTarget());
        s.next = MeterStep.LIFT;
        assertEquals(OptionalLong.empty(), s.latestTarget());
        assertEquals(OptionalLong.empty(), new MeterStep(AP, Direction.DOWNLINK, MeterStep.LIFT, null, 0L)
                .latestTarget());
    }

    @Test
    public void aRaiseGivesWayOnlyToATargetAtOrBelowTheLimitInForce() {
        MeterStep raise = waiting(5_000L);
        // deciding from the pending 5 Mb/s, an increase or a hold never supersedes it
        assertFalse(raise.supersededBy(5_000L, OptionalLong.of(1_000L)));
        assertFalse(raise.supersededBy(9_000L, OptionalLong.of(1_000L)));
        assertFalse(raise.supersededBy(2_000L, OptionalLong.of(1_000L)));
        // a congestion decrease to or below the limit in force does
        assertTrue(raise.supersededBy(500L, OptionalLong.of(1_000L)));
        assertTrue(raise.supersededBy(MeterStep.LIFT, OptionalLong.of(1_000L)));
    }
}
