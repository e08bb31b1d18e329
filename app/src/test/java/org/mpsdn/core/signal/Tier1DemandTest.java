package org.mpsdn.core.signal;

import org.junit.Test;
import org.mpsdn.core.LawMemory;
import org.mpsdn.core.model.StationLoad;

import java.util.Map;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/** A station's backlog and its rate against its reference. */
public class Tier1DemandTest {
    private static final LawMemory REF = refs(Map.of("S", 20_000_000L));
    private static final LawMemory NONE = LawMemory.NONE;

    private static LawMemory refs(Map<String, Long> references) {
        return LawMemory.of(Double.NaN, -1L, Map.of(), Map.of(), references);
    }

    /** S sent {@code atDecrease} over the window of the last cycle's decrease; no reference. */
    private static LawMemory decreasedAt(long atDecrease) {
        return LawMemory.of(Double.NaN, atDecrease, Map.of(), Map.of(), Map.of(), Map.of("S", atDecrease));
    }

    private static StationLoad s(long sent, double busy) {
        return new StationLoad("S", 0.2, sent).withBusyShare(busy);
    }

    @Test
    public void backloggedMeansBusyInThreeQuartersOfTheSamples() {
        assertTrue(Tier1Demand.backlogged(s(1L, 0.75)));
        assertFalse(Tier1Demand.backlogged(s(1L, 0.7)));
        assertFalse(Tier1Demand.backlogged(new StationLoad("S", 1.0, 1L))); // not reported
        // a packet or two in the queue in every sample is no standing queue: served as its packets arrive
        assertFalse(Tier1Demand.backlogged(new StationLoad("S", 0.03, 1L).withBusyShare(1.0)));
        assertTrue(Tier1Demand.backlogged(new StationLoad("S", 0.05, 1L).withBusyShare(1.0)));
        assertThrows(IllegalArgumentException.class, () -> s(1L, 1.5));
    }

    @Test
    public void offReferenceOutsideFivePercentOrWithoutOne() {
        assertFalse(Tier1Demand.offReference(s(19_000_000L, 1.0), REF));
        assertFalse(Tier1Demand.offReference(s(21_000_000L, 1.0), REF));
        assertTrue(Tier1Demand.offReference(s(18_999_999L, 1.0), REF));
        assertTrue(Tier1Demand.offReference(s(21_000_001L, 1.0), REF));
        assertTrue(Tier1Demand.offReference(s(20_000_000L, 1.0), NONE));
        // not backlogged: its queue empties, it gets what it wants (a paced user whose demand fell)
        assertFalse(Tier1Demand.offReference(s(18_999_999L, 0.5), REF));
        assertFalse(Tier1Demand.offReference(s(30_000_000L, 0.5), REF));
        assertFalse(Tier1Demand.offReference(s(30_000_000L, 0.5), NONE));
        // rate unknown, or not matched to a device: never off its reference
        assertFalse(Tier1Demand.offReference(s(1L, 0.5), REF));
        assertFalse(Tier1Demand.offReference(s(StationLoad.UNKNOWN, 1.0), REF));
        assertFalse(Tier1Demand.offReference(new StationLoad(null, 0.2, 1L).withBusyShare(1.0), REF));
    }

    @Test
    public void aStationThatDoesNotTakeWhatADecreaseGaveBackIsAtItsReference() {
        // it sent 12.5 Mb/s at the decrease; less than 10 % more now: shown served, not held back though it has none
        assertFalse(Tier1Demand.offReference(s(12_500_000L, 1.0), decreasedAt(12_500_000L)));
        assertFalse(Tier1Demand.offReference(s(13_749_000L, 1.0), decreasedAt(12_500_000L)));
        assertTrue(Tier1Demand.shownServed(s(11_000_000L, 1.0), Map.of("S", 12_500_000L)));
        // 10 % more or above: it took the air time, so Tier 2 squeezed it; without a reference it is held back
        assertTrue(Tier1Demand.offReference(s(13_800_000L, 1.0), decreasedAt(12_500_000L)));
        assertFalse(Tier1Demand.shownServed(s(13_800_000L, 1.0), Map.of("S", 12_500_000L)));
        // another station's rate at the decrease says nothing about S
        assertFalse(Tier1Demand.shownServed(s(12_500_000L, 1.0), Map.of("T", 12_500_000L)));
        assertFalse(Tier1Demand.shownServed(s(StationLoad.UNKNOWN, 1.0), Map.of("S", 12_500_000L)));
    }
}
