package org.mpsdn.impl.tls;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Runs the project's Go tools in tests (the real {@code mpsdn-certs} PKI, the real agents): the Go
 * module, and commands that must succeed within a time, their output kept in a log file.
 */
public final class GoTools {
    /** Time allowed to {@code go build} on a loaded machine with a cold cache. */
    public static final long BUILD_TIMEOUT_S = 900;

    private GoTools() {
    }

    /**
     * Returns the Go module of the agents, failing the test when it is not there.
     *
     * @return {@code southbound-ap-agent}
     */
    public static Path module() {
        Path module = Paths.get("..", "southbound-ap-agent").toAbsolutePath().normalize();
        assertTrue("Go module not found at " + module, Files.isDirectory(module));
        return module;
    }

    /**
     * Runs a command, failing the test with its output when it fails or times out.
     *
     * @param work     folder for the command's log
     * @param dir      working directory
     * @param timeoutS time allowed in seconds
     * @param cmd      command and arguments
     * @throws Exception when the command cannot be started or the wait is interrupted
     */
    public static void run(Path work, File dir, long timeoutS, String... cmd) throws Exception {
        Path out = Files.createTempFile(work, "cmd", ".log");
        Process p = new ProcessBuilder(cmd).directory(dir).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " timed out after " + timeoutS + " s");
        }
        assertEquals(String.join(" ", cmd) + ":\n" + Files.readString(out), 0, p.exitValue());
    }
}
