package org.mpsdn.impl.telemetry;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The streams' schedule against the cycles that use it, on a fake clock with simulated agents that
 * follow the Go agent's schedule rules ({@link SimStreamAgent}: a new schedule starts at its next
 * window end, a dropped one lingers 8 windows, at most 4 at once, else RESOURCE_EXHAUSTED). Cycles
 * run as the regulation loop's: each refreshes the telemetry with the loop's bound (a quarter of the
 * period), then works a little.
 * <p>
 * The lab's failure (issue 39): cycles with a fixed delay drift off the streams' wall-clock windows,
 * two cycles off re-phased every stream, and a re-phase that cancelled the streams before the new
 * schedule delivered made that cycle miss every AP and wait out its bound, which added to the drift;
 * the dropped schedules then ran the agents out of schedules. Re-phases are now make-before-break and
 * at least 4 cycles apart, and the loop runs at a fixed rate.
 */
public class AgentStreamPhaseTest {
    private static final long PERIOD = 2000;
    /** The regulation loop's wait for the telemetry (RegulationCycle.REFRESH_SHARE: a quarter). */
    private static final long BOUND = PERIOD / 4;
    private static final long T0 = 1_800_000_000_123L;
    private static final int CYCLES = 100;

    /** How the loop schedules its cycles. */
    private enum Loop { FIXED_RATE, FIXED_DELAY }

    private final SimClock clock = new SimClock(T0);
    private final Map<String, SimStreamAgent> sims = new LinkedHashMap<>();
    private final Random random = new Random(39);
    private AgentPoller poller;

    @Before
    public void setUp() {
        List<AgentEndpoint> eps = new ArrayList<>();
        for (String ap : List.of("ap1", "ap2", "ap3")) {
            sims.put(ap, new SimStreamAgent(clock, ap));
            eps.add(FakeAgents.endpoint(ap));
        }
        poller = new AgentPoller(new PollerConfig(PERIOD, 500, 10, true, 100), ep -> sims.get(ep.apId()),
                clock::now, clock.waiter());
        poller.setAgents(eps);
        poller.startStreams(clock.executor());
    }

    @After
    public void tearDown() {
        poller.close();
    }

    /**
     * Runs the cycles as the loop does: each refreshes the telemetry, then works 30-80 ms; the next
     * starts one period later (up to 8 ms of timer slack) after the last one started (fixed rate) or
     * ended (fixed delay). The loop starts 3.2 s after the poller, off the streams' first phase.
     *
     * @return reports missed from the second cycle on
     */
    private long run(Loop loop) {
        long grid = T0 + 3217;
        long start = grid;
        long missedInFirst = 0;
        for (int k = 0; k < CYCLES; k++) {
            clock.runUntil(start);
            poller.refresh(BOUND);
            if (k == 0) {
                missedInFirst = poller.counters().missedReports();
            }
            clock.runUntil(clock.now() + 30 + random.nextInt(51));
            grid += PERIOD;
            long slack = random.nextInt(9);
            start = (loop == Loop.FIXED_RATE ? Math.max(grid, clock.now()) : clock.now() + PERIOD) + slack;
        }
        long missed = poller.counters().missedReports() - missedInFirst;
        System.out.println(loop + ": missed " + missed + " of " + (CYCLES - 1) * sims.size()
                + " reports after the first cycle; re-phases " + poller.counters().streamRephases()
                + ", stream restarts " + poller.counters().streamRestarts() + ", refusals " + refusals());
        return missed;
    }

    private int refusals() {
        return sims.values().stream().mapToInt(SimStreamAgent::refusals).sum();
    }

    @Test
    public void atTheLoopsFixedRateNoReportIsMissedAndTheAgentsNeverRefuse() {
        assertEquals(0, run(Loop.FIXED_RATE));
        assertEquals(0, refusals());
        assertEquals(0, poller.counters().streamRestarts());
        assertEquals("the first cycle alone re-phases", 1, poller.counters().streamRephases());
        sims.values().forEach(s -> assertEquals(1, s.open()));
    }

    @Test
    public void cyclesThatDriftRephaseMakeBeforeBreakMissNoReportAndTheAgentsNeverRefuse() {
        assertEquals(0, run(Loop.FIXED_DELAY));
        assertEquals(0, refusals());
        assertEquals(0, poller.counters().streamRestarts());
        long rephases = poller.counters().streamRephases();
        assertTrue("the cycles drifted: " + rephases + " re-phases", rephases > CYCLES / 10);
        assertTrue(rephases + " re-phases, fewer than 4 cycles apart",
                rephases <= 1 + (CYCLES - 1) / StreamPhase.MIN_CYCLES_APART);
        sims.values().forEach(s -> assertTrue(s.open() <= 2));
    }

    @Test
    public void theOldScheduleServesTheCyclesUntilTheNewOneDelivers() {
        clock.runUntil(T0 + 3217);
        poller.refresh(BOUND); // the first cycle re-phases
        assertEquals(1, poller.counters().streamRephases());
        assertEquals(0, poller.counters().missedReports());
        for (SimStreamAgent s : sims.values()) {
            assertEquals("old and new subscriptions", 2, s.open());
            assertEquals(0, s.cancels());
        }
        // the new schedule's first window ends 100 ms before the next cycle: then the old one is cancelled
        clock.runUntil(T0 + 3217 + PERIOD - 100 + SimStreamAgent.LATENCY_MS);
        for (SimStreamAgent s : sims.values()) {
            assertEquals(1, s.open());
            assertEquals(1, s.cancels());
        }
        clock.runUntil(T0 + 3217 + PERIOD);
        poller.refresh(BOUND);
        assertEquals(0, poller.counters().missedReports());
        sims.keySet().forEach(ap -> assertTrue(ap, poller.latest(ap).isPresent()));
    }
}
