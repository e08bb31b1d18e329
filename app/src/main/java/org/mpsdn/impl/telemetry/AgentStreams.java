package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import org.mpsdn.agent.v1.ApStatus;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The status streams of the agents that stream: which window schedule they are subscribed to
 * ({@link StreamPhase}), what a cycle waits for, and what a streamed report does to the agent's
 * state. Subscriptions are opened in turn ({@link ConnectionPacer}).
 * <p>
 * A re-phase is make-before-break: each streaming agent gets a second subscription on the new
 * phase, and the one it has keeps serving the cycles until the new one delivers its first window;
 * then the old one is cancelled. An agent starts a new schedule only at that schedule's next window
 * end, so a cycle that re-phases would otherwise find no window of the new schedule yet and miss
 * every agent.
 * <p>
 * Stream failures and re-phases are logged once, then once a minute with a count
 * ({@link RepeatedProblemLog}).
 */
final class AgentStreams {
    private static final Logger LOG = getLogger(AgentStreams.class);

    private final PollerConfig config;
    private final PollerCounters counters;
    private final LongSupplier wallMs;
    private final StreamPhase phase;
    private final ConnectionPacer pacer = new ConnectionPacer();
    private final RepeatedProblemLog problems =
            new RepeatedProblemLog(LOG::warn, System::nanoTime, RepeatedProblemLog.DEFAULT_REPEAT_NANOS);

    AgentStreams(PollerConfig config, PollerCounters counters, LongSupplier wallMs) {
        this.config = config;
        this.counters = counters;
        this.wallMs = wallMs;
        this.phase = new StreamPhase(config.intervalMs(), config.streamLeadMs(), wallMs.getAsLong());
    }

    /** @return the phase of the schedule asked for, ms */
    long phaseMs() {
        return phase.phaseMs();
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
        pacer.start(executor);
        agents.forEach(this::open);
    }

    /**
     * Subscribes an agent, if streaming has started.
     *
     * @param a the agent
     */
    void open(AgentState a) {
        if (!pacer.started()) {
            return;
        }
        StatusSubscription sub = new StatusSubscription(a, this, config.intervalMs(), phase.phaseMs());
        a.subscription = sub;
        pacer.schedule(sub, a.client, 0);
    }

    /** Subscribes a streaming agent on the current phase beside its subscription (make-before-break). */
    private void openNext(AgentState a) {
        StatusSubscription sub = new StatusSubscription(a, this, config.intervalMs(), phase.phaseMs());
        StatusSubscription dropped;
        synchronized (a) {
            dropped = a.next;
            a.next = sub;
        }
        if (dropped != null) {
            dropped.close(); // a re-phase whose subscription had not delivered yet
        }
        pacer.schedule(sub, a.client, 0);
    }

    /**
     * Opens a subscription after at least delayMs, in its connection turn ({@link ConnectionPacer}).
     *
     * @param sub     the subscription
     * @param client  its agent's client
     * @param delayMs shortest wait, ms
     */
    void schedule(StatusSubscription sub, AgentClient client, long delayMs) {
        pacer.schedule(sub, client, delayMs);
    }

    /**
     * Cancels an agent's subscriptions, if any.
     *
     * @param a the agent
     */
    void close(AgentState a) {
        StatusSubscription s;
        StatusSubscription n;
        synchronized (a) {
            s = a.subscription;
            n = a.next;
            a.subscription = null;
            a.next = null;
        }
        if (s != null) {
            s.close();
        }
        if (n != null) {
            n.close();
        }
    }

    /**
     * Stops streaming and cancels every subscription.
     *
     * @param agents every agent
     */
    void stop(Collection<AgentState> agents) {
        pacer.stop();
        agents.forEach(this::close);
    }

    /**
     * An agent that predates the stream: it is polled from the next cycle on.
     *
     * @param a the agent
     * @param s the subscription it refused
     */
    void fallBack(AgentState a, StatusSubscription s) {
        if (a.subscription == s) {
            close(a);
            counters.streamFallbacks.incrementAndGet();
            problems.problem("fallback", "Agent of " + a.endpoint.apId() + " cannot stream (UNIMPLEMENTED): polled");
        } else if (a.next == s) {
            synchronized (a) {
                a.next = null;
            }
        }
    }

