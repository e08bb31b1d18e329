package org.mpsdn.impl.weights.transport;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptors;
import io.grpc.TlsServerCredentials;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.weights.WeightPublisher;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the ClientWeights gRPC server on a TCP port: with TLS (the controller's certificate, and client certificates
 * verified against its CA when one is loaded: mTLS) or, for lab use only, in plaintext with bearer tokens.
 */
public final class ClientWeightsServer {
    private final Server server;

    /**
     * Creates and starts the server.
     *
     * @param port      TCP port (0 picks a free one)
     * @param publisher the publisher holding the weights
     * @param tokens    client id to bearer token
     * @param tls       the controller's TLS identity (with a CA: client certificates are verified), or null for
     *                  plaintext
     * @throws IOException when the port cannot be bound
     */
    public ClientWeightsServer(int port, WeightPublisher publisher, Map<String, String> tokens, ControllerTls tls)
            throws IOException {
        ServerCredentials creds;
        if (tls == null) {
            creds = InsecureServerCredentials.create();
        } else {
            TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder().keyManager(tls.keyManagers());
            if (tls.hasCa()) {
                b.trustManager(tls.caTrustManagers()).clientAuth(TlsServerCredentials.ClientAuth.OPTIONAL);
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
}
