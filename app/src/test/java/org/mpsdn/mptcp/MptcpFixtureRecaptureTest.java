package org.mpsdn.mptcp;

import org.junit.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.Assert.assertEquals;

/**
 * Root test: re-creates the pcap fixtures from real kernel MPTCP in network namespaces with
 * deploy/fixtures/mptcp-capture.sh and checks that they yield the same grouping as the committed ones.
 */
public class MptcpFixtureRecaptureTest {

    @Test(timeout = 180_000)
    public void recapturedFixturesGiveTheSameGrouping() throws Exception {
        RootTests.requireRoot();
        Path out = Files.createTempDirectory("mptcp-fixtures");
        File log = out.resolve("capture.log").toFile();
        Process p = new ProcessBuilder("bash", RootTests.CAPTURE_SCRIPT.toString(), out.toString(),
                                       "users", "fallback", "move")
                .redirectErrorStream(true).redirectOutput(log).start();
        int rc = p.waitFor();
        assertEquals("capture script failed:\n" + Files.readString(log.toPath(), StandardCharsets.UTF_8), 0, rc);
        for (boolean puntOnly : new boolean[]{false, true}) {
            assertEquals(ScenarioChecks.checkUsers(ScenarioChecks.load(MptcpFixtureTest.FIXTURES, "users"), puntOnly),
                         ScenarioChecks.checkUsers(ScenarioChecks.load(out, "users"), puntOnly));
            assertEquals(ScenarioChecks.checkFallback(ScenarioChecks.load(MptcpFixtureTest.FIXTURES, "fallback"),
                                                      puntOnly),
                         ScenarioChecks.checkFallback(ScenarioChecks.load(out, "fallback"), puntOnly));
            assertEquals(ScenarioChecks.checkMove(ScenarioChecks.load(MptcpFixtureTest.FIXTURES, "move"), puntOnly),
                         ScenarioChecks.checkMove(ScenarioChecks.load(out, "move"), puntOnly));
        }
    }
}
