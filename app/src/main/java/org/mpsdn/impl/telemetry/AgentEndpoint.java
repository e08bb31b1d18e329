package org.mpsdn.impl.telemetry;

import org.mpsdn.impl.util.HostPort;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the agent of one AP listens: the AP's id and its {@link HostPort}.
 */
public final class AgentEndpoint {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final String apId;
    private final HostPort endpoint;

    /**
     * Creates an endpoint.
     *
     * @param apId AP identifier; the agent's certificate must carry {@code mpsdn://ap/<apId>}
     * @param host host name or IP address of the agent (IPv6 without brackets)
     * @param port TCP port of the agent
     * @throws IllegalArgumentException naming the field when a value is invalid
     */
    public AgentEndpoint(String apId, String host, int port) {
        this(apId, hostPort(apId, host, port));
    }

    /**
     * Creates an endpoint from a parsed {@code host:port} (e.g. an AP's netcfg {@code agent}).
     *
     * @param apId     AP identifier; the agent's certificate must carry {@code mpsdn://ap/<apId>}
     * @param endpoint where the agent listens
     * @throws IllegalArgumentException when the AP id is invalid
     */
    public AgentEndpoint(String apId, HostPort endpoint) {
        this.apId = checkId(apId);
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    }

    private static String checkId(String apId) {
        if (apId == null || !ID.matcher(apId).matches()) {
            throw new IllegalArgumentException("apId '" + apId + "' is not a valid AP id");
        }
        return apId;
    }

    private static HostPort hostPort(String apId, String host, int port) {
        checkId(apId);
        try {
            return HostPort.of(host, port);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("agent of AP " + apId + " " + e.getMessage(), e);
        }
    }

    /** @return AP identifier */
    public String apId() {
        return apId;
    }

    /** @return where the agent listens */
    public HostPort endpoint() {
        return endpoint;
    }

    /** @return agent host */
    public String host() {
        return endpoint.host();
    }

    /** @return agent port */
    public int port() {
        return endpoint.port();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AgentEndpoint)) {
            return false;
        }
        AgentEndpoint that = (AgentEndpoint) o;
        return apId.equals(that.apId) && endpoint.equals(that.endpoint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, endpoint);
    }

    @Override
    public String toString() {
        return apId + "@" + host() + ":" + port();
    }
}
