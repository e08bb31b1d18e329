package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.Station;
import org.mpsdn.agent.v1.WindowMode;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Poller behaviour against in-process fake agents.
 */
public class AgentPollerTest {
    private FakeAgents fakes;
    private AgentPoller poller;
    private final AtomicLong seq = new AtomicLong();

    @Before
    public void setUp() throws Exception {
        fakes = new FakeAgents();
        fakes.add("ap1", req -> FakeAgents.status("ap1", 7, seq.incrementAndGet(), 0.9));
        fakes.add("ap2", req -> FakeAgents.status("ap2", 9, seq.incrementAndGet(), 0.1));
        fakes.add("slow", req -> null);
        poller = new AgentPoller(new PollerConfig(2000, 1000, 30), FakeAgents.clients(), () -> 42L);
    }

    @After
    public void tearDown() {
        poller.close();
        fakes.close();
    }

    @Test
    public void pollsAllAgentsConcurrentlyWithDeadlines() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap2"),
                FakeAgents.endpoint("slow")));
        PollCycleStats r = poller.pollOnce();
        assertEquals(3, r.polled());
        assertEquals(2, r.accepted());
        ApTelemetry t = poller.latest("ap1").orElseThrow();
        assertEquals(0.9, t.occupancy(Direction.DOWNLINK).getAsDouble(), 0.0);
        assertEquals(20_000_000L, t.capacityBps());
        assertEquals(42L, t.receivedAtMillis());
        assertEquals(0, poller.missedCycles("ap1"));
        assertEquals(1, poller.missedCycles("slow"));
        assertFalse(poller.latest("slow").isPresent());
        assertEquals(1, poller.counters().deadlineExceeded());
        // The cycle is bounded by the deadline, not by the hanging agent.
        assertTrue("cycle took " + r.durationNanos() / 1e6 + " ms", r.durationNanos() < 5_000_000_000L);
    }

    @Test
    public void refreshWaitsAtMostTheBoundAndIsolatesAHangingAgent() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap2"),
                FakeAgents.endpoint("slow")));
        long t0 = System.nanoTime();
        Set<String> late = poller.refresh(200);
        long tookMs = (System.nanoTime() - t0) / 1_000_000L;
        assertEquals(Set.of("slow"), late);
        // bounded by the 200 ms bound, not by the hanging agent's 1000 ms deadline
        assertTrue("refresh took " + tookMs + " ms", tookMs < 900);
        assertEquals(0.9, poller.latest("ap1").orElseThrow().occupancy(Direction.DOWNLINK).getAsDouble(), 0.0);
        assertEquals(0.1, poller.latest("ap2").orElseThrow().occupancy(Direction.DOWNLINK).getAsDouble(), 0.0);
        assertFalse(poller.latest("slow").isPresent());
        assertEquals(1, poller.missedCycles("slow"));
        assertEquals(1, poller.counters().refreshTimeouts());
        assertEquals(1L, poller.counters().asMap().get("refreshTimeouts").longValue());
        // every agent answers: none is late, nothing more counted
        fakes.script("slow", req -> FakeAgents.status("slow", 3, seq.incrementAndGet(), 0.5));
        assertEquals(Set.of(), poller.refresh(2000));
        assertEquals(0, poller.missedCycles("slow"));
        assertEquals(1, poller.counters().refreshTimeouts());
    }

    @Test
    public void aPollerThatDoesNotStreamCountsNoRephase() {
        // a lab run with streams off (at 9d2f61a) showed streamRephases 1 and logged "Status streams re-phased":
        // the phase follows the cycles, but with no stream open nothing is subscribed again
        long t = 1_800_000_000_000L;
        AtomicLong clock = new AtomicLong(t);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try (AgentPoller p = new AgentPoller(new PollerConfig(2000, 1000, 30), FakeAgents.clients(), clock::get)) {
            p.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap2")));
            p.startStreams(executor);
            for (int i = 0; i < 6; i++) {
                clock.set(t + 700 + i * 2000L); // at a fixed rate, 700 ms off the phase the poller began with
                assertEquals(Set.of(), p.refresh(1000));
            }
            assertEquals(0, p.counters().streamRephases());
            assertEquals(12, p.counters().calls());
            assertEquals(12, p.counters().accepted());
            assertEquals(0, p.counters().streamed());
            assertFalse(p.stream("ap1").streams());
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    public void thePeriodicPollStandsAsideWhileRefreshesCome() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1")));
        poller.pollSafely();
        assertEquals("no refresh yet: the schedule polls", 1, poller.counters().cycles());
        poller.refresh(1000);
        assertEquals(2, poller.counters().cycles());
        poller.pollSafely();
        assertEquals("a refresh came within 1.5 intervals: no poll", 2, poller.counters().cycles());
    }

    @Test
    public void aRefreshReadsTheWindowEndingNow() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1")));
        List<GetStatusRequest> asked = new CopyOnWriteArrayList<>();
        fakes.script("ap1", req -> {
            asked.add(req);
            return FakeAgents.status("ap1", 7, seq.incrementAndGet(), 0.4);
        });
        poller.refresh(1000);
        assertEquals(1, asked.size());
        assertEquals(WindowMode.WINDOW_MODE_SLIDING, asked.get(0).getWindowMode());
        assertEquals(2000, asked.get(0).getMaxWindowMs());
    }

    @Test
    public void outOfOrderAndOldReportsAreDropped() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1")));
        fakes.script("ap1", req -> FakeAgents.status("ap1", 7, 5, 0.5));
        assertEquals(1, poller.pollOnce().accepted());
        fakes.script("ap1", req -> FakeAgents.status("ap1", 7, 4, 0.9)); // older
        assertEquals(0, poller.pollOnce().accepted());
        fakes.script("ap1", req -> FakeAgents.status("ap1", 7, 5, 0.9)); // repeated
        assertEquals(0, poller.pollOnce().accepted());
        assertEquals(2, poller.counters().droppedOutOfOrder());
        assertEquals(2, poller.missedCycles("ap1"));
        assertEquals(0.5, poller.lastAccepted("ap1").orElseThrow().occupancy(Direction.DOWNLINK).getAsDouble(), 0);
        // An agent restart (new boot id) restarts the sequence.
        fakes.script("ap1", req -> FakeAgents.status("ap1", 8, 1, 0.7));
        assertEquals(1, poller.pollOnce().accepted());
        assertEquals(0, poller.missedCycles("ap1"));
        assertEquals(1L, poller.latest("ap1").orElseThrow().sequence());
    }

    @Test
    public void valuesAreClampedAndBadReportsRejected() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1")));
        fakes.script("ap1", req -> FakeAgents.status("ap1", 7, 1, 1.7).toBuilder()
                .setCapacityBps(-1L) // uint64 max on the wire
                .addStations(Station.newBuilder().setMac("AA:BB:CC:DD:EE:FF").setRssiDbm(-300)
                        .setTxPhyRateBps(-5L).addIps("10.0.0.2"))
                .build());
        assertEquals(1, poller.pollOnce().accepted());
        ApTelemetry t = poller.latest("ap1").orElseThrow();
        assertEquals(1.0, t.occupancy(Direction.DOWNLINK).getAsDouble(), 0);
        assertEquals(StatusSanitizer.MAX_RATE_BPS, t.capacityBps());
        assertEquals("aa:bb:cc:dd:ee:ff", t.stations().get(0).mac());
        assertEquals(-120.0, t.stations().get(0).rssiDbm(), 0);
        assertEquals(StatusSanitizer.MAX_RATE_BPS, t.stations().get(0).txPhyRateBps());
        assertEquals(4, poller.counters().clampedValues());

        fakes.script("ap1", req -> FakeAgents.status("ap1", 7, 2, Double.NaN));
        assertEquals(0, poller.pollOnce().accepted());
        fakes.script("ap1", req -> FakeAgents.status("ap2", 7, 3, 0.5)); // speaks for another AP
        assertEquals(0, poller.pollOnce().accepted());
        fakes.script("ap1", req -> ApStatus.newBuilder().setApId("ap1").setBootId(7).setSequence(4)
                .setMonotonicNs(4000).build());
        assertEquals(0, poller.pollOnce().accepted()); // no queue
        assertEquals(3, poller.counters().rejectedMalformed());
        assertEquals(3, poller.missedCycles("ap1"));
    }

    @Test
    public void errorsAreCountedByCode() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap2")));
        fakes.script("ap1", FakeAgents.error(Status.UNAVAILABLE.withDescription("sources unhealthy")));
        fakes.script("ap2", FakeAgents.error(Status.PERMISSION_DENIED));
        assertEquals(0, poller.pollOnce().accepted());
        assertEquals(1, poller.counters().unavailable());
        assertEquals(1, poller.counters().permissionDenied());
        assertEquals(2, poller.counters().rpcErrors());
        assertEquals(2, poller.counters().missedReports());
    }

    @Test
    public void staleAgentCountsMissedCyclesUntilDataReturns() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1")));
        assertEquals(1, poller.pollOnce().accepted());
        fakes.script("ap1", FakeAgents.error(Status.UNAVAILABLE));
        for (int i = 1; i <= 20; i++) {
            poller.pollOnce();
            assertEquals(i, poller.missedCycles("ap1"));
            assertFalse(poller.latest("ap1").isPresent());
        }
        // Data returns: the count resets.
        fakes.script("ap1", req -> FakeAgents.status("ap1", 7, 1000, 0.2));
        poller.pollOnce();
        assertEquals(0, poller.missedCycles("ap1"));
    }

    @Test
    public void setAgentsReplacesAndRejectsDuplicates() {
        poller.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap2")));
        poller.setAgents(List.of(FakeAgents.endpoint("ap2")));
        assertEquals(1, poller.pollOnce().polled());
        assertEquals(0, poller.missedCycles("ap1"));
        try {
            poller.setAgents(List.of(FakeAgents.endpoint("ap1"), FakeAgents.endpoint("ap1")));
            throw new AssertionError("duplicate accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("ap1"));
        }
    }
}
