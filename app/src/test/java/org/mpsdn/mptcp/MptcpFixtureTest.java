package org.mpsdn.mptcp;

import org.junit.Test;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Parser and grouping on the committed captures of real kernel-MPTCP handshakes
 * (src/test/resources/mptcp, made by deploy/fixtures/mptcp-capture.sh), fed whole and fed with only
 * the packets the punt recipe sends to the controller.
 */
public class MptcpFixtureTest {
    static final Path FIXTURES = Paths.get("src/test/resources/mptcp");

    @Test
    public void twoMultipathAndTwoSinglePathUsers() throws Exception {
        ScenarioChecks.checkUsers(ScenarioChecks.load(FIXTURES, "users"), false);
        ScenarioChecks.checkUsers(ScenarioChecks.load(FIXTURES, "users"), true);
    }

    @Test
    public void fallbackToTcp() throws Exception {
        ScenarioChecks.checkFallback(ScenarioChecks.load(FIXTURES, "fallback"), false);
        ScenarioChecks.checkFallback(ScenarioChecks.load(FIXTURES, "fallback"), true);
    }

    @Test
    public void subflowThroughANewApAfterAMove() throws Exception {
        ScenarioChecks.checkMove(ScenarioChecks.load(FIXTURES, "move"), false);
        ScenarioChecks.checkMove(ScenarioChecks.load(FIXTURES, "move"), true);
    }
}
