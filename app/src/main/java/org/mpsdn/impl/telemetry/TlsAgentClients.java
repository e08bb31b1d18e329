package org.mpsdn.impl.telemetry;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;

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
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Makes mTLS clients for agents: the controller's certificate and key (PEM, PKCS#8 EC or RSA)
 * as client identity, the controller CA as trust anchor, and the agent's AP identity checked
 * in its certificate ({@link ApIdentityTrustManager}). Channels use keepalive so a dead agent
 * is noticed between cycles.
 */
public final class TlsAgentClients implements Function<AgentEndpoint, AgentClient> {
    private static final long KEEPALIVE_TIMEOUT_S = 10;
    private static final int MAX_INBOUND_BYTES = 4 << 20;

    private final KeyManagerFactory keyManagers;
    private final X509TrustManager caTrust;
    private final long keepaliveS;

    /**
     * Loads the controller's PKI files.
     *
     * @param certPem    controller certificate (PEM)
     * @param keyPem     controller private key (PKCS#8 PEM)
     * @param caPem      CA certificate that signs the agents (PEM)
     * @param keepaliveS keepalive time in seconds
     * @throws IOException              when a file cannot be read
     * @throws GeneralSecurityException when a file cannot be parsed
     */
    public TlsAgentClients(Path certPem, Path keyPem, Path caPem, long keepaliveS)
            throws IOException, GeneralSecurityException {
        CertificateFactory cf = CertificateFactory.getInstance("X.509");
        Certificate cert;
        try (InputStream in = Files.newInputStream(certPem)) {
            cert = cf.generateCertificate(in);
        }
        Certificate ca;
        try (InputStream in = Files.newInputStream(caPem)) {
            ca = cf.generateCertificate(in);
        }
        PrivateKey key = readKey(keyPem);
        char[] pw = new char[0];
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, pw);
        ks.setKeyEntry("controller", key, pw, new Certificate[] {cert});
        keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(ks, pw);
        KeyStore ts = KeyStore.getInstance("PKCS12");
        ts.load(null, pw);
        ts.setCertificateEntry("ca", ca);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ts);
        X509TrustManager x = null;
        for (TrustManager tm : tmf.getTrustManagers()) {
            if (tm instanceof X509TrustManager) {
                x = (X509TrustManager) tm;
            }
        }
        if (x == null || !(((X509Certificate) ca).getBasicConstraints() >= 0)) {
            throw new GeneralSecurityException("ca " + caPem + " is not a CA certificate");
        }
        caTrust = x;
        this.keepaliveS = keepaliveS;
    }

    private static PrivateKey readKey(Path keyPem) throws IOException, GeneralSecurityException {
        String pem = Files.readString(keyPem, StandardCharsets.US_ASCII);
        int b = pem.indexOf("-----BEGIN PRIVATE KEY-----");
        int e = pem.indexOf("-----END PRIVATE KEY-----");
        if (b < 0 || e < b) {
            throw new GeneralSecurityException("key " + keyPem + ": want a PKCS#8 'BEGIN PRIVATE KEY' PEM block");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(b + "-----BEGIN PRIVATE KEY-----".length(), e));
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

    /**
     * Returns a client TLS context that presents the controller's certificate and accepts only
     * a peer certificate chaining to the CA and bound to {@code mpsdn://ap/<apId>}. Also used
     * for the eNB policy service of an LTE AP.
     *
     * @param apId AP the peer must be
     * @return TLS context for a gRPC Netty channel
     * @throws SSLException when the context cannot be built
     */
    public SslContext sslContext(String apId) throws SSLException {
        return GrpcSslContexts.forClient()
                .keyManager(keyManagers)
                .trustManager(new ApIdentityTrustManager(caTrust, apId))
                .build();
    }

    @Override
    public AgentClient apply(AgentEndpoint ep) {
        SslContext ssl;
        try {
            ssl = sslContext(ep.apId());
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
                .build());
    }
}
