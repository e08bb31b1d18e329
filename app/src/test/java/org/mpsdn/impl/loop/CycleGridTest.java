package org.mpsdn.impl.loop;

import org.junit.Test;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The fixed-rate loop skips the runs it fell behind on after a long cycle instead of running them
 * back to back.
 */
public class CycleGridTest {
    private static final long P = 2_000_000_000L;

    @Test
    public void aLongCycleIsFollowedByTheNextOnTheGridNotByABurst() {
        CycleGrid grid = new CycleGrid(P);
        assertTrue(grid.due(P));
        // that cycle took 3.5 periods: the executor runs the three runs it fell behind on at once
        assertTrue("the run due during the long cycle starts when it ends", grid.due(4 * P + P / 2));
        assertFalse(grid.due(4 * P + P / 2 + 1_000_000));
        assertFalse(grid.due(4 * P + P / 2 + 2_000_000));
        assertTrue("back on the grid", grid.due(5 * P));
        assertTrue(grid.due(6 * P + 5_000_000)); // timer slack
        assertTrue(grid.due(7 * P));
    }
}
