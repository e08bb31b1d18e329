package org.mpsdn.impl.store;

import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.RegulationEvent;
import org.onosproject.store.service.TestStorageService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The regulation store on the ONOS test storage service.
 */
public class DistributedRegulationStoreTest {
    private DistributedRegulationStore store;
    private final List<RegulationEvent> events = new ArrayList<>();

    @Before
    public void setUp() {
        store = new DistributedRegulationStore();
        store.storageService = new TestStorageService();
        store.activate();
        store.setDelegate(events::add);
    }

    private static ApRegulationState state(long dl, long meter) {
        return ApRegulationState.builder("wifi1", "of:0000000000000001").limit(Direction.DOWNLINK, dl, meter)
                .occupancy(Direction.DOWNLINK, 0.42).updatedMillis(5).build();
    }

    @Test
    public void laddersAreStoredSerializableAndGoWithTheirApsState() {
        LadderRecord dl = new LadderRecord("of:0000000000000001", new long[]{100, 200, 400}, new long[]{7, -1, 9},
                new long[]{150}, new long[]{11});
        byte[] bytes = DistributedRegulationStore.SERIALIZER.encode(dl);
        assertEquals(dl, DistributedRegulationStore.SERIALIZER.decode(bytes));
        store.putState(state(5000, 3));
        store.putLadder("wifi1", "DOWNLINK", dl);
        store.putLadder("wifi10", "DOWNLINK", dl);
        assertEquals(java.util.Optional.of(dl), store.ladder("wifi1", "DOWNLINK"));
        assertFalse(store.ladder("wifi1", "UPLINK").isPresent());
        store.removeState("wifi1");
        assertFalse("the AP's ladders go with its state", store.ladder("wifi1", "DOWNLINK").isPresent());
        assertTrue("another AP's stay", store.ladder("wifi10", "DOWNLINK").isPresent());
        store.removeLadder("wifi10", "DOWNLINK");
        assertFalse(store.ladder("wifi10", "DOWNLINK").isPresent());
    }

    @Test
    public void statesAreStoredAndEventsPosted() {
        store.putState(state(5000, 3));
        store.putState(state(2500, 4));
        assertEquals(state(2500, 4), store.state("wifi1").orElseThrow());
        assertEquals(1, store.states().size());
        store.removeState("wifi1");
        assertFalse(store.state("wifi1").isPresent());
        assertEquals(List.of(RegulationEvent.Type.AP_STATE_UPDATED, RegulationEvent.Type.AP_STATE_UPDATED,
                RegulationEvent.Type.AP_STATE_REMOVED),
                events.stream().map(RegulationEvent::type).collect(java.util.stream.Collectors.toList()));
        assertEquals(2500L, events.get(1).subject().limitKbps(Direction.DOWNLINK).getAsLong());
    }

    @Test
    public void primariesMergeAndRemove() {
        store.putPrimaries(Map.of("ue1", "wifi1", "ue2", "lte1"));
        store.putPrimaries(Map.of("ue1", "lte1"));
        assertEquals(Map.of("ue1", "lte1", "ue2", "lte1"), store.primaries());
        store.removePrimaries(Set.of("ue2"));
        assertEquals(Map.of("ue1", "lte1"), store.primaries());
    }

    @Test
    public void stateSurvivesTheClusterSerializer() {
        ApRegulationState s = ApRegulationState.builder("lte1", "of:0000000000000002")
                .limit(Direction.DOWNLINK, 7000, 9).limit(Direction.UPLINK, 300, 10)
                .occupancy(Direction.UPLINK, 1.0).updatedMillis(123).build();
        byte[] bytes = DistributedRegulationStore.SERIALIZER.encode(s);
        ApRegulationState back = DistributedRegulationStore.SERIALIZER.decode(bytes);
        assertEquals(s, back);
        assertFalse(back.occupancy(Direction.DOWNLINK).isPresent());
        assertTrue(back.meterId(Direction.UPLINK).isPresent());
    }

    @Test
    public void decisionsSurviveTheClusterSerializer() {
        ApRegulationState s = ApRegulationState.builder("wifi1", "of:0000000000000001")
                .limit(Direction.DOWNLINK, 7000, 9)
                .decision(Direction.DOWNLINK, new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 3500, 54000,
                        LimitReason.DECREASE, "signal at or above its threshold: halved", 123))
                .decision(Direction.UPLINK, LimitDecision.failOpen("silent", 124)).updatedMillis(124).build();
        ApRegulationState back = DistributedRegulationStore.SERIALIZER.decode(
                DistributedRegulationStore.SERIALIZER.encode(s));
        assertEquals(s, back);
        assertEquals(LimitReason.FAIL_OPEN, back.decision(Direction.UPLINK).orElseThrow().reason());
        assertEquals(s.decision(Direction.DOWNLINK), back.decision(Direction.DOWNLINK));
        assertEquals("toBuilder keeps the decisions", s, s.toBuilder().build());
    }
}
