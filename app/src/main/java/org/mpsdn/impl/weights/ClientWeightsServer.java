package org.mpsdn.impl.weights;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptors;
import io.grpc.TlsServerCredentials;

import java.io.File;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the ClientWeights gRPC server on a TCP port: with TLS (server certificate, and client certificates verified
 * against a CA when one is given: mTLS) or, for lab use only, in plaintext with bearer tokens.
 */
public final class ClientWeightsServer {
    private final Server server;

    /**
     * Creates and starts the server.
     *
     * @param port      TCP port (0 picks a free one)
     * @param publisher the publisher holding the weights
     * @param tokens    client id to bearer token
     * @param tls       TLS files, or null for plaintext
     * @throws IOException when the port cannot be bound or the TLS files cannot be read
     */
    public ClientWeightsServer(int port, WeightPublisher publisher, Map<String, String> tokens, TlsFiles tls)
            throws IOException {
        ServerCredentials creds;
        if (tls == null) {
            creds = InsecureServerCredentials.create();
        } else {
            TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder().keyManager(tls.cert, tls.key);
            if (tls.clientCa != null) {
                b.trustManager(tls.clientCa).clientAuth(TlsServerCredentials.ClientAuth.OPTIONAL);
            }
            creds = b.build();
        }
        server = Grpc.newServerBuilderForPort(port, creds)
                .addService(ServerInterceptors.intercept(new ClientWeightsService(publisher),
                        new ClientAuthInterceptor(tokens)))
                .build()
                .start();
    }

    /**
     * Returns the bound port.
     *
     * @return port
     */
    public int port() {
        return server.getPort();
    }

    /**
     * Stops the server, waiting up to the given time for calls to end.
     *
     * @param timeoutMs milliseconds to wait
     * @throws InterruptedException when interrupted
     */
    public void stop(long timeoutMs) throws InterruptedException {
        server.shutdown();
        if (!server.awaitTermination(timeoutMs, TimeUnit.MILLISECONDS)) {
            server.shutdownNow();
        }
    }

    /** PEM files for TLS. */
    public static final class TlsFiles {
        private final File cert;
        private final File key;
        private final File clientCa;

        /**
         * Creates the file set.
         *
         * @param cert     server certificate chain
         * @param key      its PKCS#8 key
         * @param clientCa CA for client certificates (mTLS), or null for server-only TLS with tokens
         */
        public TlsFiles(File cert, File key, File clientCa) {
            this.cert = cert;
            this.key = key;
            this.clientCa = clientCa;
        }
    }
}
