package org.mpsdn.impl.tls;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;

/**
 * The controller's TLS identity, the one loader of its PEM files: its certificate (chain) and
 * PKCS#8 key (EC, RSA or Ed25519), and the CA certificates that sign its peers. The components
 * that dial AP agents and eNBs read the files from the shared properties named here
 * ({@link #loadConfigured}); the ClientWeights server has its own properties (its CA is
 * optional) and calls {@link #load} with them.
 */
public final class ControllerTls {
    /** Property: the controller's certificate (PEM), for the agents and eNBs it dials. */
    public static final String CONTROLLER_CERT_FILE = "tlsCertFile";
    /** Default controller certificate. */
    public static final String CONTROLLER_CERT_FILE_DEFAULT = "/opt/onos/config/mpsdn/controller.crt";
    /** Property: the controller's private key (PKCS#8 PEM). */
    public static final String CONTROLLER_KEY_FILE = "tlsKeyFile";
    /** Default controller key. */
    public static final String CONTROLLER_KEY_FILE_DEFAULT = "/opt/onos/config/mpsdn/controller.key";
    /** Property: the CA certificate that signs the agents and eNBs (PEM). */
    public static final String CONTROLLER_CA_FILE = "tlsCaFile";
    /** Default CA certificate. */
    public static final String CONTROLLER_CA_FILE_DEFAULT = "/opt/onos/config/mpsdn/ca.crt";

    private static final String BEGIN_KEY = "-----BEGIN PRIVATE KEY-----";
    private static final String END_KEY = "-----END PRIVATE KEY-----";

    private final KeyManagerFactory keyManagers;
    private final X509TrustManager caTrust;

    private ControllerTls(KeyManagerFactory keyManagers, X509TrustManager caTrust) {
        this.keyManagers = keyManagers;
        this.caTrust = caTrust;
    }

    /**
     * Loads the controller's PKI files.
     *
     * @param certPem certificate, or certificate chain leaf first (PEM)
     * @param keyPem  private key (PKCS#8 PEM)
     * @param caPem   CA certificates that sign the peers (PEM), or null for none
     * @return the identity
     * @throws IOException              when a file cannot be read
     * @throws GeneralSecurityException when a file cannot be parsed, or the CA file holds a
     *                                  certificate that is not a CA's
     */
    public static ControllerTls load(Path certPem, Path keyPem, Path caPem)
            throws IOException, GeneralSecurityException {
        Collection<? extends Certificate> chain = certificates(certPem, "cert");
        Collection<? extends Certificate> cas = caPem == null ? null : certificates(caPem, "ca");
        PrivateKey key = readKey(keyPem);
        char[] pw = new char[0];
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, pw);
        ks.setKeyEntry("controller", key, pw, chain.toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, pw);
        return new ControllerTls(kmf, cas == null ? null : caTrust(caPem, cas));
    }

    /**
     * Loads the files named by the shared properties ({@link #CONTROLLER_CERT_FILE},
     * {@link #CONTROLLER_KEY_FILE}, {@link #CONTROLLER_CA_FILE}).
     *
     * @param certFile certificate file
     * @param keyFile  key file
     * @param caFile   CA file
     * @return the identity
     * @throws IllegalStateException naming the three properties and why the files cannot be
     *                               used, e.g. {@code controller TLS files (tlsCertFile=..., ...): reason}
     */
    public static ControllerTls loadConfigured(String certFile, String keyFile, String caFile) {
        try {
            return load(Paths.get(certFile), Paths.get(keyFile), Paths.get(caFile));
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new IllegalStateException("controller TLS files (" + CONTROLLER_CERT_FILE + "=" + certFile + ", "
                    + CONTROLLER_KEY_FILE + "=" + keyFile + ", " + CONTROLLER_CA_FILE + "=" + caFile + "): "
                    + e.getMessage(), e);
        }
    }

    private static Collection<? extends Certificate> certificates(Path pem, String what)
            throws IOException, GeneralSecurityException {
        Collection<? extends Certificate> certs;
        try (InputStream in = Files.newInputStream(pem)) {
            certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
        }
        if (certs.isEmpty()) {
            throw new GeneralSecurityException(what + " " + pem + ": no certificate");
        }
        return certs;
    }

    private static X509TrustManager caTrust(Path caPem, Collection<? extends Certificate> cas)
            throws IOException, GeneralSecurityException {
        char[] pw = new char[0];
        KeyStore ts = KeyStore.getInstance("PKCS12");
        ts.load(null, pw);
        int i = 0;
        for (Certificate ca : cas) {
            if (!(ca instanceof X509Certificate) || ((X509Certificate) ca).getBasicConstraints() < 0) {
                throw new GeneralSecurityException("ca " + caPem + " is not a CA certificate");
            }
            ts.setCertificateEntry("ca" + i++, ca);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ts);
        for (TrustManager tm : tmf.getTrustManagers()) {
            if (tm instanceof X509TrustManager) {
                return (X509TrustManager) tm;
            }
        }
        throw new GeneralSecurityException("ca " + caPem + ": no X.509 trust manager");
    }

    private static PrivateKey readKey(Path keyPem) throws IOException, GeneralSecurityException {
        String pem = Files.readString(keyPem, StandardCharsets.US_ASCII);
        int b = pem.indexOf(BEGIN_KEY);
        int e = pem.indexOf(END_KEY);
        if (b < 0 || e < b) {
            throw new GeneralSecurityException("key " + keyPem + ": want a PKCS#8 'BEGIN PRIVATE KEY' PEM block");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(b + BEGIN_KEY.length(), e));
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
        for (String alg : new String[] {"EC", "RSA", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(alg).generatePrivate(spec);
            } catch (GeneralSecurityException ignored) {
                // try the next algorithm
            }
        }
        throw new GeneralSecurityException("key " + keyPem + ": not an EC, RSA or Ed25519 PKCS#8 key");
    }

    /** @return the controller's key managers (its certificate and key), for a server */
    public KeyManager[] keyManagers() {
        return keyManagers.getKeyManagers();
    }

    /** @return whether CA certificates were loaded */
    public boolean hasCa() {
        return caTrust != null;
    }

    /**
     * Returns the trust managers of the CA certificates, to verify the peers' certificates.
     *
     * @return trust managers
     * @throws IllegalStateException when no CA was loaded
     */
    public TrustManager[] caTrustManagers() {
        return new TrustManager[] {requireCa()};
    }

    private X509TrustManager requireCa() {
        if (caTrust == null) {
            throw new IllegalStateException("no CA certificate loaded");
        }
        return caTrust;
    }

    /**
     * Returns a client TLS context that presents the controller's certificate and accepts only
     * a peer certificate chaining to the CA and bound to {@code mpsdn://ap/<apId>}: an AP agent,
     * or the eNB policy service of an LTE AP.
     *
     * @param apId AP the peer must be
     * @return TLS context for a gRPC Netty channel
     * @throws SSLException          when the context cannot be built
     * @throws IllegalStateException when no CA was loaded
     */
    public SslContext clientContext(String apId) throws SSLException {
        return GrpcSslContexts.forClient()
                .keyManager(keyManagers)
                .trustManager(new ApIdentityTrustManager(requireCa(), apId))
                .build();
    }
}
