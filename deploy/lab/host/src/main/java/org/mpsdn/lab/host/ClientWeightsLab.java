package org.mpsdn.lab.host;

import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.PathApplied;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.weights.WeightPublisher;
import org.mpsdn.impl.weights.transport.ClientWeightsServer;

import java.nio.file.Paths;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the app's Java ClientWeights server outside ONOS, for lab and interoperability runs with the Go client agent
 * ({@code southbound-ap-agent/scripts/client-weights-interop.sh}): plaintext with bearer tokens, or TLS, and manual
 * weights from the command line. Lab only: not part of the product bundle.
 *
 * <p>Usage: {@code ClientWeightsLab --port N [--token ID=TOKEN ...] [--tls CERT,KEY,CA] --manual ID:PATH=W,PATH=W
 * [--manual ...] [--exit-on-ack ID]}. Without {@code --tls} it serves plaintext; with it, TLS with the server
 * certificate and key, and client certificates verified against CA (mTLS: the client id is the certificate's
 * {@code mpsdn://client/<id>} URI SAN). Prints {@code listening PORT plaintext|tls} once serving and
 * {@code ack ID EPOCH VERSION ok|failed} per acknowledgement; with {@code --exit-on-ack} it exits 0 after the first
 * acknowledgement of that client's current version with every path applied, and 1 when one arrives with a failed
 * path.
 */
public final class ClientWeightsLab {
    private static final long POLL_MS = 50;
    private static final long STOP_WAIT_MS = 1000;

    private int port;
    private final Map<String, String> tokens = new HashMap<>();
    private final Map<String, Map<String, Integer>> manual = new LinkedHashMap<>();
    private String exitOnAck;
    private ControllerTls tls;

    private ClientWeightsLab() {
    }

    /**
     * Entry point.
     *
     * @param args see the class comment
     * @throws Exception when the server cannot start
     */
    public static void main(String[] args) throws Exception {
        ClientWeightsLab lab = new ClientWeightsLab();
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            lab.option(args[i], args[i + 1]);
        }
        System.exit(lab.run());
    }

    private void option(String name, String v) throws Exception {
        switch (name) {
            case "--port":
                port = Integer.parseInt(v);
                break;
            case "--token":
                String[] kv = v.split("=", 2);
                if (kv.length != 2) {
                    throw new IllegalArgumentException("--token " + v + ": want ID=TOKEN");
                }
                tokens.put(kv[0], kv[1]);
                break;
            case "--manual":
                manual(v);
                break;
            case "--tls":
                String[] f = v.split(",", -1);
                if (f.length != 3) {
                    throw new IllegalArgumentException("--tls " + v + ": want CERT,KEY,CA");
                }
                tls = ControllerTls.load(Paths.get(f[0]), Paths.get(f[1]), Paths.get(f[2]));
                break;
            case "--exit-on-ack":
                exitOnAck = v;
                break;
            default:
                throw new IllegalArgumentException("unknown option " + name);
        }
    }

    private void manual(String v) {
        String[] cw = v.split(":", 2);
        if (cw.length != 2) {
            throw new IllegalArgumentException("--manual " + v + ": want ID:PATH=W,PATH=W");
        }
        Map<String, Integer> ws = new LinkedHashMap<>();
        for (String pw : cw[1].split(",")) {
            String[] p = pw.split("=", 2);
            if (p.length != 2) {
                throw new IllegalArgumentException("--manual " + v + ": " + pw + " is not PATH=W");
            }
            ws.put(p[0], Integer.parseInt(p[1]));
        }
        manual.put(cw[0], ws);
    }

    /** Serves until the awaited acknowledgement (forever without one); returns the exit code. */
    private int run() throws Exception {
        WeightPublisher publisher = new WeightPublisher();
        for (Map.Entry<String, Map<String, Integer>> e : manual.entrySet()) {
            publisher.setManual(e.getKey(), e.getValue());
        }
        ClientWeightsServer server = new ClientWeightsServer(port, publisher, tokens, tls);
        System.out.println("listening " + server.port() + (tls == null ? " plaintext" : " tls"));
        System.out.flush();
        AckRequest last = null;
        while (true) {
            Thread.sleep(POLL_MS);
            Optional<AckRequest> ack = exitOnAck == null ? Optional.empty() : publisher.lastAck(exitOnAck);
            if (ack.isEmpty() || ack.get().equals(last)) {
                continue;
            }
            last = ack.get();
            boolean ok = last.getPathsCount() > 0 && last.getPathsList().stream().allMatch(PathApplied::getOk);
            System.out.println("ack " + exitOnAck + " " + last.getEpoch() + " " + last.getVersion() + " "
                    + (ok ? "ok" : "failed " + last.getPathsList()));
            System.out.flush();
            AckRequest a = last;
            boolean current = publisher.current(exitOnAck)
                    .map(u -> u.getVersion() == a.getVersion() && u.getEpoch() == a.getEpoch())
                    .orElse(false);
            if (!ok || current) {
                server.stop(STOP_WAIT_MS);
                return ok ? 0 : 1;
            }
        }
    }
}
