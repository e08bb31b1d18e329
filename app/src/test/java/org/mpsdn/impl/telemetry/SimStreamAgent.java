package org.mpsdn.impl.telemetry;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.StreamStatusRequest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A simulated AP agent on a {@link SimClock} whose StreamStatus follows the Go agent's schedule rules
 * ({@code southbound-ap-agent/internal/server/schedule.go} and {@code stream.go}): a schedule is a
 * (period, phase); a new one produces its first window at its first window end strictly after it
 * starts, then one per period; it keeps its last {@link #KEPT} statuses and runs on for {@link #KEPT}
 * windows after its last subscriber left; at most {@link #MAX_SCHEDULES} run at once, and a
 * subscription that needs one more is refused with RESOURCE_EXHAUSTED. A subscription starts with the
 * next window, or after resume_after (same boot id) from the kept ones. Sequence numbers are the
 * agent's, shared by its schedules. Statuses reach the controller {@link #LATENCY_MS} after their
 * window ends.
 */
final class SimStreamAgent implements AgentClient {
    static final int KEPT = 8;
    static final int MAX_SCHEDULES = 4;
    static final long LATENCY_MS = 20;
    private static final long BOOT = 7;

    private final SimClock clock;
    private final String apId;
    private final Map<List<Long>, Schedule> schedules = new HashMap<>();
    private long sequence;
    private int refusals;
    private int subscriptions;
    private int cancels;

    SimStreamAgent(SimClock clock, String apId) {
        this.clock = clock;
        this.apId = apId;
    }

    /** @return subscriptions refused with RESOURCE_EXHAUSTED */
    int refusals() {
        return refusals;
    }

    /** @return subscriptions accepted */
    int subscriptions() {
        return subscriptions;
    }

    /** @return subscriptions the controller cancelled */
    int cancels() {
        return cancels;
    }

    /** @return subscriptions open now */
    int open() {
        return schedules.values().stream().mapToInt(s -> s.subs.size()).sum();
    }

    /** One subscriber of a schedule. */
    private final class Sub {
        final StreamObserver<ApStatus> observer;
        long last;
        boolean cancelled;

        Sub(StreamObserver<ApStatus> observer, long last) {
            this.observer = observer;
            this.last = last;
        }

        void send(ApStatus st) {
            if (st.getSequence() <= last) {
                return;
            }
            last = st.getSequence();
            clock.at(clock.now() + LATENCY_MS, () -> {
                if (!cancelled) {
                    observer.onNext(st);
                }
            });
        }
    }

    /** A window schedule (the Go agent's schedule and its run loop). */
    private final class Schedule {
        final List<Long> key;
        final long period;
        final long phase;
        final Deque<ApStatus> kept = new ArrayDeque<>();
        final List<Sub> subs = new ArrayList<>();
        long last;
        int idle;

        Schedule(long period, long phase) {
            this.key = List.of(period, phase);
            this.period = period;
            this.phase = phase;
        }

        void next() {
            long t = Math.max(clock.now(), last);
            long end = t - Math.floorMod(t - phase, period) + period; // first window end strictly after t
            clock.at(end, () -> window(end));
        }

        void window(long end) {
            last = end;
            ApStatus st = FakeAgents.status(apId, BOOT, ++sequence, 0.5).toBuilder()
                    .setWindowMs((int) period).setWindowEndUnixMs(end).build();
            kept.addLast(st);
            if (kept.size() > KEPT) {
                kept.removeFirst();
            }
            List.copyOf(subs).forEach(s -> s.send(st));
            if (subs.isEmpty() && ++idle >= KEPT) {
                schedules.remove(key);
                return;
            }
            if (!subs.isEmpty()) {
                idle = 0;
            }
            next();
        }
    }

    @Override
    public Runnable streamStatus(StreamStatusRequest req, StreamObserver<ApStatus> observer) {
        List<Long> key = List.of((long) req.getPeriodMs(), (long) req.getPhaseMs());
        Schedule sc = schedules.get(key);
        if (sc == null) {
            if (schedules.size() >= MAX_SCHEDULES) {
                refusals++;
                clock.at(clock.now() + LATENCY_MS, () -> observer.onError(Status.RESOURCE_EXHAUSTED
                        .withDescription(schedules.size() + " window schedules are running").asRuntimeException()));
                return () -> { };
            }
            sc = new Schedule(req.getPeriodMs(), req.getPhaseMs());
            schedules.put(key, sc);
            sc.next();
        }
        subscriptions++;
        long last = sc.kept.isEmpty() ? 0 : sc.kept.getLast().getSequence();
        if (req.hasResumeAfter() && req.getResumeAfter().getBootId() == BOOT) {
            last = req.getResumeAfter().getSequence();
        }
        Sub sub = new Sub(observer, last);
        Schedule s = sc;
        s.subs.add(sub);
        List.copyOf(s.kept).forEach(sub::send);
        return () -> {
            if (!sub.cancelled) {
                sub.cancelled = true;
                s.subs.remove(sub);
                cancels++;
            }
        };
    }

    @Override
    public CompletableFuture<ApStatus> getStatus(GetStatusRequest request, long deadlineMs) {
        return CompletableFuture.failedFuture(Status.UNIMPLEMENTED.asRuntimeException());
    }

    @Override
    public boolean connected() {
        return true;
    }

    @Override
    public void close() {
    }
}