    /**
     * A stream failed (it is opened again).
     *
     * @param a   the agent
     * @param err the stream's error
     */
    void failed(AgentState a, Throwable err) {
        counters.streamRestarts.incrementAndGet();
        counters.countError(err);
        Status st = Status.fromThrowable(err);
        problems.problem("failed " + st.getCode(), "Status stream of " + a.endpoint.apId() + " failed: "
                + st.getCode() + (st.getDescription() == null ? "" : " (" + st.getDescription() + ")")
                + "; opened again after a backoff");
    }

    /**
     * A streamed report: a subscription that replaces the agent's (a re-phase) takes over with its
     * first window, and the old one is cancelled. The report is accepted as a polled one is, if it is
     * also a later window than the last; a jump of more than one period counts the windows in between
     * as missed.
     *
     * @param a  the agent
     * @param s  the subscription it came on
     * @param st the report
     */
    void delivered(AgentState a, StatusSubscription s, ApStatus st) {
        StatusSubscription replaced = null;
        CycleWait done;
        synchronized (a) {
            if (s == a.next && st.getWindowEndUnixMs() != 0) {
                replaced = a.subscription;
                a.subscription = s;
                a.next = null;
            }
            done = take(a, s, st);
        }
        if (replaced != null) {
            replaced.close();
        }
        if (done != null) {
            done.arrived();
        }
    }

    /** Takes a streamed report (the agent's monitor held); returns the cycle wait it completes, if any. */
    private CycleWait take(AgentState a, StatusSubscription s, ApStatus st) {
        long end = st.getWindowEndUnixMs();
        if (a.subscription != s) {
            return null; // a cancelled stream's last message, or a new one's before it takes over
        }
        if (end == 0) {
            counters.rejectedMalformed.incrementAndGet();
            return null;
        }
        if (end <= a.windowEndMs) {
            counters.droppedOutOfOrder.incrementAndGet();
            return null;
        }
        if (!a.accept(st, counters, wallMs.getAsLong())) {
            return null;
        }
        long gap = a.windowEndMs == 0 ? 0 : end - a.windowEndMs;
        if (gap > s.periodMs && gap % s.periodMs == 0) {
            a.missedWindows += gap / s.periodMs - 1;
            counters.missedWindows.addAndGet(gap / s.periodMs - 1);
        }
        a.windowEndMs = end;
        a.acceptedCycle = -1;
        counters.streamed.incrementAndGet();
        CycleWait done = null;
        if (a.pending != null && end >= a.pendingBoundaryMs) {
            done = a.pending;
            a.pending = null;
        }
        return done;
    }

    /**
     * The end of the window a cycle starting at t decides on from a streaming agent: the last window
     * end at or before t of the schedule its serving subscription is on.
     *
     * @param a            the agent
     * @param cycleStartMs the cycle's start, ms since the epoch
     * @return the window's end, ms since the epoch; 0 when the agent does not stream
     */
    static long boundary(AgentState a, long cycleStartMs) {
        StatusSubscription s = a.subscription;
        return s == null ? 0 : StreamPhase.boundary(cycleStartMs, s.phaseMs, s.periodMs);
    }

    /**
     * A cycle starts: re-subscribes every stream on the cycles' phase if they moved ({@link StreamPhase}).
     * While nothing streams (the config polls, or {@link #start} has not run) the phase follows the cycles
     * with no re-phase counted or logged: a re-phase counted with streams off (a lab run at 9d2f61a: 1, and
     * no stream open) reads as streams that were open.
     *
     * @param cycleStartMs the cycle's start, ms since the epoch
     * @param agents       every agent
     */
    void cycleStarted(long cycleStartMs, Collection<AgentState> agents) {
        long was = phase.phaseMs();
        if (!phase.cycleStarted(cycleStartMs) || !pacer.started()) {
            return;
        }
        counters.streamRephases.incrementAndGet();
        problems.problem("rephase", "Status streams re-phased from " + was + " to " + phase.phaseMs()
                + " ms: the cycles started off the streams' schedule");
        for (AgentState a : agents) {
            if (a.streams()) {
                openNext(a);
            }
        }
    }

    /**
     * Counts in a streaming agent whose window for the cycle has not come yet.
     *
     * @param w          the cycle's wait
     * @param a          the agent
     * @param boundaryMs the end of the window the cycle decides on from it ({@link #boundary})
     */
    static void await(CycleWait w, AgentState a, long boundaryMs) {
        synchronized (a) {
            if (a.windowEndMs < boundaryMs) {
                w.add();
                a.pending = w;
                a.pendingBoundaryMs = boundaryMs;
            }
        }
    }
}
