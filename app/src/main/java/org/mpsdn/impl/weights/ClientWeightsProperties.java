package org.mpsdn.impl.weights;

import org.mpsdn.impl.util.PropertyReader;

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
    private static final int MAX_MS = Integer.MAX_VALUE;

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
     * @throws IllegalArgumentException naming each invalid property and value
     */
    public static ClientWeightsProperties read(Dictionary<?, ?> dict, ClientWeightsProperties previous) {
        PropertyReader r = new PropertyReader(dict);
        ClientWeightsProperties next = new ClientWeightsProperties(r.bool(ENABLED, previous.enabled),
                r.integer(PORT, previous.port, 0, MAX_PORT),
                r.string(TLS_CERT_FILE, previous.tlsCertFile), r.string(TLS_KEY_FILE, previous.tlsKeyFile),
                r.string(TLS_CA_FILE, previous.tlsCaFile), r.string(TOKENS_FILE, previous.tokensFile),
                r.bool(PLAINTEXT, previous.plaintext), r.integer(ACK_TIMEOUT_MS, previous.ackTimeoutMs, MIN_MS, MAX_MS),
                r.integer(REFRESH_MS, previous.refreshMs, MIN_MS, MAX_MS));
        if (r.hasErrors()) {
            throw new IllegalArgumentException(String.join("; ", r.errors()));
        }
        return next;
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
}
