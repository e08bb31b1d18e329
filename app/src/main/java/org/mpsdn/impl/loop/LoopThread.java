package org.mpsdn.impl.loop;

import org.slf4j.Logger;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The regulation loop's one thread. Every piece of the app's regulation state is touched on it only:
 * the periodic cycle, config and mastership changes, and the callbacks of meter and flow operations
 * are all queued here. As in ONOS's {@code apps/mlb} ({@code MastershipLoadBalancer}): a
 * single-thread scheduled executor, rescheduled when the interval property changes.
 * <p>
 * The cycle runs at a fixed rate, not with a fixed delay: its starts stay on the period's grid, as
 * the agents' streamed windows do (they end on a wall-clock schedule, {@code AgentStreams}); with a
 * fixed delay every cycle started its own run time later than the one before, and the streams had to
 * follow (re-phase) every few cycles. Runs never overlap: a cycle longer than the period delays the
 * next run until it ends. The executor would then run the runs it fell behind on back to back; those
 * that start less than half a period after the last cycle started are skipped ({@link CycleGrid}),
 * so a late cycle is followed by the next one on the grid, never by a burst deciding again on the
 * same reports.
 */
final class LoopThread {
    private static final int SETTLE_ROUNDS = 8;
    private static final long TASK_TIMEOUT_SEC = 30;

    private final Logger log = getLogger(getClass());
    private final ScheduledExecutorService executor =
            Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/mpsdn", "loop-%d", log));
    private ScheduledFuture<?> task;

    /**
     * The loop as an executor (for callbacks that must run on it).
     *
     * @return executor
     */
    Executor executor() {
        return executor;
    }

    /**
     * Queues a task on the loop.
     *
     * @param task the task
     */
    void execute(Runnable task) {
        executor.execute(task);
    }

    /**
     * (Re)schedules the periodic cycle at a fixed rate; a scheduled one is cancelled first.
     *
     * @param periodMs interval in milliseconds
     * @param cycle    the cycle
     */
    synchronized void schedule(long periodMs, Runnable cycle) {
        cancel();
        CycleGrid grid = new CycleGrid(TimeUnit.MILLISECONDS.toNanos(periodMs));
        Runnable run = () -> {
            if (grid.due(System.nanoTime())) {
                cycle.run();
            }
        };
        task = executor.scheduleAtFixedRate(run, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /**
     * Cancels the periodic cycle (a running one completes).
     */
    synchronized void cancel() {
        if (task != null) {
            task.cancel(false);
        }
    }

    /**
     * Runs a task on the loop and waits for it.
     *
     * @param r the task
     * @throws IllegalStateException if it failed or did not finish within 30 s
     */
    void runAndWait(Runnable r) {
        try {
            executor.submit(r).get(TASK_TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("regulation loop task failed", e);
        }
    }

    /**
     * Waits until every task queued on the loop so far (and what they queue, a few levels deep)
     * has run.
     */
    void settle() {
        for (int i = 0; i < SETTLE_ROUNDS; i++) {
            runAndWait(() -> { });
        }
    }

    /**
     * Whether the loop still runs tasks.
     *
     * @return false once shut down
     */
    boolean isRunning() {
        return !executor.isShutdown();
    }

    /**
     * Stops the loop: cancels the cycle and waits (bounded) for the running task.
     */
    void shutdown() {
        cancel();
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
