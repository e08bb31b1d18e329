package org.mpsdn.impl.telemetry;

import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A fake wall clock (ms since the epoch) with the events scheduled on it, run in time order on the
 * test's thread: a scheduled executor and a cycle waiter on it stand in for the poller's real ones.
 */
final class SimClock {
    private static final class Event {
        final long atMs;
        final long order;
        final Runnable task;

        Event(long atMs, long order, Runnable task) {
            this.atMs = atMs;
            this.order = order;
            this.task = task;
        }
    }

    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.atMs != b.atMs
            ? Long.compare(a.atMs, b.atMs) : Long.compare(a.order, b.order));
    private long nowMs;
    private long order;

    SimClock(long startMs) {
        nowMs = startMs;
    }

    /** @return the time, ms since the epoch */
    long now() {
        return nowMs;
    }

    /**
     * Runs a task at a time (now if it has passed).
     *
     * @param atMs when
     * @param task what
     */
    void at(long atMs, Runnable task) {
        events.add(new Event(Math.max(atMs, nowMs), order++, task));
    }

    /**
     * Runs the events until a time, or until a condition holds (checked before each event).
     *
     * @param untilMs the time; the clock is there after, unless the condition stopped it earlier
     * @param done    the condition
     */
    void runUntil(long untilMs, BooleanSupplier done) {
        while (!done.getAsBoolean() && !events.isEmpty() && events.peek().atMs <= untilMs) {
            Event e = events.poll();
            nowMs = Math.max(nowMs, e.atMs);
            e.task.run();
        }
        if (!done.getAsBoolean()) {
            nowMs = Math.max(nowMs, untilMs);
        }
    }

    /**
     * Runs the events until a time.
     *
     * @param untilMs the time
     */
    void runUntil(long untilMs) {
        runUntil(untilMs, () -> false);
    }

    /** @return a poller's cycle waiter on this clock */
    AgentPoller.Waiter waiter() {
        return (CompletableFuture<?> f, long waitMs) -> {
            runUntil(nowMs + waitMs, f::isDone);
            if (!f.isDone()) {
                throw new TimeoutException();
            }
        };
    }

    /** @return an executor whose delayed and periodic tasks run on this clock */
    ScheduledExecutorService executor() {
        return new Executor();
    }

    private static long ms(long amount, TimeUnit unit) {
        return (unit.toNanos(amount) + 999_999) / 1_000_000;
    }

    /** A task scheduled on the clock. */
    private static final class Scheduled implements ScheduledFuture<Object> {
        private volatile boolean cancelled;
        private volatile boolean done;
        private volatile Object value;

        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(Delayed o) {
            return 0;
        }

        @Override
        public boolean cancel(boolean mayInterrupt) {
            cancelled = !done;
            return cancelled;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public boolean isDone() {
            return done || cancelled;
        }

        /** On one simulated thread nothing can run while get() waits: a task not run yet is an error. */
        @Override
        public Object get() {
            if (!done) {
                throw new IllegalStateException(cancelled ? "cancelled" : "not run yet: advance the clock first");
            }
            return value;
        }

        @Override
        public Object get(long timeout, TimeUnit unit) {
            return get();
        }
    }

    private final class Executor extends AbstractExecutorService implements ScheduledExecutorService {
        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            return schedule(() -> {
                command.run();
                return null;
            }, delay, unit);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
            Scheduled f = new Scheduled();
            at(nowMs + ms(delay, unit), () -> {
                if (!f.cancelled) {
                    try {
                        f.value = callable.call();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    f.done = true;
                }
            });
            return (ScheduledFuture<V>) f;
        }

        @Override
        public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initial, long period, TimeUnit unit) {
            Scheduled f = new Scheduled();
            repeat(f, command, nowMs + ms(initial, unit), ms(period, unit), true);
            return f;
        }

        @Override
        public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initial, long delay,
                                                         TimeUnit unit) {
            Scheduled f = new Scheduled();
            repeat(f, command, nowMs + ms(initial, unit), ms(delay, unit), false);
            return f;
        }

        /** Runs command at atMs and again every stepMs after its due time (rate) or after it ran (delay). */
        private void repeat(Scheduled f, Runnable command, long atMs, long stepMs, boolean rate) {
            at(atMs, () -> {
                if (!f.cancelled) {
                    command.run();
                    repeat(f, command, (rate ? atMs : nowMs) + stepMs, stepMs, rate);
                }
            });
        }

        @Override
        public void execute(Runnable command) {
            at(nowMs, command);
        }

        @Override
        public void shutdown() {
        }

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
