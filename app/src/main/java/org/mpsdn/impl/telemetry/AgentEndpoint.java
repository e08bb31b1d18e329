package org.mpsdn.impl.telemetry;

import org.mpsdn.impl.util.HostPort;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the agent of one AP listens.
 */
public final class AgentEndpoint {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final int MAX_PORT = 65535;

    private final String apId;
    private final String host;
    private final int port;

    /**
     * Creates an endpoint.
     *
     * @param apId AP identifier; the agent's certificate must carry {@code mpsdn://ap/<apId>}
     * @param host host name or IP address of the agent
     * @param port TCP port of the agent
     * @throws IllegalArgumentException naming the field when a value is invalid
     */
    public AgentEndpoint(String apId, String host, int port) {
        if (apId == null || !ID.matcher(apId).matches()) {
            throw new IllegalArgumentException("apId '" + apId + "' is not a valid AP id");
        }
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("host of AP " + apId + " must not be empty");
        }
        if (port < 1 || port > MAX_PORT) {
            throw new IllegalArgumentException("port " + port + " of AP " + apId + " must be in 1..65535");
        }
        this.apId = apId;
        this.host = host;
        this.port = port;
    }

    /**
     * Creates an endpoint from a parsed {@code host:port} (e.g. an AP's netcfg {@code agent}).
     *
     * @param apId     AP identifier; the agent's certificate must carry {@code mpsdn://ap/<apId>}
     * @param endpoint where the agent listens
     * @throws IllegalArgumentException when the AP id is invalid
     */
    public AgentEndpoint(String apId, HostPort endpoint) {
        this(apId, endpoint.host(), endpoint.port());
    }

    /** @return AP identifier */
    public String apId() {
        return apId;
    }

    /** @return agent host */
    public String host() {
        return host;
    }

    /** @return agent port */
    public int port() {
        return port;
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
        return port == that.port && apId.equals(that.apId) && host.equals(that.host);
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, host, port);
    }

    @Override
    public String toString() {
        return apId + "@" + host + ":" + port;
    }
}
