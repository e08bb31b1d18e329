package org.mpsdn.impl.telemetry;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.WindowMode;
import org.mpsdn.impl.tls.ControllerTls;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.mpsdn.impl.tls.GoTools.BUILD_TIMEOUT_S;
import static org.mpsdn.impl.tls.GoTools.module;
import static org.mpsdn.impl.tls.GoTools.run;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

/**
 * Cross-language test: the Java poller talks to the real Go agent binary over loopback mTLS.
 * The test builds the agent and the cert helper with {@code go build}, makes a PKI, and runs
 * the agent with the eNB source reading a metrics file the test writes (no root needed).
 */
public class GoAgentInteropTest {
    private static Path work;
    private static Path pki;
    private static Path enbFile;
    private static Process agent;
    private static int port;

    @BeforeClass
    public static void startAgent() throws Exception {
        Path module = module();
        work = Files.createTempDirectory("mpsdn-interop");
        Path bin = work.resolve("bin");
        Files.createDirectories(bin);
        run(work, module.toFile(), BUILD_TIMEOUT_S, "go", "build", "-o", bin.toString() + File.separator,
                "./cmd/mpsdn-ap-agent", "./cmd/mpsdn-certs");
        pki = work.resolve("pki");
        String certs = bin.resolve("mpsdn-certs").toString();
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "ca");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "ap", "ap1");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "controller", "onos1");
        Path rogue = work.resolve("rogue");
        run(work, work.toFile(), 60, certs, "-dir", rogue.toString(), "ca");
        run(work, work.toFile(), 60, certs, "-dir", rogue.toString(), "controller", "onos1");

        enbFile = work.resolve("enb.json");
        writeEnb(120_000, 150_000);
        Path cfg = work.resolve("agent.yaml");
        Files.writeString(cfg, String.join("\n",
                "kind: lte",
                "listen: 127.0.0.1:0",
                "tls: {cert: " + pki.resolve("ap-ap1.crt") + ", key: " + pki.resolve("ap-ap1.key")
                        + ", client_ca: " + pki.resolve("ca.crt") + "}",
                "queues:",
                "  - {direction: downlink, source: enb}",
                "stations: {source: enb}",
                "enb: {file: " + enbFile + ", max_age_ms: 0}",
                ""));
        agent = new ProcessBuilder(bin.resolve("mpsdn-ap-agent").toString(), "-config", cfg.toString())
                .redirectError(work.resolve("agent.log").toFile()).start();
        BlockingQueue<String> lines = new ArrayBlockingQueue<>(100);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    lines.offer(l);
                }
            } catch (IOException ignored) {
                // the agent exited
            }
        });
        reader.setDaemon(true);
        reader.start();
        String l = lines.poll(60, TimeUnit.SECONDS);
        assertNotNull("agent printed no LISTENING line; log: " + log(), l);
        assertTrue(l, l.startsWith("LISTENING 127.0.0.1:"));
        port = Integer.parseInt(l.substring(l.lastIndexOf(':') + 1));
        Thread.sleep(300); // first samples at 10 Hz
    }

    @AfterClass
    public static void stopAgent() throws Exception {
        if (agent != null) {
            agent.destroy();
            if (!agent.waitFor(10, TimeUnit.SECONDS)) {
                agent.destroyForcibly();
            }
        }
    }

    private static void writeEnb(long backlog, long limit) throws IOException {
        Path tmp = work.resolve("enb.json.tmp");
        Files.writeString(tmp, "{\"version\":1,\"enb_id\":\"enb1\",\"timestamp_ms\":" + System.currentTimeMillis()
                + ",\"capacity_bps\":20000000,\"queues\":{\"downlink\":{\"backlog_bytes\":" + backlog
                + ",\"limit_bytes\":" + limit + ",\"drops\":3}},\"ues\":[{\"imsi\":\"001010123456789\","
                + "\"ips\":[\"10.45.0.2\"],\"rsrp_dbm\":-95.5,\"dl_phy_rate_bps\":20000000}]}");
        Files.move(tmp, enbFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static String log() {
        try {
            return Files.readString(work.resolve("agent.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static AgentPoller poller(Path dir, String apId) throws Exception {
        AgentPoller p = new AgentPoller(new PollerConfig(10_000, 5_000, 30),
                // a sliding window of 400 ms, the spacing of this test's polls (production: the poll interval)
                new TlsAgentClients(ControllerTls.load(dir.resolve("controller-onos1.crt"),
                        dir.resolve("controller-onos1.key"), pki.resolve("ca.crt")), 30, 400),
                System::currentTimeMillis);
        List<AgentEndpoint> eps = new ArrayList<>();
        eps.add(new AgentEndpoint(apId, "127.0.0.1", port));
        p.setAgents(eps);
        return p;
    }

    @Test
    public void javaPollerReadsGoAgentOverMutualTls() throws Exception {
        try (AgentPoller p = poller(pki, "ap1")) {
            PollCycleStats r = p.pollOnce();
            assertEquals("counters " + p.counters().asMap() + "; agent log: " + log(), 1, r.accepted());
            ApTelemetry t = p.latest("ap1").orElseThrow();
            assertEquals(0.8, t.occupancy(Direction.DOWNLINK).getAsDouble(), 1e-9);
            assertFalse(t.occupancy(Direction.UPLINK).isPresent());
            assertEquals(20_000_000L, t.capacityBps());
            assertEquals(1, t.stations().size());
            assertEquals(List.of("10.45.0.2"), t.stations().get(0).ips());
            assertEquals(-95.5, t.stations().get(0).rssiDbm(), 0);
            assertEquals(WindowMode.SLIDING, t.windowMode());
            assertTrue(t.sampleAgeNanos().isPresent());
            long firstSeq = t.sequence();

            // The occupancy is the average over the 400-ms window before the poll: a window
            // spanning the change mixes 0.8 and 0.2; the next one holds only 0.2.
            writeEnb(30_000, 150_000);
            Thread.sleep(400);
            assertEquals(1, p.pollOnce().accepted());
            ApTelemetry t2 = p.latest("ap1").orElseThrow();
            assertTrue(t2.sequence() > firstSeq);
            double mixed = t2.occupancy(Direction.DOWNLINK).getAsDouble();
            assertTrue("mixed window " + mixed, mixed >= 0.2 - 1e-9 && mixed < 0.8);
            Thread.sleep(400);
            assertEquals(1, p.pollOnce().accepted());
            assertEquals(0.2, p.latest("ap1").orElseThrow().occupancy(Direction.DOWNLINK).getAsDouble(), 1e-9);

            // A failing source: the agent answers UNAVAILABLE instead of old values.
            Files.writeString(enbFile, "{\"version\":1}");
            Thread.sleep(400);
            assertEquals(0, p.pollOnce().accepted());
            assertEquals(1, p.missedCycles("ap1"));
            assertTrue(p.counters().unavailable() >= 1);
            assertFalse(p.latest("ap1").isPresent());
            writeEnb(30_000, 150_000);
            Thread.sleep(400);
            assertEquals(1, p.pollOnce().accepted());
            assertEquals(0, p.missedCycles("ap1"));
        }
    }

    @Test
    public void agentWithAnotherIdentityIsRefusedByThePoller() throws Exception {
        // The controller dials ap2 but the agent's certificate is bound to ap1.
        try (AgentPoller p = poller(pki, "ap2")) {
            assertEquals(0, p.pollOnce().accepted());
            assertEquals(1, p.missedCycles("ap2"));
            assertEquals(1, p.counters().unavailable());
        }
    }

    @Test
    public void controllerCertificateFromAnotherCaIsRefusedByTheAgent() throws Exception {
        try (AgentPoller p = poller(work.resolve("rogue"), "ap1")) {
            assertEquals(0, p.pollOnce().accepted());
            assertEquals(1, p.missedCycles("ap1"));
            assertEquals(1, p.counters().rpcErrors());
        }
    }
}
