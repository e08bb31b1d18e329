package org.mpsdn.impl.telemetry;

import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import org.mpsdn.impl.tls.ControllerTls;

import javax.net.ssl.SSLException;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Makes mTLS clients for agents: the controller's identity ({@link ControllerTls}) as client
 * certificate, the controller CA as trust anchor, and the agent's AP identity checked in its
 * certificate. Channels use keepalive so a dead agent is noticed between cycles.
 */
public final class TlsAgentClients implements Function<AgentEndpoint, AgentClient> {
    private static final long KEEPALIVE_TIMEOUT_S = 10;
    private static final int MAX_INBOUND_BYTES = 4 << 20;

    private final ControllerTls tls;
    private final long keepaliveS;
    private final long windowMs;

    /**
     * Creates the factory; its clients ask for the default interval as sliding window.
     *
     * @param tls        the controller's TLS identity (with its CA)
     * @param keepaliveS keepalive time in seconds
     */
    public TlsAgentClients(ControllerTls tls, long keepaliveS) {
        this(tls, keepaliveS, PollerConfig.DEFAULT_INTERVAL_MS);
    }

    /**
     * Creates the factory.
     *
     * @param tls        the controller's TLS identity (with its CA)
     * @param keepaliveS keepalive time in seconds
     * @param windowMs   the regulation interval, the sliding window its clients ask for, ms
     */
    public TlsAgentClients(ControllerTls tls, long keepaliveS, long windowMs) {
        this.tls = Objects.requireNonNull(tls, "tls");
        this.keepaliveS = keepaliveS;
        this.windowMs = windowMs;
    }

    @Override
    public AgentClient apply(AgentEndpoint ep) {
        SslContext ssl;
        try {
            ssl = tls.clientContext(ep.apId());
        } catch (SSLException e) {
            throw new IllegalStateException("TLS context for " + ep + ": " + e.getMessage(), e);
        }
        return new GrpcAgentClient(NettyChannelBuilder.forAddress(ep.host(), ep.port())
                .directExecutor()
                .sslContext(ssl)
                .keepAliveTime(keepaliveS, TimeUnit.SECONDS)
                .keepAliveTimeout(KEEPALIVE_TIMEOUT_S, TimeUnit.SECONDS)
                .keepAliveWithoutCalls(true)
                .maxInboundMessageSize(MAX_INBOUND_BYTES)
                .build(), windowMs);
    }
}
