package org.mpsdn.sim.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Entry point started by the ns-3 scenario: reads request lines from stdin until EOF and writes
 * one answer line per request to stdout (flushed). Diagnostics go to stderr.
 */
public final class BridgeMain {
    private BridgeMain() {
    }

    /**
     * Runs the bridge.
     *
     * @param args {@code --profile=paper|mpsdn}, {@code --tier1Threshold=T}, {@code --hysteresis=H}: settings
     *             that win over the config line's
     *             (how a study runs the scenario with another profile); anything else is refused
     * @throws IOException if stdin or stdout fails
     */
    public static void main(String[] args) throws IOException {
        Map<String, String> overrides = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            String name = a.startsWith("--") && eq > 2 ? a.substring(2, eq) : "";
            if (!BridgeSession.SETTINGS.contains(name)) {
                System.err.println("mpsdn bridge: unknown argument '" + a + "' (use --profile=, "
                        + "--tier1Threshold=, --hysteresis=)");
                System.exit(2);
            }
            overrides.put(name, a.substring(eq + 1));
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
        BridgeSession session = new BridgeSession(overrides);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            out.println(session.handle(line));
            out.flush();
        }
        System.err.println("mpsdn bridge: " + session.cycles() + " cycles, stdin closed");
    }
}
