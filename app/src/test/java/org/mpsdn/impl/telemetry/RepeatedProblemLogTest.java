package org.mpsdn.impl.telemetry;

import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * A repeated problem is logged once, then once a minute with the number of times it came since.
 */
public class RepeatedProblemLogTest {
    private final List<String> lines = new ArrayList<>();
    private final AtomicLong nanos = new AtomicLong(5);
    private final RepeatedProblemLog log =
            new RepeatedProblemLog(lines::add, nanos::get, RepeatedProblemLog.DEFAULT_REPEAT_NANOS);

    @Test
    public void loggedOnceThenOnceAMinuteWithACount() {
        assertTrue(log.problem("UNAVAILABLE", "ap1 failed"));
        for (int i = 0; i < 100; i++) {
            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(500));
            log.problem("UNAVAILABLE", "ap" + i + " failed");
        }
        assertEquals(1, lines.size());
        assertTrue(lines.get(0), lines.get(0).startsWith("ap1 failed (logged again at most every 60 s"));
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(10));
        assertTrue(log.problem("UNAVAILABLE", "ap7 failed"));
        assertEquals("ap7 failed (101 times in the last 60 s)", lines.get(1));
        assertFalse(log.problem("UNAVAILABLE", "ap8 failed"));
        assertTrue("another problem is logged at once", log.problem("RESOURCE_EXHAUSTED", "ap2 refused"));
        assertEquals(3, lines.size());
    }
}
