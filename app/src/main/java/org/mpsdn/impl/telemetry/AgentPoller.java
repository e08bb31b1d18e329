package org.mpsdn.impl.telemetry;

import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Takes one report per cycle from every configured AP agent and serves the accepted reports to the
 * regulation loop: agents that stream send one window per cycle on their own ({@link AgentStreams},
 * from {@link #start} on, when the config streams); the others (agents that predate the stream) are
 * polled, concurrently, each call with a deadline.
 * <p>
 * A report is accepted only if it is for the polled AP, is well formed, and is newer than the
 * last accepted one of the same agent run: ordered by (boot_id, sequence, monotonic_ns); a new
 * boot_id (agent restart) starts a new order. Values are clamped to physical ranges
 * ({@link StatusSanitizer}). An AP without a fresh report in a cycle has its missed-cycle count
 * increased and {@link #latest} is then empty; what the loop does about it (its one fail-open
 * rule) is the regulation component's.
 * <p>
 * Who triggers a poll: the regulation loop, at the start of each cycle ({@link #refresh}), so that
 * the sliding window the agents average over ends when the cycle starts; the periodic schedule of
 * {@link #start} polls only while no loop does. A cycle takes from a streaming agent the window
 * that ended at the schedule's last boundary before the cycle's start, waiting for it as for a
 * polled answer; the streams' schedule follows the cycles' starts.
 */
public final class AgentPoller implements ApTelemetryService, AutoCloseable {
    /** How a cycle waits for its calls and windows. */
    interface Waiter {
        /**
         * Waits for a future, at most a time.
         *
         * @param f      the future
         * @param waitMs longest wait, ms
         * @throws TimeoutException     when it did not complete in time
         * @throws ExecutionException   when it failed
         * @throws InterruptedException when interrupted
         */
        void await(CompletableFuture<?> f, long waitMs)
                throws TimeoutException, ExecutionException, InterruptedException;
    }

    private static final long CYCLE_GRACE_MS = 200;

    private final PollerConfig config;
    private final Function<AgentEndpoint, AgentClient> clientFactory;
    private final LongSupplier wallClockMs;
    private final Waiter waiter;
    private final Map<String, AgentState> agents = new ConcurrentHashMap<>();
    private final PollerCounters counters = new PollerCounters();
    private final AgentStreams streams;
    private final ReentrantLock cycleLock = new ReentrantLock();
    /** System.nanoTime() of the last {@link #refresh}; meaningful once {@code driven} is set. */
    private volatile long lastRefreshNanos;
    private volatile boolean driven;
    private long cycle;
    private ScheduledFuture<?> task;

    /**
     * Creates a poller.
     *
     * @param config        poll settings
     * @param clientFactory makes a client for an endpoint ({@link TlsAgentClients} in production)
     * @param wallClockMs   controller clock in ms since the epoch
     */
    public AgentPoller(PollerConfig config, Function<AgentEndpoint, AgentClient> clientFactory,
                       LongSupplier wallClockMs) {
        this(config, clientFactory, wallClockMs, (f, ms) -> f.get(ms, TimeUnit.MILLISECONDS));
    }

    /**
     * Creates a poller whose cycles wait with a given waiter (a simulated clock's in tests).
     *
     * @param config        poll settings
     * @param clientFactory makes a client for an endpoint
     * @param wallClockMs   controller clock in ms since the epoch
     * @param waiter        waits for a cycle's calls and windows
     */
    AgentPoller(PollerConfig config, Function<AgentEndpoint, AgentClient> clientFactory, LongSupplier wallClockMs,
                Waiter waiter) {
        this.config = config;
        this.clientFactory = clientFactory;
        this.wallClockMs = wallClockMs;
        this.waiter = waiter;
        this.streams = new AgentStreams(config, counters, wallClockMs);
    }

    /**
     * Sets the agents to poll: new endpoints get a client, removed or changed ones are closed.
     *
     * @param endpoints the configured agents (AP ids must be unique)
     * @throws IllegalArgumentException when an AP id appears twice
     */
    public void setAgents(Collection<AgentEndpoint> endpoints) {
        Map<String, AgentEndpoint> wanted = new HashMap<>();
        for (AgentEndpoint ep : endpoints) {
            if (wanted.put(ep.apId(), ep) != null) {
                throw new IllegalArgumentException("AP id '" + ep.apId() + "' configured twice");
            }
        }
        cycleLock.lock();
        try {
            Set<String> gone = new HashSet<>(agents.keySet());
            gone.removeAll(wanted.keySet());
            for (String id : gone) {
                drop(agents.remove(id));
            }
            for (AgentEndpoint ep : wanted.values()) {
                AgentState old = agents.get(ep.apId());
                if (old != null && old.endpoint.equals(ep)) {
                    continue;
                }
                if (old != null) {
                    drop(old);
                }
                AgentState a = new AgentState(ep, clientFactory.apply(ep));
                agents.put(ep.apId(), a);
                streams.open(a);
            }
        } finally {
            cycleLock.unlock();
        }
    }

    private void drop(AgentState a) {
        streams.close(a);
        a.client.close();
    }

    /**
     * Runs one poll cycle: starts all calls, waits for them (at most the deadline plus a short
     * grace), then updates the missed-cycle counts.
     *
     * @return the cycle's outcome
     */
    public PollCycleStats pollOnce() {
        cycleLock.lock();
        try {
            return poll(config.deadlineMs() + CYCLE_GRACE_MS, wallClockMs.getAsLong());
        } finally {
            cycleLock.unlock();
        }
    }

    /**
     * Runs one poll cycle now and waits at most the bound (and at most the deadline plus a short
     * grace): the agents that answered by then are fresh, the others count a missed cycle and a
     * timeout ({@link PollerCounters#refreshTimeouts()}); a late answer is still accepted when it
     * arrives. From the first call on, the periodic schedule of {@link #start} only polls when no
     * refresh came for one and a half intervals (the loop that refreshes has stopped).
     *
     * @param boundMs longest wait in milliseconds, including the wait for a poll under way
     * @return the APs whose agent had not answered when the wait ended
     */
    @Override
    public Set<String> refresh(long boundMs) {
        long start = System.nanoTime();
        lastRefreshNanos = start;
        driven = true;
        long startMs = wallClockMs.getAsLong();
        boolean locked = false;
        try {
            locked = cycleLock.tryLock(Math.max(0L, boundMs), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!locked) {
            Set<String> all = Set.copyOf(agents.keySet());
            counters.refreshTimeouts.addAndGet(all.size());
            return all;
        }
        try {
            streams.cycleStarted(startMs, agents.values());
            long left = Math.max(0L, boundMs - (System.nanoTime() - start) / 1_000_000L);
            PollCycleStats stats = poll(Math.min(left, config.deadlineMs() + CYCLE_GRACE_MS), startMs);
            counters.refreshTimeouts.addAndGet(stats.unanswered().size());
            return Set.copyOf(stats.unanswered());
        } finally {
            cycleLock.unlock();
        }
    }

    /**
     * One cycle (under the cycle lock): polls the agents that do not stream and waits at most waitMs
     * for their answers and for the streaming agents' window that ended before the cycle's start.
     */
    private PollCycleStats poll(long waitMs, long startMs) {
        PollCycle c = new PollCycle(++cycle, startMs, agents.values());
        c.start(config, counters, wallClockMs);
        try {
            waiter.await(c.done(), waitMs);
        } catch (TimeoutException e) {
            counters.cycleOverruns.incrementAndGet();
        } catch (ExecutionException e) {
            // every future is handled: cannot fail
            counters.cycleOverruns.incrementAndGet();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return c.end(counters);
    }

    @Override
    public Optional<ApTelemetry> latest(String apId) {
        AgentState a = agents.get(apId);
        if (a == null) {
            return Optional.empty();
        }
        synchronized (a) {
            return a.missed == 0 ? Optional.ofNullable(a.latest) : Optional.empty();
        }
    }

    /**
     * {@inheritDoc}
     * An AP that is not configured, or not polled yet, has 0 missed cycles.
     */
    @Override
    public int missedCycles(String apId) {
        AgentState a = agents.get(apId);
        return a == null ? 0 : a.missed;
    }

    /**
     * Where an AP's stream stands.
     *
     * @param apId AP identifier
     * @return its stream's state; not streaming, nothing taken, for an AP not configured
     */
    public StreamInfo stream(String apId) {
        AgentState a = agents.get(apId);
        if (a == null) {
            return new StreamInfo(false, 0, 0);
        }
        synchronized (a) {
            return new StreamInfo(a.streams(), a.windowEndMs, a.missedWindows);
        }
    }

    /**
     * Last accepted report of an AP, fresh or not (for display).
     *
     * @param apId AP identifier
     * @return the report, or empty if none was ever accepted
     */
    public Optional<ApTelemetry> lastAccepted(String apId) {
        AgentState a = agents.get(apId);
        if (a == null) {
            return Optional.empty();
        }
        synchronized (a) {
            return Optional.ofNullable(a.latest);
        }
    }

    /** @return the counters */
    public PollerCounters counters() {
        return counters;
    }

    /** @return the poller settings */
    public PollerConfig config() {
        return config;
    }

    /**
     * Starts polling every interval on the executor (runs never overlap).
     *
     * @param executor scheduler, typically single-threaded
     */
    public synchronized void start(ScheduledExecutorService executor) {
        if (task != null) {
            return;
        }
        startStreams(executor); // first: the schedule polls only the agents that do not stream
        task = executor.scheduleAtFixedRate(this::pollSafely, 0, config.intervalMs(), TimeUnit.MILLISECONDS);
    }

    /**
     * Subscribes the agents to their streams, when the config streams (package-private for tests).
     *
     * @param executor schedules re-subscriptions
     */
    void startStreams(ScheduledExecutorService executor) {
        streams.start(executor, agents.values());
    }

    /** One run of the periodic schedule (package-private for tests). */
    void pollSafely() {
        if (driven && System.nanoTime() - lastRefreshNanos < config.intervalMs() * 1_500_000L) {
            return; // the regulation loop polls at the start of its cycles
        }
        try {
            pollOnce();
        } catch (RuntimeException e) {
            // a failing cycle must not cancel the schedule; it shows as missed cycles
            counters.cycleOverruns.incrementAndGet();
        }
    }

    /**
     * Stops periodic polling.
     */
    public synchronized void stop() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
    }

    /**
     * Stops polling and closes every client.
     */
    @Override
    public void close() {
        stop();
        cycleLock.lock();
        try {
            streams.stop(agents.values());
            for (AgentState a : agents.values()) {
                a.client.close();
            }
            agents.clear();
        } finally {
            cycleLock.unlock();
        }
    }
}
