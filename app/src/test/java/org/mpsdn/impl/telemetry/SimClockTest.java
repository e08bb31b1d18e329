package org.mpsdn.impl.telemetry;

import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The test clock's executor: one-shot, periodic and cancelled tasks run at their simulated times. */
public class SimClockTest {

    @Test
    public void periodicTasksRunOnTheirGridUntilCancelledAndCallablesKeepTheirValue() throws Exception {
        SimClock clock = new SimClock(1_000);
        ScheduledExecutorService ex = clock.executor();
        List<Long> rate = new ArrayList<>();
        List<Long> delay = new ArrayList<>();
        ScheduledFuture<?> r = ex.scheduleAtFixedRate(() -> rate.add(clock.now()), 100, 500, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> d = ex.scheduleWithFixedDelay(() -> delay.add(clock.now()), 0, 700, TimeUnit.MILLISECONDS);
        ScheduledFuture<String> c = ex.schedule(() -> "done", 250, TimeUnit.MILLISECONDS);
        clock.runUntil(2_200);
        r.cancel(false);
        d.cancel(false);
        clock.runUntil(5_000);
        assertEquals(List.of(1_100L, 1_600L, 2_100L), rate);
        assertEquals(List.of(1_000L, 1_700L), delay);
        assertTrue(c.isDone());
        assertEquals("done", c.get());
    }

    @Test(expected = IllegalStateException.class)
    public void aTaskNotRunYetHasNoValue() throws Exception {
        new SimClock(0).executor().schedule(() -> "later", 10, TimeUnit.MILLISECONDS).get();
    }
}
