package org.mpsdn.impl.util;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A validated {@code host:port} endpoint, the one parser for every endpoint the app is given
 * (netcfg agent and eNB endpoints, component properties). IPv6 hosts are written in brackets
 * ({@code [2001:db8::1]:50051}); {@link #host()} returns them without.
 */
public final class HostPort {
    private static final int MAX_PORT = 65535;
    private static final Pattern HOST =
            Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]{0,252})|\\[[0-9a-fA-F:.]+]");

    private final String host;
    private final int port;

    private HostPort(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /**
     * Parses {@code host:port}.
     *
     * @param s the text
     * @return the endpoint
     * @throws IllegalArgumentException with a reason that reads after a field name, e.g.
     *                                  {@code "must be host:port, was 'x'"}
     */
    public static HostPort parse(String s) {
        if (s == null) {
            throw new IllegalArgumentException("must be host:port, was null");
        }
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("must be host:port, was '" + s + "'");
        }
        String host = s.substring(0, colon);
        String port = s.substring(colon + 1);
        checkHost(host);
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("has a non-numeric port '" + port + "'", e);
        }
        checkPort(p);
        if (host.startsWith("[")) {
            host = host.substring(1, host.length() - 1);
        }
        return new HostPort(host, p);
    }

    /**
     * Creates an endpoint from its parts, checked as {@link #parse} checks them.
     *
     * @param host host name or address, IPv6 without brackets
     * @param port TCP port
     * @return the endpoint
     * @throws IllegalArgumentException with a reason that reads after a field name, as {@link #parse}
     */
    public static HostPort of(String host, int port) {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("has an empty host");
        }
        checkHost(host.indexOf(':') >= 0 ? "[" + host + "]" : host);
        checkPort(port);
        return new HostPort(host, port);
    }

    private static void checkHost(String written) {
        if (!HOST.matcher(written).matches()) {
            throw new IllegalArgumentException("has an invalid host '" + written + "'");
        }
    }

    private static void checkPort(int p) {
        if (p < 1 || p > MAX_PORT) {
            throw new IllegalArgumentException("port must be in [1, 65535], was " + p);
        }
    }

    /** @return host name or address, IPv6 without brackets */
    public String host() {
        return host;
    }

    /** @return TCP port in [1, 65535] */
    public int port() {
        return port;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof HostPort)) {
            return false;
        }
        HostPort that = (HostPort) o;
        return port == that.port && host.equals(that.host);
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, port);
    }

    /** @return the endpoint as written in configuration ({@code [v6]:port} for IPv6) */
    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
