package org.mpsdn.core.signal;

import org.junit.Test;
import org.mpsdn.core.model.StationLoad;

import java.util.Map;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.core.Expect.assertThrows;

/** A station's backlog and its rate against its reference. */
public class Tier1DemandTest {
    private static final Map<String, Long> REF = Map.of("S", 20_000_000L);

    private static StationLoad s(long sent, double busy) {
        return new StationLoad("S", 0.2, sent).withBusyShare(busy);
    }

    @Test
    public void backloggedMeansBusyInThreeQuartersOfTheSamples() {
        assertTrue(Tier1Demand.backlogged(s(1L, 0.75)));
        assertFalse(Tier1Demand.backlogged(s(1L, 0.7)));
        assertFalse(Tier1Demand.backlogged(new StationLoad("S", 1.0, 1L))); // not reported
        assertThrows(IllegalArgumentException.class, () -> s(1L, 1.5));
    }

    @Test
    public void offReferenceOutsideFivePercentOrWithoutOne() {
        assertFalse(Tier1Demand.offReference(s(19_000_000L, 1.0), REF));
        assertFalse(Tier1Demand.offReference(s(21_000_000L, 1.0), REF));
        assertTrue(Tier1Demand.offReference(s(18_999_999L, 1.0), REF));
        assertTrue(Tier1Demand.offReference(s(21_000_001L, 1.0), REF));
        assertTrue(Tier1Demand.offReference(s(20_000_000L, 1.0), Map.of()));
        // not backlogged: its queue empties, it gets what it wants (a paced user whose demand fell)
        assertFalse(Tier1Demand.offReference(s(18_999_999L, 0.5), REF));
        assertFalse(Tier1Demand.offReference(s(30_000_000L, 0.5), REF));
        assertFalse(Tier1Demand.offReference(s(30_000_000L, 0.5), Map.of()));
        // rate unknown, or not matched to a device: never off its reference
        assertFalse(Tier1Demand.offReference(s(1L, 0.5), REF));
        assertFalse(Tier1Demand.offReference(s(StationLoad.UNKNOWN, 1.0), REF));
        assertFalse(Tier1Demand.offReference(new StationLoad(null, 0.2, 1L).withBusyShare(1.0), REF));
    }
}
