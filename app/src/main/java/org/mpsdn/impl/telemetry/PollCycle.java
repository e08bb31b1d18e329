package org.mpsdn.impl.telemetry;

import org.mpsdn.agent.v1.ApStatus;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * One poll cycle: its agents, the calls to those that are polled, the window each streaming agent
 * owes it (the last window end of that agent's schedule at or before the cycle's start), and its
 * outcome once the wait ends.
 */
final class PollCycle {
    private final long number;
    private final long startMs;
    private final long t0 = System.nanoTime();
    private final List<AgentState> list;
    private final AtomicLongArray lat;
    /** Window end each agent owes the cycle; 0 for a polled agent. */
    private final long[] boundaries;
    private final List<CompletableFuture<?>> waits = new ArrayList<>();

    /**
     * A cycle of the agents known at its start.
     *
     * @param number  the cycle's number (a polled answer is fresh in its own cycle only)
     * @param startMs the cycle's start, ms since the epoch
     * @param agents  every agent
     */
    PollCycle(long number, long startMs, Collection<AgentState> agents) {
        this.number = number;
        this.startMs = startMs;
        this.list = new ArrayList<>(agents);
        this.lat = new AtomicLongArray(list.size());
        this.boundaries = new long[list.size()];
    }

    /**
     * Starts the calls to the agents that do not stream and counts in the streaming ones whose
     * window has not come yet.
     *
     * @param config   deadlines
     * @param counters where calls and errors are counted
     * @param wallMs   controller clock, ms since the epoch
     */
    void start(PollerConfig config, PollerCounters counters, LongSupplier wallMs) {
        CycleWait streamed = new CycleWait();
        for (int i = 0; i < list.size(); i++) {
            AgentState a = list.get(i);
            int idx = i;
            lat.set(idx, -1);
            boundaries[i] = AgentStreams.boundary(a, startMs);
            if (boundaries[i] != 0) {
                AgentStreams.await(streamed, a, boundaries[i]);
                continue;
            }
            long start = System.nanoTime();
            counters.calls.incrementAndGet();
            waits.add(a.client.getStatus(a.request, config.deadlineMs()).handle((st, err) -> {
                lat.set(idx, System.nanoTime() - start);
                if (err != null) {
                    counters.countError(err);
                } else {
                    accept(a, st, counters, wallMs);
                }
                return null;
            }));
        }
        waits.add(streamed.registered());
    }

    private void accept(AgentState a, ApStatus st, PollerCounters counters, LongSupplier wallMs) {
        synchronized (a) {
            if (a.accept(st, counters, wallMs.getAsLong())) {
                a.acceptedCycle = number;
            }
        }
    }

    /** @return completed when every call has ended and every streamed window counted in has come */
    CompletableFuture<Void> done() {
        return CompletableFuture.allOf(waits.toArray(new CompletableFuture<?>[0]));
    }

    /**
     * Ends the cycle: updates the missed-cycle counts of its agents and sums it up.
     *
     * @param counters where missed reports and cycles are counted
     * @return the cycle's outcome
     */
    PollCycleStats end(PollerCounters counters) {
        int accepted = 0;
        int n = list.size();
        long[] windowEnds = new long[n];
        for (int i = 0; i < n; i++) {
            AgentState a = list.get(i);
            boolean streamed = boundaries[i] != 0;
            synchronized (a) {
                boolean fresh = streamed ? a.windowEndMs >= boundaries[i] : a.acceptedCycle == number;
                if (streamed) {
                    windowEnds[i] = a.windowEndMs;
                    lat.set(i, fresh ? 0 : -1);
                }
                if (fresh) {
                    a.missed = 0;
                    accepted++;
                } else {
                    a.missed = a.missed == Integer.MAX_VALUE ? a.missed : a.missed + 1;
                    counters.missedReports.incrementAndGet();
                }
            }
        }
        counters.cycles.incrementAndGet();
        long[] snapshot = new long[n];
        List<String> unanswered = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            snapshot[i] = lat.get(i);
            if (snapshot[i] < 0) {
                unanswered.add(list.get(i).endpoint.apId());
            }
        }
        return new PollCycleStats(n, accepted, System.nanoTime() - t0, snapshot, unanswered, startMs, windowEnds);
    }
}
