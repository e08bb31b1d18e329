package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.StreamPosition;
import org.mpsdn.agent.v1.StreamStatusRequest;

import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The controller's side of the status streams against in-process agents: the schedule asked for,
 * resumption after a broken stream and after an agent restart, the windows counted as missed, the
 * fall-back to polling, and subscriptions following the agents this instance owns.
 */
public class AgentStreamTest {
    /** A cycle start on the 1 s schedule; windows end 100 ms before each cycle. */
    private static final long T = 1_800_000_000_000L;
    private static final long PERIOD = 1000;

    private final AtomicLong clock = new AtomicLong(T);
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    private FakeStreamAgent agent;
    private AgentPoller poller;

    @Before
    public void setUp() throws Exception {
        agent = new FakeStreamAgent("ap1");
        poller = new AgentPoller(new PollerConfig(PERIOD, 200, 10, true, 100), FakeAgents.clients(), clock::get);
        poller.setAgents(List.of(FakeAgents.endpoint("ap1")));
        poller.startStreams(executor);
    }

    @After
    public void tearDown() {
        poller.close();
        agent.close();
        executor.shutdownNow();
    }

    private static ApStatus window(long boot, long seq, long endMs) {
        return FakeAgents.status("ap1", boot, seq, 0.5).toBuilder().setWindowEndUnixMs(endMs).build();
    }

    /**
     * Waits (at most 10 s) until the condition holds; not a timing assertion.
     *
     * @param what what is awaited
     * @param cond the condition
     * @throws InterruptedException when interrupted
     */
    private static void await(String what, BooleanSupplier cond) throws InterruptedException {
        for (int i = 0; i < 1000 && !cond.getAsBoolean(); i++) {
            Thread.sleep(10);
        }
        assertTrue(what, cond.getAsBoolean());
    }

    private void pushAndWait(ApStatus st) throws InterruptedException {
        long before = poller.counters().streamed() + poller.counters().droppedOutOfOrder();
        agent.push(st);
        await("status taken", () -> poller.counters().streamed() + poller.counters().droppedOutOfOrder() > before);
    }

    private Set<String> cycleAt(long t) {
        clock.set(t);
        return poller.refresh(300);
    }

    @Test
    public void resumesAfterABrokenStreamAndAnAgentRestartWithNoDuplicateAndCountsTheGap() throws Exception {
        StreamStatusRequest first = agent.nextRequest();
        assertEquals(PERIOD, first.getPeriodMs());
        assertEquals(900, first.getPhaseMs());
        assertFalse(first.hasResumeAfter());

        pushAndWait(window(7, 1, T - 100));
        assertEquals(Set.of(), cycleAt(T));
        assertEquals(1, poller.latest("ap1").orElseThrow().sequence());
        pushAndWait(window(7, 2, T + 900));
        assertEquals(Set.of(), cycleAt(T + 1000));

        // the stream breaks; the controller resumes after the last status it took
        agent.fail(Status.UNAVAILABLE);
        StreamStatusRequest resumed = agent.nextRequest();
        assertEquals(StreamPosition.newBuilder().setBootId(7).setSequence(2).build(), resumed.getResumeAfter());
        pushAndWait(window(7, 2, T + 900)); // a duplicate is not taken again
        pushAndWait(window(7, 3, T + 1900));
        assertEquals(Set.of(), cycleAt(T + 2000));
        assertEquals(3, poller.counters().streamed());
        assertEquals(1, poller.counters().droppedOutOfOrder());
        assertEquals(0, poller.stream("ap1").missedWindows());

        // the agent restarts (new boot id, sequence from 1) and misses two windows while down
        agent.fail(Status.UNAVAILABLE);
        agent.nextRequest();
        assertEquals(Set.of("ap1"), cycleAt(T + 3000));
        assertEquals(1, poller.missedCycles("ap1"));
        assertFalse(poller.latest("ap1").isPresent());
        pushAndWait(window(9, 1, T + 4900));
        assertEquals(Set.of(), cycleAt(T + 5000));
        assertEquals(1, poller.latest("ap1").orElseThrow().sequence());
        assertEquals(0, poller.missedCycles("ap1"));
        assertEquals(2, poller.stream("ap1").missedWindows());
        assertEquals(4, poller.counters().streamed());
        assertEquals(0, poller.counters().calls());
    }

