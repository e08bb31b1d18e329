package org.mpsdn.impl.telemetry;

import io.grpc.stub.StreamObserver;
import org.junit.After;
import org.junit.Test;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.StreamStatusRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The pacing of subscriptions on unconnected channels: one per connection slot, in the order asked,
 * connected channels at once, a retry's backoff and a cancelled subscription holding no slot.
 */
public class AgentStreamsPacingTest {
    private static final long SLOT_NS = 1_000_000_000L / ConnectionPacer.CONNECTS_PER_S;

    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    private final PollerConfig config = new PollerConfig(1000, 200, 10, true, 100);
    private final AgentStreams streams = new AgentStreams(config, new PollerCounters(), System::currentTimeMillis);
    /** System.nanoTime() of each agent's subscriptions, by AP id. */
    private final Map<String, List<Long>> opened = new ConcurrentHashMap<>();

    @After
    public void tearDown() {
        executor.shutdownNow();
    }

    /** A client that records when its stream is opened and never sends. */
    private AgentState agent(String apId, boolean connected) {
        AgentClient client = new AgentClient() {
            @Override
            public CompletableFuture<ApStatus> getStatus(GetStatusRequest request, long deadlineMs) {
                return new CompletableFuture<>();
            }

            @Override
            public Runnable streamStatus(StreamStatusRequest request, StreamObserver<ApStatus> observer) {
                opened.computeIfAbsent(apId, k -> new CopyOnWriteArrayList<>()).add(System.nanoTime());
                return () -> { };
            }

            @Override
            public boolean connected() {
                return connected;
            }

            @Override
            public void close() {
            }
        };
        return new AgentState(new AgentEndpoint(apId, "127.0.0.1", 1), client);
    }

    private List<AgentState> agents(int n, boolean connected) {
        List<AgentState> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(agent("ap" + i, connected));
        }
        return list;
    }

    private int opens(String apId) {
        return opened.getOrDefault(apId, List.of()).size();
    }

    private static void await(String what, BooleanSupplier cond, long maxMs) throws InterruptedException {
        for (long i = 0; i < maxMs / 5 && !cond.getAsBoolean(); i++) {
            Thread.sleep(5);
        }
        assertTrue(what, cond.getAsBoolean());
    }

    @Test
    public void unconnectedChannelsConnectOnePerSlotInTheOrderAsked() throws Exception {
        List<AgentState> list = agents(20, false);
        streams.start(executor, list);
        await("all subscribed", () -> opened.size() == 20, 10_000);
        // ap0 found the slot free and opened at once; its time, as every time the client records,
        // comes after the slot is taken and the request built (the first request loads its classes).
        // From ap1 on each waited for its slot: 3/4 of one leaves room for building the request.
        for (int i = 2; i < 20; i++) {
            long gap = opened.get("ap" + i).get(0) - opened.get("ap" + (i - 1)).get(0);
            assertTrue("ap" + i + " " + gap + " ns after the one before", gap >= SLOT_NS * 3 / 4);
        }
    }

    @Test
    public void connectedChannelsSubscribeAtOnce() {
        streams.start(executor, agents(20, true));
        assertEquals(20, opened.size());
    }

    @Test
    public void aRetryBackoffHoldsBackNoOtherSubscription() throws Exception {
        AgentState a = agent("a", false);
        streams.start(executor, List.of(a));
        await("a subscribed", () -> opens("a") == 1, 10_000);
        streams.schedule(a.subscription, a.client, 60_000); // a retry after a long backoff
        AgentState b = agent("b", false);
        streams.open(b);
        await("b subscribed before a's backoff ends", () -> opens("b") == 1, 10_000);
        assertEquals(1, opens("a"));
    }

    @Test
    public void aCancelledSubscriptionTakesNoSlot() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        int n = 1000; // 4 s of slots if the cancelled ones held theirs
        List<AgentState> list = agents(n, false);
        streams.start(executor, list);
        for (AgentState a : list.subList(0, n - 1)) {
            streams.close(a); // e.g. the domain's owner changed before they connected
        } // (ap0 found the slot free and connected at once)
        long t0 = System.nanoTime();
        release.countDown();
        String last = "ap" + (n - 1);
        await("the one still wanted subscribed", () -> opens(last) == 1, 10_000);
        assertTrue("took a slot per cancelled subscription",
                opened.get(last).get(0) - t0 < TimeUnit.SECONDS.toNanos(2));
        assertEquals(Set.of("ap0", last), opened.keySet());
    }
}
