package org.mpsdn.impl.telemetry;

import org.mpsdn.agent.v1.ApStatus;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The status streams of the agents that stream: which window schedule they are subscribed to,
 * what a cycle waits for, and what a streamed report does to the agent's state.
 * <p>
 * The schedule keeps the fresh-signal rule of polling: the window a cycle decides on ends when
 * the cycle starts, less a lead ({@link PollerConfig#streamLeadMs}) that lets the report arrive by
 * then. Windows last one cycle ({@link PollerConfig#intervalMs}) and end at the wall-clock times
 * {@code phase mod period}; the phase is learnt from the cycles' starts ({@link #cycleStarted}):
 * when two cycles in a row start more than a tolerance away from where the schedule expects them
 * (the first cycle: at once), every stream is subscribed again on the new phase.
 * <p>
 * A subscription whose channel is not connected costs a TLS handshake on both ends: those are paced
 * to {@link #CONNECTS_PER_S} a second, first ones and retries alike, so that thousands of agents
 * (a controller's start, an owner change, a network outage) connect in turn instead of timing out
 * each other's handshakes and retrying together.
 */
final class AgentStreams {
    /** Subscriptions on unconnected channels started per second. */
    static final int CONNECTS_PER_S = 250;
    private static final long SLOT_NS = 1_000_000_000L / CONNECTS_PER_S;

    private final PollerConfig config;
    private final PollerCounters counters;
    private final LongSupplier wallMs;
    private volatile ScheduledExecutorService scheduler;
    private volatile long phaseMs;
    private boolean cycleSeen;
    private int offCycles;
    /** Subscriptions waiting for a connection slot; guarded by this. */
    private final Queue<StatusSubscription> connects = new ArrayDeque<>();
    /** Whether {@link #connectNext} is scheduled; guarded by this. */
    private boolean pacing;
    /** System.nanoTime() of the last subscription opened on an unconnected channel; guarded by this. */
    private long lastConnectNanos = System.nanoTime() - SLOT_NS;

    AgentStreams(PollerConfig config, PollerCounters counters, LongSupplier wallMs) {
        this.config = config;
        this.counters = counters;
        this.wallMs = wallMs;
        this.phaseMs = Math.floorMod(wallMs.getAsLong() - config.streamLeadMs(), config.intervalMs());
    }

    /** @return the phase of the schedule asked for, ms */
    long phaseMs() {
        return phaseMs;
    }

    /**
     * Starts streaming: from now on agents are subscribed (when the config streams).
     *
     * @param executor schedules re-subscriptions
     * @param agents   the agents known now
     */
    void start(ScheduledExecutorService executor, Collection<AgentState> agents) {
        if (!config.stream()) {
            return;
        }
        scheduler = executor;
        agents.forEach(this::open);
    }

    /**
     * Subscribes an agent, if streaming has started.
     *
     * @param a the agent
     */
    void open(AgentState a) {
        ScheduledExecutorService s = scheduler;
        if (s == null) {
            return;
        }
        StatusSubscription sub = new StatusSubscription(a, this, config.intervalMs(), phaseMs);
        a.subscription = sub;
        schedule(sub, a.client, 0);
    }

    /**
     * Opens a subscription after at least delayMs, and, when its channel is not connected then, in
     * its turn among the connections waiting (at once if a slot is free). The backoff runs first and
     * the turn is taken when it ends, so that a retry's backoff holds back no other subscription.
     *
     * @param sub     the subscription
     * @param client  its agent's client
     * @param delayMs shortest wait, ms
     */
    void schedule(StatusSubscription sub, AgentClient client, long delayMs) {
        ScheduledExecutorService s = scheduler;
        if (s == null || sub.isClosed()) {
            return;
        }
        if (delayMs > 0) {
            later(s, sub, () -> schedule(sub, client, 0), TimeUnit.MILLISECONDS.toNanos(delayMs));
            return;
        }
        long waitNs = 0;
        if (!client.connected()) {
            synchronized (this) {
                if (pacing) {
                    connects.add(sub);
                    return;
                }
                long now = System.nanoTime();
                waitNs = lastConnectNanos + SLOT_NS - now;
                if (waitNs > 0) {
                    connects.add(sub);
                    pacing = true;
                } else {
                    lastConnectNanos = now;
                }
            }
        }
        if (waitNs > 0) {
            later(s, sub, this::connectNext, waitNs);
        } else {
            sub.open();
        }
    }

    /**
     * Opens the next waiting subscription that is still wanted, then the one after it one
     * connection slot later; a cancelled subscription (an owner change, a new phase) takes no slot.
     */
    private void connectNext() {
        ScheduledExecutorService s = scheduler;
        StatusSubscription sub;
        synchronized (this) {
            do {
                sub = connects.poll();
            } while (sub != null && sub.isClosed());
            if (sub == null || s == null) {
                pacing = false;
                return;
            }
            lastConnectNanos = System.nanoTime();
        }
        sub.open();
        later(s, sub, this::connectNext, SLOT_NS);
    }

    private static void later(ScheduledExecutorService s, StatusSubscription sub, Runnable task, long delayNs) {
        try {
            s.schedule(task, delayNs, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            sub.close(); // the poller is shutting down
        }
    }

    /**
     * Cancels an agent's subscription, if any.
     *
     * @param a the agent
     */
    void close(AgentState a) {
        StatusSubscription s = a.subscription;
        a.subscription = null;
        if (s != null) {
            s.close();
        }
    }

    /**
     * Stops streaming and cancels every subscription.
     *
     * @param agents every agent
     */
    void stop(Collection<AgentState> agents) {
        scheduler = null;
        agents.forEach(this::close);
        synchronized (this) {
            connects.clear();
            pacing = false;
        }
    }

    /**
     * An agent that predates the stream: it is polled from the next cycle on.
     *
     * @param a the agent
     * @param s the subscription it refused
     */
    void fallBack(AgentState a, StatusSubscription s) {
        if (a.subscription == s) {
            a.subscription = null;
            counters.streamFallbacks.incrementAndGet();
        }
    }

    /**
     * A stream failed (it is opened again).
     *
     * @param err the stream's error
     */
    void failed(Throwable err) {
        counters.streamRestarts.incrementAndGet();
        counters.countError(err);
    }

    /**
     * A streamed report: accepted as a polled one is, if it is also a later window than the last;
     * a jump of more than one period counts the windows in between as missed.
     *
     * @param a  the agent
     * @param s  the subscription it came on
     * @param st the report
     */
    void delivered(AgentState a, StatusSubscription s, ApStatus st) {
        long end = st.getWindowEndUnixMs();
        CycleWait done = null;
        synchronized (a) {
            if (a.subscription != s) {
                return; // a cancelled stream's last message
            }
            if (end == 0) {
                counters.rejectedMalformed.incrementAndGet();
                return;
            }
            if (end <= a.windowEndMs) {
                counters.droppedOutOfOrder.incrementAndGet();
                return;
            }
            if (!a.accept(st, counters, wallMs.getAsLong())) {
                return;
            }
            long gap = a.windowEndMs == 0 ? 0 : end - a.windowEndMs;
            if (gap > s.periodMs && gap % s.periodMs == 0) {
                a.missedWindows += gap / s.periodMs - 1;
                counters.missedWindows.addAndGet(gap / s.periodMs - 1);
            }
            a.windowEndMs = end;
            a.acceptedCycle = -1;
            counters.streamed.incrementAndGet();
            if (a.pending != null && end >= a.pending.boundaryMs) {
                done = a.pending;
                a.pending = null;
            }
        }
        if (done != null) {
            done.arrived();
        }
    }

    /**
     * The end of the window a cycle starting at t decides on: the last window end of the schedule
     * at or before t.
     *
     * @param cycleStartMs the cycle's start, ms since the epoch
     * @return the window's end, ms since the epoch
     */
    long boundary(long cycleStartMs) {
        return cycleStartMs - Math.floorMod(cycleStartMs - phaseMs, config.intervalMs());
    }

    /**
     * A cycle starts: re-subscribes every stream on the cycles' phase if they moved.
     *
     * @param cycleStartMs the cycle's start, ms since the epoch
     * @param agents       every agent
     */
    void cycleStarted(long cycleStartMs, Collection<AgentState> agents) {
        long period = config.intervalMs();
        long want = Math.floorMod(cycleStartMs - config.streamLeadMs(), period);
        long off = Math.floorMod(want - phaseMs + period / 2, period) - period / 2;
        boolean first = !cycleSeen;
        cycleSeen = true;
        if (Math.abs(off) <= Math.max(25, period / 40)) {
            offCycles = 0;
            return;
        }
        if (!first && ++offCycles < 2) {
            return;
        }
        offCycles = 0;
        phaseMs = want;
        counters.streamRephases.incrementAndGet();
        for (AgentState a : agents) {
            if (a.streams()) {
                close(a);
                open(a);
            }
        }
    }

    /**
     * Counts in the streaming agents whose window for the cycle has not come yet.
     *
     * @param boundaryMs the end of the window the cycle decides on
     * @param streamed   the agents streaming at the cycle's start
     * @return completed when they all delivered it
     */
    CycleWait await(long boundaryMs, List<AgentState> streamed) {
        CycleWait w = new CycleWait(boundaryMs);
        for (AgentState a : streamed) {
            synchronized (a) {
                if (a.windowEndMs < boundaryMs) {
                    w.add();
                    a.pending = w;
                }
            }
        }
        return w;
    }
}
