package org.mpsdn.impl.telemetry;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.impl.tls.ControllerTls;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.tls.GoTools.BUILD_TIMEOUT_S;
import static org.mpsdn.impl.tls.GoTools.module;
import static org.mpsdn.impl.tls.GoTools.run;

/**
 * Cross-language test of the status stream: the Java poller subscribes to the real Go agent over
 * loopback mTLS, the cycles decide on the window that ended before they started, and the agent is
 * restarted on the same port: the stream resumes on its own, takes nothing twice, and counts the
 * windows missed while the agent was down.
 */
public class GoAgentStreamInteropTest {
    private static final long PERIOD_MS = 1000;

    private Path work;
    private Path bin;
    private Path cfg;
    private Process agent;
    private AgentPoller poller;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();

    @Before
    public void setUp() throws Exception {
        work = Files.createTempDirectory("mpsdn-stream-interop");
        bin = work.resolve("bin");
        Files.createDirectories(bin);
        run(work, module().toFile(), BUILD_TIMEOUT_S, "go", "build", "-o", bin.toString() + File.separator,
                "./cmd/mpsdn-ap-agent", "./cmd/mpsdn-certs");
        Path pki = work.resolve("pki");
        String certs = bin.resolve("mpsdn-certs").toString();
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "ca");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "ap", "ap1");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "controller", "onos1");
        Path enb = work.resolve("enb.json");
        Files.writeString(enb, "{\"version\":1,\"enb_id\":\"enb1\",\"timestamp_ms\":" + System.currentTimeMillis()
                + ",\"capacity_bps\":20000000,\"queues\":"
                + "{\"downlink\":{\"backlog_bytes\":500,\"limit_bytes\":1000,\"drops\":0}},\"ues\":[]}");
        cfg = work.resolve("agent.yaml");
        int port = startAgent("127.0.0.1:0");
        Files.writeString(cfg, Files.readString(cfg).replace("127.0.0.1:0", "127.0.0.1:" + port));
        poller = new AgentPoller(new PollerConfig(PERIOD_MS, 500, 10, true, 100),
                new TlsAgentClients(ControllerTls.load(pki.resolve("controller-onos1.crt"),
                        pki.resolve("controller-onos1.key"), pki.resolve("ca.crt")), 10, PERIOD_MS),
                System::currentTimeMillis);
        poller.setAgents(List.of(new AgentEndpoint("ap1", "127.0.0.1", port)));
    }

    /**
     * Starts the agent (writing its config the first time).
     *
     * @param listen the address to listen on, the first time
     * @return its port
     * @throws Exception when it does not start
     */
    private int startAgent(String listen) throws Exception {
        Path pki = work.resolve("pki");
        if (!Files.exists(cfg)) {
            Files.writeString(cfg, String.join("\n", "kind: lte", "listen: " + listen,
                    "tls: {cert: " + pki.resolve("ap-ap1.crt") + ", key: " + pki.resolve("ap-ap1.key")
                            + ", client_ca: " + pki.resolve("ca.crt") + "}",
                    "queues:", "  - {direction: downlink, source: enb}", "stations: {source: none}",
                    "enb: {file: " + work.resolve("enb.json") + ", max_age_ms: 0}", ""));
        }
        agent = new ProcessBuilder(bin.resolve("mpsdn-ap-agent").toString(), "-config", cfg.toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(work.resolve("agent.log").toFile())).start();
        BlockingQueue<String> lines = new ArrayBlockingQueue<>(100);
        Process p = agent;
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    lines.offer(l);
                }
            } catch (IOException ignored) {
                // the agent exited
            }
        });
        reader.setDaemon(true);
        reader.start();
        String l = lines.poll(60, TimeUnit.SECONDS);
        assertNotNull("agent printed no LISTENING line; log: " + Files.readString(work.resolve("agent.log")), l);
        return Integer.parseInt(l.substring(l.lastIndexOf(':') + 1));
    }

    private void stopAgent() throws InterruptedException {
        agent.destroy();
        if (!agent.waitFor(10, TimeUnit.SECONDS)) {
            agent.destroyForcibly();
        }
    }

    @After
    public void tearDown() throws Exception {
        if (poller != null) {
            poller.close();
        }
        executor.shutdownNow();
        if (agent != null) {
            stopAgent();
        }
    }

    /**
     * Waits (at most 20 s) until the condition holds; not a timing assertion.
     *
     * @param what what is awaited
     * @param cond the condition
     * @throws InterruptedException when interrupted
     */
    private static void await(String what, BooleanSupplier cond) throws InterruptedException {
        for (int i = 0; i < 2000 && !cond.getAsBoolean(); i++) {
            Thread.sleep(10);
        }
        assertTrue(what, cond.getAsBoolean());
    }

    /**
     * Runs a cycle at t0 + k periods.
     *
     * @param t0 the first cycle's start, ms
     * @param k  the cycle's number
     * @return the agents whose window had not come
     * @throws InterruptedException when interrupted
     */
    private Set<String> cycle(long t0, int k) throws InterruptedException {
        long at = t0 + k * PERIOD_MS;
        Thread.sleep(Math.max(0, at - System.currentTimeMillis()));
        return poller.refresh(PERIOD_MS / 4);
    }

    @Test
    public void streamsAlignedWindowsAndResumesAfterAnAgentRestart() throws Exception {
        poller.startStreams(executor);
        long t0 = System.currentTimeMillis();
        cycle(t0, 0); // the first cycle sets the schedule's phase
        Set<String> late = cycle(t0, 2);
        assertEquals("counters " + poller.counters().asMap(), Set.of(), late);
        assertEquals(Set.of(), cycle(t0, 3));
        assertEquals(0, poller.counters().calls());
        assertTrue("streamed " + poller.counters().streamed(), poller.counters().streamed() >= 2);

        stopAgent(); // SIGTERM: the agent ends its streams and exits
        long before = poller.counters().streamed();
        Thread.sleep(2 * PERIOD_MS + PERIOD_MS / 2);
        startAgent("unused");
        await("resumed after the restart; counters " + poller.counters().asMap(),
            () -> poller.counters().streamed() > before);
        long seq = poller.lastAccepted("ap1").orElseThrow().sequence();
        assertEquals("a new boot starts its sequence again; counters " + poller.counters().asMap(), 1, seq);
        long missed = poller.stream("ap1").missedWindows();
        assertTrue("missed windows " + missed, missed >= 2 && missed <= 5);
        assertEquals(0, poller.counters().droppedOutOfOrder());
        assertTrue(poller.counters().streamRestarts() >= 1);
        long k = (System.currentTimeMillis() - t0) / PERIOD_MS + 1;
        assertEquals(Set.of(), cycle(t0, (int) k));
        assertEquals(0, poller.counters().calls());
    }
}
