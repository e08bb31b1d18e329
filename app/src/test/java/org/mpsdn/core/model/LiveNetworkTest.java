package org.mpsdn.core.model;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * {@link LiveNetwork}: flows waiting for their connection, handles, and bad input.
 */
public class LiveNetworkTest {
    private static final AccessPoint W1 = new AccessPoint("W1", ApKind.WIFI, 54_000_000);

    private static Flow flow(String ue, int port) {
        return new Flow(FlowKey.of("192.0.2.1", 80, "10.0.0.1", port, 6), Direction.DOWNLINK, ue, "W1", 100, 1,
                false);
    }

    @Test
    public void flowIsDroppedUntilItsConnectionExistsAndKeptAfter() {
        LiveNetwork live = new LiveNetwork();
        live.putAp(W1);
        live.putUe(new UserEquipment("M", true));
        int h = live.addFlow(flow("M", 1000));
        NetworkSnapshot before = live.snapshot().snapshot();
        assertEquals(0, before.flowCount());
        assertEquals(1, before.droppedFlows());

        live.putConnection(new Connection("M", "W1", -50, 54_000_000));
        live.updateFlow(h, 5000, 10, true, 1_000_000);
        LiveSnapshot after = live.snapshot();
        assertEquals(1, after.snapshot().flowCount());
        assertEquals(h, after.flowHandle(0));
        assertEquals(new Flow(flow("M", 1000).key(), Direction.DOWNLINK, "M", "W1", 5000, 10, true, 1_000_000),
                after.snapshot().flow(0));
        assertTrue(after.snapshot().flowAckStream(0));

        live.removeConnection("M", "W1");
        assertEquals(0, live.snapshot().snapshot().flowCount());
        assertEquals("an earlier snapshot does not change", 0, before.flowCount());
    }

    @Test
    public void unchangedFlowIsTheObjectAdded() {
        LiveNetwork live = new LiveNetwork();
        live.replaceDevices(List.of(W1), List.of(new UserEquipment("S", false)),
                List.of(new Connection("S", "W1", -50, 54_000_000)));
        Flow f = flow("S", 1000);
        live.addFlow(f);
        assertSame(f, live.snapshot().snapshot().flow(0));
    }

    @Test
    public void removedHandleIsRejectedAndReused() {
        LiveNetwork live = new LiveNetwork();
        int h = live.addFlow(flow("S", 1000));
        live.removeFlow(h);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> live.updateFlow(h, 1, 1, false, -1));
        assertEquals("handle must be a flow's, was " + h, e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> live.removeFlow(h));
        assertThrows(IllegalArgumentException.class, () -> live.removeFlow(-1));
        assertEquals(h, live.addFlow(flow("S", 1001)));
        assertEquals(1, live.flowCount());
    }

    @Test
    public void badCountersAndDuplicatePartsAreRejected() {
        LiveNetwork live = new LiveNetwork();
        int h = live.addFlow(flow("S", 1000));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> live.updateFlow(h, -1, 1, false, -1));
        assertTrue(e.getMessage(), e.getMessage().startsWith("bytes must be in"));
        assertThrows(IllegalArgumentException.class, () -> live.updateFlow(h, 1, 1, false, -2));
        e = assertThrows(IllegalArgumentException.class, () -> live.replaceDevices(List.of(W1, W1), List.of(),
                List.of()));
        assertEquals("duplicate access point id \"W1\"", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> live.replaceDevices(List.of(), List.of(),
                List.of(new Connection("S", "W1", -50, 1), new Connection("S", "W1", -60, 1))));
        assertThrows(IllegalArgumentException.class, () -> live.addFlow(null));
    }
}
