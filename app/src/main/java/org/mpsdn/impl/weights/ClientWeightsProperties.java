package org.mpsdn.impl.weights;

import java.util.Dictionary;
import java.util.Objects;

import static org.mpsdn.impl.weights.OsgiPropertyConstants.ACK_TIMEOUT_MS;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.ACK_TIMEOUT_MS_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.ENABLED;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.ENABLED_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PLAINTEXT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PLAINTEXT_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PORT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.PORT_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.REFRESH_MS;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.REFRESH_MS_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CA_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CA_FILE_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CERT_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_CERT_FILE_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_KEY_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TLS_KEY_FILE_DEFAULT;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TOKENS_FILE;
import static org.mpsdn.impl.weights.OsgiPropertyConstants.TOKENS_FILE_DEFAULT;

/**
 * Validated component properties of {@link ClientWeightsManager}. Immutable.
 */
public final class ClientWeightsProperties {
    /** Value of a file property meaning "no file". */
    public static final String NONE = "none";
    private static final int MAX_PORT = 65535;
    private static final int MIN_MS = 10;

    private final boolean enabled;
    private final int port;
    private final String tlsCertFile;
    private final String tlsKeyFile;
    private final String tlsCaFile;
    private final String tokensFile;
    private final boolean plaintext;
    private final int ackTimeoutMs;
    private final int refreshMs;

    private ClientWeightsProperties(boolean enabled, int port, String tlsCertFile, String tlsKeyFile,
                                    String tlsCaFile, String tokensFile, boolean plaintext, int ackTimeoutMs,
                                    int refreshMs) {
        this.enabled = enabled;
        this.port = port;
        this.tlsCertFile = tlsCertFile;
        this.tlsKeyFile = tlsKeyFile;
        this.tlsCaFile = tlsCaFile;
        this.tokensFile = tokensFile;
        this.plaintext = plaintext;
        this.ackTimeoutMs = ackTimeoutMs;
        this.refreshMs = refreshMs;
    }

    /**
     * Returns the defaults.
     *
     * @return defaults
     */
    public static ClientWeightsProperties defaults() {
        return new ClientWeightsProperties(ENABLED_DEFAULT, PORT_DEFAULT, TLS_CERT_FILE_DEFAULT, TLS_KEY_FILE_DEFAULT,
                TLS_CA_FILE_DEFAULT, TOKENS_FILE_DEFAULT, PLAINTEXT_DEFAULT, ACK_TIMEOUT_MS_DEFAULT,
                REFRESH_MS_DEFAULT);
    }

    /**
     * Reads the properties; an absent or empty one keeps its previous value.
     *
     * @param dict     component properties, may be null
     * @param previous values kept for absent properties
     * @return the new values
     * @throws IllegalArgumentException naming the property and value when one is invalid
     */
    public static ClientWeightsProperties read(Dictionary<?, ?> dict, ClientWeightsProperties previous) {
        int port = intProp(dict, PORT, previous.port);
        if (port < 0 || port > MAX_PORT) {
            throw new IllegalArgumentException(PORT + " must be in [0, " + MAX_PORT + "], got " + port);
        }
        int ackTimeout = intProp(dict, ACK_TIMEOUT_MS, previous.ackTimeoutMs);
        if (ackTimeout < MIN_MS) {
            throw new IllegalArgumentException(ACK_TIMEOUT_MS + " must be >= " + MIN_MS + ", got " + ackTimeout);
        }
        int refresh = intProp(dict, REFRESH_MS, previous.refreshMs);
        if (refresh < MIN_MS) {
            throw new IllegalArgumentException(REFRESH_MS + " must be >= " + MIN_MS + ", got " + refresh);
        }
        return new ClientWeightsProperties(boolProp(dict, ENABLED, previous.enabled), port,
                strProp(dict, TLS_CERT_FILE, previous.tlsCertFile), strProp(dict, TLS_KEY_FILE, previous.tlsKeyFile),
                strProp(dict, TLS_CA_FILE, previous.tlsCaFile), strProp(dict, TOKENS_FILE, previous.tokensFile),
                boolProp(dict, PLAINTEXT, previous.plaintext), ackTimeout, refresh);
    }

    /** @return whether the server runs */
    public boolean enabled() {
        return enabled;
    }

    /** @return TCP port (0 = any free one) */
    public int port() {
        return port;
    }

    /** @return server certificate file */
    public String tlsCertFile() {
        return tlsCertFile;
    }

    /** @return server key file */
    public String tlsKeyFile() {
        return tlsKeyFile;
    }

    /** @return client CA file, or {@link #NONE} */
    public String tlsCaFile() {
        return tlsCaFile;
    }

    /** @return tokens file, or {@link #NONE} */
    public String tokensFile() {
        return tokensFile;
    }

    /** @return whether the server is plaintext (lab) */
    public boolean plaintext() {
        return plaintext;
    }

    /** @return acknowledgement timeout in ms */
    public int ackTimeoutMs() {
        return ackTimeoutMs;
    }

    /** @return refresh period in ms */
    public int refreshMs() {
        return refreshMs;
    }

    /**
     * Returns whether the server must be restarted to go from these properties to others.
     *
     * @param other the other properties
     * @return true when a server-related property differs
     */
    public boolean serverDiffers(ClientWeightsProperties other) {
        return enabled != other.enabled || port != other.port || plaintext != other.plaintext
                || !tlsCertFile.equals(other.tlsCertFile) || !tlsKeyFile.equals(other.tlsKeyFile)
                || !tlsCaFile.equals(other.tlsCaFile) || !tokensFile.equals(other.tokensFile);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ClientWeightsProperties)) {
            return false;
        }
        ClientWeightsProperties p = (ClientWeightsProperties) o;
        return !serverDiffers(p) && ackTimeoutMs == p.ackTimeoutMs && refreshMs == p.refreshMs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(enabled, port, tlsCertFile, tlsKeyFile, tlsCaFile, tokensFile, plaintext, ackTimeoutMs,
                refreshMs);
    }

    @Override
    public String toString() {
        return "ClientWeightsProperties{enabled=" + enabled + ", port=" + port + ", plaintext=" + plaintext
                + ", cert=" + tlsCertFile + ", key=" + tlsKeyFile + ", ca=" + tlsCaFile + ", tokens=" + tokensFile
                + ", ackTimeoutMs=" + ackTimeoutMs + ", refreshMs=" + refreshMs + "}";
    }

    private static String raw(Dictionary<?, ?> dict, String name) {
        if (dict == null) {
            return null;
        }
        Object v = dict.get(name);
        if (v == null) {
            return null;
        }
        String s = v.toString().trim();
        return s.isEmpty() ? null : s;
    }

    private static int intProp(Dictionary<?, ?> dict, String name, int current) {
        String v = raw(dict, name);
        if (v == null) {
            return current;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " '" + v + "' is not an integer", e);
        }
    }

    private static boolean boolProp(Dictionary<?, ?> dict, String name, boolean current) {
        String v = raw(dict, name);
        if (v == null) {
            return current;
        }
        if ("true".equalsIgnoreCase(v)) {
            return true;
        }
        if ("false".equalsIgnoreCase(v)) {
            return false;
        }
        throw new IllegalArgumentException(name + " '" + v + "' is not true or false");
    }

    private static String strProp(Dictionary<?, ?> dict, String name, String current) {
        String v = raw(dict, name);
        return v == null ? current : v;
    }
}
