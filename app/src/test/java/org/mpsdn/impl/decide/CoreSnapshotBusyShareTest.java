package org.mpsdn.impl.decide;

import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.StationQueueTelemetry;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The busy share the law reads comes from the agent's empty-sample count. */
public class CoreSnapshotBusyShareTest {
    private static StationQueueTelemetry.Builder queue() {
        return StationQueueTelemetry.builder().queue(Direction.DOWNLINK, "ovs", "q1")
                .station("02:00:00:00:00:01", List.of("10.0.1.1"), "").occupancy(0.3, 20);
    }

    @Test
    public void busyShareIsTheShareOfSamplesInWhichTheQueueHeldPackets() {
        assertEquals(0.75, CoreSnapshot.busyShare(queue().emptySamples(5).build()), 1e-12);
        assertEquals(1.0, CoreSnapshot.busyShare(queue().emptySamples(0).build()), 0.0);
        assertEquals(0.0, CoreSnapshot.busyShare(queue().emptySamples(20).build()), 0.0);
        // an agent that does not count its empty samples: unknown
        assertTrue(Double.isNaN(CoreSnapshot.busyShare(queue().build())));
    }
}
