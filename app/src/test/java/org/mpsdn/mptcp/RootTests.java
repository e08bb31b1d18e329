package org.mpsdn.mptcp;

import org.junit.Assume;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.Assert.fail;

/**
 * Guards for tests that need root (network namespaces, tcpdump): they run whenever the JVM is
 * root, and CI (CI=true, always root) fails instead of skipping if it is not.
 */
final class RootTests {
    /** The capture script, relative to the app module (Maven's working directory for tests). */
    static final Path CAPTURE_SCRIPT = Paths.get("../deploy/fixtures/mptcp-capture.sh");

    private RootTests() {
    }

    static void requireRoot() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("id", "-u").start();
        String uid = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        p.waitFor();
        if (!"0".equals(uid)) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI must run the namespace tests as root (uid " + uid + ")");
            }
            Assume.assumeTrue("needs root for network namespaces (uid " + uid + ")", false);
        }
    }
}
