package org.mpsdn.impl.weights;

/**
 * Names and defaults of the component properties of {@link ClientWeightsManager}.
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Whether the ClientWeights gRPC server runs. */
    public static final String ENABLED = "clientWeightsEnabled";
    /** Default: the server runs. */
    public static final boolean ENABLED_DEFAULT = true;

    /** TCP port of the ClientWeights server. */
    public static final String PORT = "clientWeightsPort";
    /** Default port (the client agent README's). */
    public static final int PORT_DEFAULT = 50061;

    /** Server certificate chain (PEM). */
    public static final String TLS_CERT_FILE = "clientWeightsTlsCertFile";
    /** Default server certificate: the controller's. */
    public static final String TLS_CERT_FILE_DEFAULT = "/opt/onos/config/mpsdn/controller.crt";

    /** Server private key (PKCS#8 PEM). */
    public static final String TLS_KEY_FILE = "clientWeightsTlsKeyFile";
    /** Default server key: the controller's. */
    public static final String TLS_KEY_FILE_DEFAULT = "/opt/onos/config/mpsdn/controller.key";

    /** CA of the client certificates (mTLS); "none" for server-only TLS where clients use tokens. */
    public static final String TLS_CA_FILE = "clientWeightsTlsCaFile";
    /** Default client CA: the CA that signs agents and clients. */
    public static final String TLS_CA_FILE_DEFAULT = "/opt/onos/config/mpsdn/ca.crt";

    /** File of per-client bearer tokens ({@code <client-id> <token>} per line); "none" for mTLS only. */
    public static final String TOKENS_FILE = "clientWeightsTokensFile";
    /** Default: no tokens. */
    public static final String TOKENS_FILE_DEFAULT = "none";

    /** Lab only: serve in plaintext (tokens travel in clear), ignoring the TLS files. */
    public static final String PLAINTEXT = "clientWeightsPlaintext";
    /** Default: TLS. */
    public static final boolean PLAINTEXT_DEFAULT = false;

    /** Time a client has to acknowledge the weights of a client-weights intent. */
    public static final String ACK_TIMEOUT_MS = "clientWeightsAckTimeoutMs";
    /** Default acknowledgement timeout. */
    public static final int ACK_TIMEOUT_MS_DEFAULT = 10000;

    /** Period of the automatic-weights refresh from the regulation state (also refreshed on regulation events). */
    public static final String REFRESH_MS = "clientWeightsRefreshMs";
    /** Default refresh period (the regulation cycle's default). */
    public static final int REFRESH_MS_DEFAULT = 2000;
}
