package org.mpsdn.sim.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

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
     * @param args ignored
     * @throws IOException if stdin or stdout fails
     */
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
        BridgeSession session = new BridgeSession();
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
