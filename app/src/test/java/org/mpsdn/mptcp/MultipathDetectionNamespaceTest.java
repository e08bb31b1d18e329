package org.mpsdn.mptcp;

import org.junit.Test;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The "done when", as a root test: two real MPTCP users (Wi-Fi + LTE links, kernel MPTCP,
 * a subflow joining over the second link) and two single-path users in network namespaces, captured
 * live on the two AP bridges (tcpdump into named pipes), fed while the traffic runs, with only the
 * packets the punt recipe sends to the controller, and no static registration or station list.
 */
public class MultipathDetectionNamespaceTest {
    private static final Replay.Frame EOF_MARK = new Replay.Frame("eof", 0, new byte[0]);

    @Test(timeout = 120_000)
    public void twoMultipathAndTwoSinglePathUsersAreGroupedLive() throws Exception {
        RootTests.requireRoot();
        Path out = Files.createTempDirectory("mptcp-live");
        File log = out.resolve("capture.log").toFile();
        ProcessBuilder pb = new ProcessBuilder("bash", RootTests.CAPTURE_SCRIPT.toString(), out.toString(), "users")
                .redirectErrorStream(true).redirectOutput(log);
        pb.environment().put("MPTCP_CAPTURE_FIFO", "1");
        Process script = pb.start();

        BlockingQueue<Replay.Frame> queue = new LinkedBlockingQueue<>();
        List<Throwable> readerErrors = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        for (String ap : List.of("ap1", "ap2")) {
            Thread th = new Thread(() -> {
                try {
                    read(script, out.resolve("users-" + ap + ".pcap"), ap, queue);
                } catch (IOException | InterruptedException | RuntimeException e) {
                    synchronized (readerErrors) {
                        readerErrors.add(e);
                    }
                } finally {
                    queue.add(EOF_MARK);
                }
            }, "pcap-" + ap);
            th.setDaemon(true);
            th.start();
            readers.add(th);
        }

        Replay live = new Replay(true);
        int ended = 0;
        while (ended < readers.size()) {
            Replay.Frame f = queue.take();
            if (f == EOF_MARK) {
                ended++;
                continue;
            }
            live.feed(f, System.currentTimeMillis());
        }
        int rc = script.waitFor();
        String scriptLog = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        assertEquals("capture script failed:\n" + scriptLog, 0, rc);
        System.out.println("fed " + live.fed + " punted frames live; grouping after each: " + live.summaries);
        assertTrue("pcap readers failed: " + readerErrors, readerErrors.isEmpty());

        assertTrue("grouping " + ScenarioChecks.USERS_EXPECTED + " never seen live; saw " + live.summaries,
                   live.summaries.contains(ScenarioChecks.USERS_EXPECTED));
        ScenarioChecks.assertNeverMixesDevices(live, ScenarioChecks.USERS_DEVICES);
        assertEquals("[10.1.0.13:SP]", live.summaries.get(live.summaries.size() - 1));
        assertEquals(0, live.tracker.decodeStats().malformed());
        assertEquals(2, live.tracker.eventCount(TrackerEvent.JOINS_RESOLVED));
        assertTrue(live.fed > 0);
    }

    private static void read(Process script, Path fifo, String ap, BlockingQueue<Replay.Frame> queue)
            throws IOException, InterruptedException {
        while (!Files.exists(fifo)) {
            if (!script.isAlive()) {
                fail("capture script ended before creating " + fifo);
            }
            Thread.sleep(20);
        }
        try (InputStream in = new FileInputStream(fifo.toFile()); PcapReader r = new PcapReader(in)) {
            for (PcapReader.Record rec = r.next(); rec != null; rec = r.next()) {
                queue.put(new Replay.Frame(ap, rec.micros, rec.frame));
            }
        }
    }
}
