package org.mpsdn.impl.weights.transport;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Authenticates MPTCP client agents and binds the call to one client identity.
 *
 * <p>Two ways, checked in order: a verified TLS client certificate carrying exactly one
 * {@code mpsdn://client/<id>} URI SAN (mTLS), or an {@code authorization: Bearer <token>} header matching the
 * per-client token of a configured client. Anything else is refused with UNAUTHENTICATED. The identity is put in
 * {@link #CLIENT_ID} for the service, which refuses requests naming another client.
 */
public final class ClientAuthInterceptor implements ServerInterceptor {
    /** The authenticated client identity of the current call. */
    public static final Context.Key<String> CLIENT_ID = Context.key("mpsdn-client-id");
    /** URI SAN prefix binding a certificate to a client. */
    public static final String CLIENT_URI_PREFIX = "mpsdn://client/";

    private static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    private static final String BEARER = "Bearer ";
    private static final int SAN_URI = 6;

    private final Map<String, String> tokens;

    /**
     * Creates the interceptor.
     *
     * @param tokens client id to its token (may be empty when only mTLS is used)
     */
    public ClientAuthInterceptor(Map<String, String> tokens) {
        for (Map.Entry<String, String> e : tokens.entrySet()) {
            if (!Validation.isValidId(e.getKey())) {
                throw new IllegalArgumentException("token table: client id " + e.getKey() + " is not a valid id");
            }
            if (e.getValue() == null || e.getValue().length() < 16) {
                throw new IllegalArgumentException("token table: token of client " + e.getKey()
                        + " must have at least 16 characters");
            }
        }
        this.tokens = Map.copyOf(tokens);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        String id = fromCertificate(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
        if (id == null) {
            id = fromToken(headers.get(AUTHORIZATION));
        }
        if (id == null) {
            call.close(Status.UNAUTHENTICATED.withDescription(
                    "no client certificate with a " + CLIENT_URI_PREFIX + "<id> URI SAN and no valid bearer token"),
                    new Metadata());
            return new ServerCall.Listener<Q>() {
            };
        }
        return Contexts.interceptCall(Context.current().withValue(CLIENT_ID, id), call, headers, next);
    }

    private String fromToken(String header) {
        if (header == null || !header.startsWith(BEARER)) {
            return null;
        }
        byte[] given = header.substring(BEARER.length()).getBytes(StandardCharsets.UTF_8);
        String match = null;
        for (Map.Entry<String, String> e : tokens.entrySet()) {
            // constant time per comparison, and every entry is compared
            if (MessageDigest.isEqual(given, e.getValue().getBytes(StandardCharsets.UTF_8))) {
                match = e.getKey();
            }
        }
        return match;
    }

    /**
     * Returns the client identity bound to a TLS session's peer certificate.
     *
     * @param session TLS session, may be null
     * @return the identity, or null when there is none or it is ambiguous
     */
    static String fromCertificate(SSLSession session) {
        if (session == null) {
            return null;
        }
        try {
            Certificate[] chain = session.getPeerCertificates();
            if (chain.length == 0 || !(chain[0] instanceof X509Certificate)) {
                return null;
            }
            return fromCertificate((X509Certificate) chain[0]);
        } catch (SSLPeerUnverifiedException e) {
            return null;
        }
    }

    /**
     * Returns the client identity carried by a certificate's URI SANs.
     *
     * @param cert certificate
     * @return the identity, or null when there is no single valid one
     */
    static String fromCertificate(X509Certificate cert) {
        Collection<List<?>> sans;
        try {
            sans = cert.getSubjectAlternativeNames();
        } catch (CertificateParsingException e) {
            return null;
        }
        if (sans == null) {
            return null;
        }
        String found = null;
        for (List<?> san : sans) {
            if (san.size() == 2 && Integer.valueOf(SAN_URI).equals(san.get(0))
                    && san.get(1) instanceof String && ((String) san.get(1)).startsWith(CLIENT_URI_PREFIX)) {
                if (found != null) {
                    return null;
                }
                found = ((String) san.get(1)).substring(CLIENT_URI_PREFIX.length());
            }
        }
        return found != null && Validation.isValidId(found) ? found : null;
    }
}
