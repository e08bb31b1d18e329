package org.mpsdn.impl.tls;

import javax.net.ssl.X509TrustManager;
import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;

/**
 * Trust manager that accepts an agent's certificate only when it chains to the controller CA
 * (delegate) and carries the URI SAN {@code mpsdn://ap/<apId>} of the AP the controller dials:
 * an agent can only speak for its own AP.
 */
public final class ApIdentityTrustManager implements X509TrustManager {
    /** URI SAN prefix binding a certificate to an AP. */
    public static final String AP_URI_PREFIX = "mpsdn://ap/";
    private static final int SAN_URI = 6;

    private final X509TrustManager delegate;
    private final String expectedUri;

    /**
     * Creates the trust manager.
     *
     * @param delegate CA-based trust manager
     * @param apId     AP the peer must be
     */
    public ApIdentityTrustManager(X509TrustManager delegate, String apId) {
        this.delegate = delegate;
        this.expectedUri = AP_URI_PREFIX + apId;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("this trust manager only verifies agents (servers)");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        delegate.checkServerTrusted(chain, authType);
        if (!hasUri(chain[0], expectedUri)) {
            throw new CertificateException("agent certificate " + chain[0].getSubjectX500Principal()
                    + " is not bound to " + expectedUri);
        }
    }

    /**
     * Tells whether a certificate carries a URI SAN.
     *
     * @param cert certificate
     * @param uri  URI to look for
     * @return true when present
     * @throws CertificateParsingException when the SAN extension is malformed
     */
    static boolean hasUri(X509Certificate cert, String uri) throws CertificateParsingException {
        Collection<List<?>> sans = cert.getSubjectAlternativeNames();
        if (sans == null) {
            return false;
        }
        for (List<?> san : sans) {
            if (san.size() >= 2 && Integer.valueOf(SAN_URI).equals(san.get(0)) && uri.equals(san.get(1))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return delegate.getAcceptedIssuers();
    }
}
