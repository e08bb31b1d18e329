package org.mpsdn.impl.enb;

import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.util.HostPort;

import javax.net.ssl.SSLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The clients of the eNBs' policy services: one per eNB, made on first use from the eNB's
 * endpoint (the netcfg {@code enbAgent} of its LTE AP) over mTLS with the controller's identity
 * (the eNB's certificate must carry {@code mpsdn://ap/<enbId>}), or in plaintext (lab only),
 * and kept until its endpoint or the settings change. Thread-safe.
 */
final class EnbClients implements AutoCloseable {
    private final Map<String, EnbPolicyClient> clients = new HashMap<>();
    private final Map<String, HostPort> clientEndpoints = new HashMap<>();
    private Map<String, HostPort> endpoints = Map.of();
    private String endpointsError = "no mpsdn network config";
    private long deadlineMs = EnbPolicyClient.DEFAULT_DEADLINE_MS;
    private boolean plaintext;
    private ControllerTls tls;
    private String tlsError = "";

    /**
     * Sets the eNB endpoints (parsed once per netcfg change).
     *
     * @param enbEndpoints eNB (LTE AP) id to its policy service
     */
    synchronized void setEndpoints(Map<String, HostPort> enbEndpoints) {
        endpoints = Map.copyOf(enbEndpoints);
        endpointsError = null;
    }

    /**
     * Records that the endpoints are unknown: every eNB then fails with the reason.
     *
     * @param reason e.g. {@code no mpsdn network config}
     */
    synchronized void setEndpointsUnavailable(String reason) {
        endpoints = Map.of();
        endpointsError = Objects.requireNonNull(reason, "reason");
    }

    /**
     * Applies the settings and drops every client.
     *
     * @param callDeadlineMs per-call deadline in ms
     * @param noTls          lab only: talk to the eNBs without TLS
     * @param identity       the controller's TLS identity, null when it could not be loaded
     * @param identityError  why it could not be loaded (used when {@code identity} is null)
     */
    synchronized void configure(long callDeadlineMs, boolean noTls, ControllerTls identity, String identityError) {
        deadlineMs = callDeadlineMs;
        plaintext = noTls;
        tls = identity;
        tlsError = identityError;
        close();
    }

    /**
     * Returns the client of an eNB, made from its endpoint.
     *
     * @param enbId eNB (LTE AP) id
     * @return client
     * @throws IllegalArgumentException with the reason when there is no usable endpoint or TLS identity
     */
    synchronized EnbPolicyClient client(String enbId) {
        if (endpointsError != null) {
            throw new IllegalArgumentException(endpointsError);
        }
        HostPort ep = endpoints.get(enbId);
        if (ep == null) {
            throw new IllegalArgumentException("no LTE AP with an enbAgent endpoint in the network config");
        }
        EnbPolicyClient c = clients.get(enbId);
        if (c != null && ep.equals(clientEndpoints.get(enbId))) {
            return c;
        }
        if (c != null) {
            c.close();
        }
        c = connect(enbId, ep);
        clients.put(enbId, c);
        clientEndpoints.put(enbId, ep);
        return c;
    }

    private EnbPolicyClient connect(String enbId, HostPort ep) {
        if (plaintext) {
            return EnbPolicyClient.plaintext(enbId, ep.host(), ep.port(), deadlineMs);
        }
        if (tls == null) {
            throw new IllegalArgumentException("cannot load " + tlsError);
        }
        SslContext ssl;
        try {
            ssl = tls.clientContext(enbId);
        } catch (SSLException e) {
            throw new IllegalArgumentException("TLS context: " + e.getMessage(), e);
        }
        return EnbPolicyClient.overTls(enbId, ep.host(), ep.port(), ssl, deadlineMs);
    }

    /** Closes every client. */
    @Override
    public synchronized void close() {
        clients.values().forEach(EnbPolicyClient::close);
        clients.clear();
        clientEndpoints.clear();
    }
}
