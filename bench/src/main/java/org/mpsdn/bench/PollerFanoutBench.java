package org.mpsdn.bench;

import org.mpsdn.impl.telemetry.AgentEndpoint;
import org.mpsdn.impl.telemetry.AgentPoller;
import org.mpsdn.impl.telemetry.PollerConfig;
import org.mpsdn.impl.telemetry.TlsAgentClients;
import org.mpsdn.impl.tls.ControllerTls;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Controller fan-out benchmark: the app's {@link AgentPoller} takes one report per 2 s cycle from N
 * fake agents over mTLS, polled or streamed, as the regulation loop drives it (a refresh at each
 * cycle's start, waiting at most a quarter of the cycle). The agents ({@link FakeAgentFarm}, each
 * with its own {@code mpsdn://ap/ap<n>} certificate from one CA, made by
 * {@code bench/scripts/fanout-pki.sh}) run in separate processes pinned to core 1 with
 * {@code taskset}; run this process pinned to core 0, so that its CPU time is the controller's.
 * Per measured cycle ({@link FanoutCycle}): reports received, the age of the data decided on,
 * this process's CPU seconds and heap. Writes the raw run ({@link FanoutReport}) as JSON.
 * <p>
 * Usage: {@code taskset -c 0 java -Xmx512m -cp bench/target/benchmarks.jar
 * org.mpsdn.bench.PollerFanoutBench agents poll|stream cycles out.json [pki-dir]}
 */
public final class PollerFanoutBench {
    static final long INTERVAL_MS = 2000;
    static final long DEADLINE_MS = 500;
    static final long LEAD_MS = 100;
    static final long REFRESH_BOUND_MS = INTERVAL_MS / 4; // RegulationCycle.REFRESH_SHARE
    private static final int AGENTS_PER_FARM = 5000; // two sockets each, under the 20 000-file limit
    private static final int WARMUP_MAX = 40;

    private PollerFanoutBench() {
    }

    /**
     * Entry point.
     *
     * @param args agents, mode (poll or stream), measured cycles, output file, PKI directory
     * @throws Exception on failure
     */
    public static void main(String[] args) throws Exception {
        int agents = Integer.parseInt(args[0]);
        String mode = args[1];
        if (!mode.equals("poll") && !mode.equals("stream")) {
            throw new IllegalArgumentException("mode '" + mode + "' must be poll or stream");
        }
        int cycles = Integer.parseInt(args[2]);
        Path out = Paths.get(args[3]);
        Path pki = Paths.get(args.length > 4 ? args[4] : "bench/target/fanout-pki");
        FanoutReport report = new FanoutReport(agents, mode, cycles, String.join(" ", args));
        List<Process> farms = new ArrayList<>();
        try {
            List<AgentEndpoint> eps = new ArrayList<>();
            for (int from = 0; from < agents; from += AGENTS_PER_FARM) {
                int to = Math.min(agents, from + AGENTS_PER_FARM);
                Process farm = startFarm(pki, from, to, eps);
                farms.add(farm);
                report.farmPid(farm.pid());
            }
            run(eps, mode.equals("stream"), cycles, pki, report);
        } finally {
            farms.forEach(Process::destroy);
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report.json());
        System.out.println(report.summary());
    }

    private static Process startFarm(Path pki, int from, int to, List<AgentEndpoint> eps) throws Exception {
        Process farm = new ProcessBuilder("taskset", "-c", "1",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), FakeAgentFarm.class.getName(), pki.toString(),
                Integer.toString(from), Integer.toString(to))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(farm.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        if (line == null || !line.startsWith("PORTS ")) {
            farm.destroy();
            throw new IllegalStateException("fake agent farm did not start: " + line);
        }
        String[] ports = line.substring(6).split(",");
        for (int i = from; i < to; i++) {
            eps.add(new AgentEndpoint("ap" + i, "127.0.0.1", Integer.parseInt(ports[i - from])));
        }
        return farm;
    }

    private static void run(List<AgentEndpoint> eps, boolean stream, int cycles, Path pki, FanoutReport report)
            throws Exception {
        ControllerTls tls = ControllerTls.load(pki.resolve("controller-bench.crt"),
                pki.resolve("controller-bench.key"), pki.resolve("ca.crt"));
        PollerConfig cfg = new PollerConfig(INTERVAL_MS, DEADLINE_MS, 30, stream, LEAD_MS);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        try (AgentPoller poller = new AgentPoller(cfg, new TlsAgentClients(tls, 30, INTERVAL_MS),
                System::currentTimeMillis)) {
            poller.setAgents(eps);
            poller.start(executor);
            long t0 = System.currentTimeMillis() + INTERVAL_MS;
            int k = 0;
            int complete = 0;
            while (k < WARMUP_MAX && complete < 3) {
                FanoutCycle c = FanoutCycle.run(poller, eps, t0 + k++ * INTERVAL_MS);
                complete = c.fresh() == eps.size() ? complete + 1 : 0;
            }
            report.warmup(k, complete == 3);
            for (int i = 0; i < cycles; i++) {
                report.add(FanoutCycle.run(poller, eps, t0 + k++ * INTERVAL_MS));
            }
            report.end(poller.counters().asMap());
        } finally {
            executor.shutdownNow();
        }
    }
}
