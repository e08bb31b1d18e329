package org.mpsdn.bench;

import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.impl.telemetry.AgentEndpoint;
import org.mpsdn.impl.telemetry.AgentPoller;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One measured cycle of the fan-out benchmark, as the regulation loop runs it: at the cycle's start a
 * refresh (bounded by a quarter of the cycle), then the decision reads each AP's latest report. The
 * age of what is decided on is counted from the start of its window (a window ends at the agent's
 * answer when polled, at {@code window_end_unix_ms} when streamed; windows last one cycle) to the
 * decision; an AP without a fresh report has no age (infinite). "Within 250 ms": the AP's window ended
 * at most 250 ms before the cycle started. CPU and heap are this process's.
 */
final class FanoutCycle {
    final long startMs;
    final int fresh;
    final int within250;
    final double ageP50Ms;
    final double ageP99Ms;
    final double refreshMs;
    final double cpuS;
    final long heapMb;

    private FanoutCycle(long startMs, int fresh, int within250, double[] ages, double refreshMs, double cpuS,
                        long heapMb) {
        this.startMs = startMs;
        this.fresh = fresh;
        this.within250 = within250;
        this.ageP50Ms = pct(ages, 0.50);
        this.ageP99Ms = pct(ages, 0.99);
        this.refreshMs = refreshMs;
        this.cpuS = cpuS;
        this.heapMb = heapMb;
    }

    int fresh() {
        return fresh;
    }

    /**
     * Waits for the cycle's start, runs it, and measures until the next cycle's start.
     *
     * @param poller  the controller's poller
     * @param eps     the agents
     * @param startMs the cycle's start, ms since the epoch
     * @return the cycle's measurements
     * @throws InterruptedException when interrupted
     */
    static FanoutCycle run(AgentPoller poller, List<AgentEndpoint> eps, long startMs) throws InterruptedException {
        Thread.sleep(Math.max(0, startMs - System.currentTimeMillis()));
        long cpu0 = cpuNanos();
        long t0 = System.nanoTime();
        poller.refresh(PollerFanoutBench.REFRESH_BOUND_MS);
        double refreshMs = (System.nanoTime() - t0) / 1e6;
        long decision = System.currentTimeMillis();
        double[] ages = new double[eps.size()];
        int fresh = 0;
        int within = 0;
        for (int i = 0; i < ages.length; i++) {
            String id = eps.get(i).apId();
            Optional<ApTelemetry> t = poller.latest(id);
            ages[i] = Double.POSITIVE_INFINITY;
            if (t.isEmpty()) {
                continue;
            }
            long streamedEnd = poller.stream(id).windowEndMs();
            long end = streamedEnd > 0 ? streamedEnd : t.get().receivedAtMillis();
            ages[i] = decision - (end - PollerFanoutBench.INTERVAL_MS);
            fresh++;
            within += startMs - end <= 250 ? 1 : 0;
        }
        Arrays.sort(ages);
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20;
        Thread.sleep(Math.max(0, startMs + PollerFanoutBench.INTERVAL_MS - 5 - System.currentTimeMillis()));
        return new FanoutCycle(startMs, fresh, within, ages, refreshMs, (cpuNanos() - cpu0) / 1e9, heap);
    }

    static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static double pct(double[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
