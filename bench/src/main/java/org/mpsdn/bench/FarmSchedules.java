package org.mpsdn.bench;

import io.grpc.stub.ServerCallStreamObserver;
import org.mpsdn.agent.v1.ApStatus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The farm's window schedules: for each (period, phase) asked for, one task that, at each window
 * end on the wall clock, sends every subscriber of the schedule its status.
 */
final class FarmSchedules implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final Map<Long, Map<FarmAgent, ServerCallStreamObserver<ApStatus>>> subs = new ConcurrentHashMap<>();

    void subscribe(FarmAgent agent, long periodMs, long phaseMs, ServerCallStreamObserver<ApStatus> out) {
        long key = periodMs << 32 | phaseMs;
        Map<FarmAgent, ServerCallStreamObserver<ApStatus>> m = subs.computeIfAbsent(key, k -> {
            Map<FarmAgent, ServerCallStreamObserver<ApStatus>> created = new ConcurrentHashMap<>();
            timer.execute(() -> tick(created, periodMs, phaseMs, 0));
            return created;
        });
        out.setOnCancelHandler(() -> m.remove(agent, out));
        m.put(agent, out);
    }

    /** Sends the window that ended at lastEnd (if any) and schedules the next one. */
    private void tick(Map<FarmAgent, ServerCallStreamObserver<ApStatus>> m, long period, long phase, long lastEnd) {
        if (lastEnd > 0) {
            m.forEach((agent, out) -> {
                try {
                    out.onNext(agent.status(period, lastEnd));
                } catch (RuntimeException e) {
                    m.remove(agent, out); // the call is gone
                }
            });
        }
        long now = System.currentTimeMillis();
        long next = Math.max(now, lastEnd) - Math.floorMod(Math.max(now, lastEnd) - phase, period) + period;
        timer.schedule(() -> tick(m, period, phase, next), next - now, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
