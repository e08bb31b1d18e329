package org.mpsdn.bench;

import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import org.mpsdn.impl.telemetry.AgentEndpoint;
import org.mpsdn.impl.telemetry.AgentPoller;
import org.mpsdn.impl.telemetry.GrpcAgentClient;
import org.mpsdn.impl.telemetry.PollCycleStats;
import org.mpsdn.impl.telemetry.PollerConfig;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Controller fan-out benchmark: one {@link AgentPoller} polls N fake agents (default 10 000,
 * each its own channel and TCP connection on loopback, plaintext) once per cycle; reports the
 * cycle time and per-call latency percentiles as JSON. Goal: all agents polled within one
 * 2 s cycle, p99 latency at most 100 ms.
 * <p>
 * Usage: {@code java -cp bench/target/benchmarks.jar org.mpsdn.bench.PollerFanoutBench
 * [agents] [servers] [cycles] [out.json]}
 */
public final class PollerFanoutBench {
    private static final long INTERVAL_MS = 2000;
    private static final long DEADLINE_MS = 1000;
    private static final int WARMUP_MAX = 30;

    private PollerFanoutBench() {
    }

    /**
     * Entry point.
     *
     * @param args agents, servers, measured cycles, output file
     * @throws Exception on failure
     */
    public static void main(String[] args) throws Exception {
        int agents = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int servers = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int cycles = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Path out = Paths.get(args.length > 3 ? args[3] : "bench/results/poller-fanout.json");

        Process farm = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), FakeAgentFarm.class.getName(),
                Integer.toString(servers)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream farmIn = farm.getOutputStream()) {
            BufferedReader r = new BufferedReader(new InputStreamReader(farm.getInputStream(), StandardCharsets.UTF_8));
            String line = r.readLine();
            if (line == null || !line.startsWith("PORTS ")) {
                throw new IllegalStateException("fake agent farm did not start: " + line);
            }
            int[] ports = Arrays.stream(line.substring(6).split(",")).mapToInt(Integer::parseInt).toArray();
            run(agents, ports, cycles, out);
        } finally {
            farm.destroy();
        }
    }

    private static void run(int agents, int[] ports, int cycles, Path out) throws Exception {
        PollerConfig cfg = new PollerConfig(INTERVAL_MS, DEADLINE_MS, 30);
        List<AgentEndpoint> eps = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            eps.add(new AgentEndpoint("ap" + i, "127.0.0.1", ports[i % ports.length]));
        }
        try (AgentPoller poller = new AgentPoller(cfg, ep -> new GrpcAgentClient(
                NettyChannelBuilder.forAddress(ep.host(), ep.port()).usePlaintext().directExecutor().build()),
                System::currentTimeMillis)) {
            poller.setAgents(eps);
            long warmStart = System.nanoTime();
            int warm = warmUp(poller, agents);
            double warmSeconds = (System.nanoTime() - warmStart) / 1e9;
            Measured m = new Measured(poller, agents, cycles);
            String json = report(m, agents, ports.length, warm, warmSeconds,
                    poller.counters().asMap().toString().replace('=', ':')
                            .replaceAll("([a-zA-Z]+):", "\"$1\": "));
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.writeString(out, json);
            System.out.print(json);
        }
    }

    // Warms up (connections, JIT) until three consecutive complete cycles, at most WARMUP_MAX; returns the cycles run.
    private static int warmUp(AgentPoller poller, int agents) {
        int warm = 0;
        int completeRun = 0;
        while (warm < WARMUP_MAX && completeRun < 3) {
            warm++;
            completeRun = poller.pollOnce().accepted() == agents ? completeRun + 1 : 0;
        }
        return warm;
    }

    /** The measured cycles, one every INTERVAL_MS. */
    private static final class Measured {
        final int cycles;
        final long[] latencies;
        final long[] durations;
        final int[] accepted;
        final int complete;
        final double cpuPerCycle;
        final double wallSeconds;

        Measured(AgentPoller poller, int agents, int cycles) throws InterruptedException {
            this.cycles = cycles;
            com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            List<Long> lat = new ArrayList<>();
            durations = new long[cycles];
            accepted = new int[cycles];
            int completed = 0;
            for (int c = 0; c < cycles; c++) {
                long start = System.nanoTime();
                PollCycleStats r = poller.pollOnce();
                durations[c] = r.durationNanos();
                accepted[c] = r.accepted();
                for (long l : r.latenciesNanos()) {
                    lat.add(l < 0 ? Long.MAX_VALUE : l);
                }
                if (r.accepted() == agents && r.durationNanos() <= INTERVAL_MS * 1_000_000L) {
                    completed++;
                }
                long sleep = INTERVAL_MS - (System.nanoTime() - start) / 1_000_000L;
                if (sleep > 0) {
                    Thread.sleep(sleep);
                }
            }
            complete = completed;
            cpuPerCycle = (os.getProcessCpuTime() - cpu0) / 1e9 / cycles;
            wallSeconds = (System.nanoTime() - wall0) / 1e9;
            latencies = lat.stream().mapToLong(Long::longValue).sorted().toArray();
        }
    }

    private static String report(Measured m, int agents, int servers, int warm, double warmSeconds,
                                 String counters) {
        long[] l = m.latencies;
        long[] d = m.durations.clone();
        Arrays.sort(d);
        Runtime rt = Runtime.getRuntime();
        return String.format(Locale.ROOT, "{%n"
                        + "  \"benchmark\": \"controller fan-out: AgentPoller over loopback gRPC (plaintext)\",%n"
                        + "  \"machine\": \"%s, %d cpus visible, java %s, shared with other jobs\",%n"
                        + "  \"loadavg_at_end\": \"%s\",%n"
                        + "  \"agents\": %d,%n  \"fake_agent_servers\": %d,%n"
                        + "  \"interval_ms\": %d,%n  \"deadline_ms\": %d,%n"
                        + "  \"warmup_cycles\": %d,%n  \"warmup_seconds\": %.1f,%n"
                        + "  \"measured_cycles\": %d,%n"
                        + "  \"cycles_all_polled_within_interval\": %d,%n"
                        + "  \"accepted_per_cycle\": %s,%n"
                        + "  \"cycle_ms\": {\"min\": %.1f, \"median\": %.1f, \"max\": %.1f},%n"
                        + "  \"call_latency_ms\": {\"p50\": %.2f, \"p90\": %.2f, \"p99\": %.2f, \"max\": %.2f},%n"
                        + "  \"poller_process_cpu_seconds_per_cycle\": %.3f,%n"
                        + "  \"measured_wall_seconds\": %.1f,%n"
                        + "  \"heap_used_mb\": %d,%n"
                        + "  \"counters\": %s%n}%n",
                System.getProperty("os.arch") + " " + System.getProperty("os.name"),
                rt.availableProcessors(), System.getProperty("java.version"), loadavg(),
                agents, servers, INTERVAL_MS, DEADLINE_MS, warm, warmSeconds, m.cycles, m.complete,
                Arrays.toString(m.accepted), ms(d[0]), ms(d[d.length / 2]), ms(d[d.length - 1]),
                ms(pct(l, 0.50)), ms(pct(l, 0.90)), ms(pct(l, 0.99)), ms(l[l.length - 1]),
                m.cpuPerCycle, m.wallSeconds, (rt.totalMemory() - rt.freeMemory()) >> 20, counters);
    }

    private static String loadavg() {
        try {
            return Files.readString(Paths.get("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static long pct(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    private static double ms(long nanos) {
        return nanos == Long.MAX_VALUE ? -1 : nanos / 1e6;
    }
}