    @Test
    public void aCycleWaitsForTheWindowThatEndsBeforeItStarts() throws Exception {
        agent.nextRequest();
        pushAndWait(window(7, 1, T - 1100)); // the previous cycle's window
        Thread pusher = new Thread(() -> {
            try {
                Thread.sleep(50);
                agent.push(window(7, 2, T - 100));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        pusher.start();
        clock.set(T);
        assertEquals(Set.of(), poller.refresh(10_000));
        pusher.join();
        assertEquals(2, poller.latest("ap1").orElseThrow().sequence());
    }

    @Test
    public void cyclesOffTheScheduleMoveItToTheirPhaseAtMostEveryFourCycles() throws Exception {
        assertEquals(900, agent.nextRequest().getPhaseMs());
        cycleAt(T + 500); // the first cycle starts half a period off: subscribe again at once
        assertEquals(400, agent.nextRequest().getPhaseMs());
        cycleAt(T + 1510); // within the tolerance
        cycleAt(T + 2700); // one cycle off is not enough
        cycleAt(T + 3700); // two are, but the last re-phase was 3 cycles ago
        assertEquals(0, agent.waitingRequests());
        cycleAt(T + 4700);
        assertEquals(600, agent.nextRequest().getPhaseMs());
        assertEquals(2, poller.counters().streamRephases());
    }

    @Test
    public void theOldSubscriptionServesUntilTheNewPhasesDelivers() throws Exception {
        agent.nextRequest();
        pushAndWait(window(7, 1, T - 100));
        assertEquals(Set.of(), cycleAt(T + 500)); // re-phases, and decides on the old schedule's window
        assertEquals(400, agent.nextRequest().getPhaseMs());
        assertEquals(0, agent.cancelled());
        assertTrue(poller.stream("ap1").streams());

        // the new schedule has no window yet (the agent starts it at its next window end): the old serves
        agent.pushTo(0, window(7, 2, T + 900));
        await("old stream's window taken", () -> poller.counters().streamed() == 2);
        assertEquals(Set.of(), cycleAt(T + 1500));
        assertEquals(2, poller.latest("ap1").orElseThrow().sequence());
        assertEquals(0, agent.cancelled());

        // the new one delivers: it takes over and the old one is cancelled
        agent.pushTo(1, window(7, 3, T + 1400));
        await("old stream cancelled", () -> agent.cancelled() == 1);
        assertEquals(3, poller.counters().streamed());
        pushAndWait(window(7, 4, T + 2400));
        assertEquals(Set.of(), cycleAt(T + 2500));
        assertEquals(4, poller.latest("ap1").orElseThrow().sequence());
        assertEquals(0, poller.counters().missedReports());
        assertEquals(1, poller.counters().streamRephases());
    }

    @Test
    public void theOwnerAloneSubscribes() throws Exception {
        agent.nextRequest();
        assertTrue(poller.stream("ap1").streams());
        poller.setAgents(List.of()); // ownership moved away: the stream is cancelled
        await("stream cancelled", () -> agent.cancelled() == 1);
        assertFalse(poller.stream("ap1").streams());
        poller.setAgents(List.of(FakeAgents.endpoint("ap1"))); // and back: subscribe again
        agent.nextRequest();
        assertTrue(poller.stream("ap1").streams());
    }

    @Test
    public void anAgentThatCannotStreamIsPolled() throws Exception {
        try (FakeAgents old = new FakeAgents()) {
            old.add("ap2", req -> FakeAgents.status("ap2", 5, 1, 0.2));
            poller.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap2")));
            await("fell back", () -> poller.counters().streamFallbacks() == 1);
            assertFalse(poller.stream("ap2").streams());
            assertTrue(poller.stream("ap1").streams());
            agent.nextRequest();
            pushAndWait(window(7, 1, T - 100));
            assertEquals(Set.of(), cycleAt(T));
            assertEquals(1, poller.counters().calls());
            assertEquals(0.2, poller.latest("ap2").orElseThrow().occupancy(
                    org.mpsdn.api.model.Direction.DOWNLINK).getAsDouble(), 0.0);
        }
    }
}
