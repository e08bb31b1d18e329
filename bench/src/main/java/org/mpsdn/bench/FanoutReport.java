package org.mpsdn.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * The fan-out benchmark's record of one run: what it ran on (commit, machine, load average at the
 * start, CPU affinity of this process and of the agent farms, JVM arguments, command), each measured
 * cycle, the farms' CPU time, the poller's counters, and a summary ({@link #summary}) with the fields
 * of {@code bench/results/fanout.json}.
 */
final class FanoutReport {
    private final int agents;
    private final String mode;
    private final int cycles;
    private final String command;
    private final String loadavg = read("/proc/loadavg");
    private final String startedAt = Instant.now().toString();
    private final List<FanoutCycle> measured = new ArrayList<>();
    private final List<Long> farmPids = new ArrayList<>();
    private long farmTicks0;
    private int warmup;
    private boolean warm;
    private long cpu0;
    private long farmTicks;
    private double cpuTotal;
    private long liveHeapMb;
    private String counters = "{}";

    FanoutReport(int agents, String mode, int cycles, String command) {
        this.agents = agents;
        this.mode = mode;
        this.cycles = cycles;
        this.command = command;
    }

    void farmPid(long pid) {
        farmPids.add(pid);
    }

    void warmup(int cyclesRun, boolean reachedSteadyState) {
        warmup = cyclesRun;
        warm = reachedSteadyState;
        cpu0 = FanoutCycle.cpuNanos();
        farmTicks0 = farmTicks();
    }

    void add(FanoutCycle c) {
        measured.add(c);
    }

    void end(Map<String, Long> pollerCounters) {
        cpuTotal = (FanoutCycle.cpuNanos() - cpu0) / 1e9;
        farmTicks = farmTicks() - farmTicks0;
        System.gc();
        liveHeapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20;
        counters = pollerCounters.entrySet().stream().map(e -> "\"" + e.getKey() + "\": " + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /** @return the summary: one entry of fanout.json */
    String summary() {
        double[] p99 = measured.stream().mapToDouble(c -> c.ageP99Ms).sorted().toArray();
        double[] within = measured.stream().mapToDouble(c -> (double) c.within250 / agents).sorted().toArray();
        long maxHeap = measured.stream().mapToLong(c -> c.heapMb).max().orElse(0);
        return String.format(Locale.ROOT, "{\"agents\": %d, \"mode\": \"%s\", \"instances\": 1, "
                        + "\"p99_age_ms\": %s, \"p99_age_ms_range\": [%s, %s], "
                        + "\"share_within_250ms\": {\"median\": %.4f, \"min\": %.4f}, "
                        + "\"controller_cpu_s_per_cycle\": %.4f, \"controller_cores\": %.3f, "
                        + "\"heap_mb\": %d, \"heap_used_max_mb\": %d, \"farm_cpu_s_per_cycle\": %.3f, "
                        + "\"cycles\": %d, \"warm\": %b, \"commit\": \"%s\", \"loadavg\": \"%s\", "
                        + "\"measured_at\": \"%s\"}",
                agents, mode, num(median(p99)), num(p99[0]), num(p99[p99.length - 1]), median(within), within[0],
                cpuTotal / cycles, cpuTotal / cycles / (PollerFanoutBench.INTERVAL_MS / 1000.0), liveHeapMb, maxHeap,
                farmTicks / 100.0 / cycles, cycles, warm, commit(), loadavg, startedAt);
    }

    /** @return the raw record: the summary, what it ran on, and every measured cycle */
    String json() {
        StringJoiner rows = new StringJoiner(",\n    ", "[\n    ", "\n  ]");
        for (FanoutCycle c : measured) {
            rows.add(String.format(Locale.ROOT, "{\"start_ms\": %d, \"reports_received\": %d, \"within_250ms\": %d, "
                            + "\"age_p50_ms\": %s, \"age_p99_ms\": %s, \"refresh_ms\": %.1f, \"cpu_s\": %.4f, "
                            + "\"heap_used_mb\": %d}", c.startMs, c.fresh, c.within250, num(c.ageP50Ms),
                    num(c.ageP99Ms), c.refreshMs, c.cpuS, c.heapMb));
        }
        return String.format(Locale.ROOT, "{%n  \"summary\": %s,%n  \"command\": \"%s\",%n"
                        + "  \"jvm_args\": \"%s\",%n  \"machine\": \"%s\",%n  \"affinity\": \"%s\",%n"
                        + "  \"farm_affinity\": \"%s\",%n  \"interval_ms\": %d, \"deadline_ms\": %d, "
                        + "\"stream_lead_ms\": %d, \"refresh_bound_ms\": %d,%n  \"warmup_cycles\": %d,%n"
                        + "  \"counters\": %s,%n  \"cycles\": %s%n}%n",
                summary(), command, String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
                machine(), affinity("self"), farmPids.stream().map(p -> affinity(Long.toString(p)))
                        .collect(Collectors.joining(" ")), PollerFanoutBench.INTERVAL_MS,
                PollerFanoutBench.DEADLINE_MS, PollerFanoutBench.LEAD_MS, PollerFanoutBench.REFRESH_BOUND_MS,
                warmup, counters, rows);
    }

    private long farmTicks() {
        long sum = 0;
        for (long pid : farmPids) {
            String[] f = read("/proc/" + pid + "/stat").replaceAll("^.*\\) ", "").split(" ");
            if (f.length > 12) {
                sum += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (clock ticks)
            }
        }
        return sum;
    }

    private static String machine() {
        String model = Arrays.stream(read("/proc/cpuinfo").split("\n")).filter(l -> l.startsWith("model name"))
                .findFirst().map(l -> l.replaceAll(".*: ", "")).orElse("?");
        return String.format(Locale.ROOT, "%s, %d cpus online, %s %s, java %s", model,
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("java.version"));
    }

    private static String affinity(String pid) {
        return Arrays.stream(read("/proc/" + pid + "/status").split("\n"))
                .filter(l -> l.startsWith("Cpus_allowed_list")).findFirst()
                .map(l -> pid + ": " + l.replaceAll(".*:\\s*", "")).orElse(pid + ": ?");
    }

    private static String commit() {
        try {
            Process p = new ProcessBuilder("git", "describe", "--always", "--dirty", "--abbrev=12").start();
            String c = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor() == 0 ? c : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String read(String path) {
        try {
            return Files.readString(Paths.get(path)).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static double median(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2];
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "null";
    }

}
