/**
 * The gRPC transport of MPTCP client weights: the ClientWeights server (TLS, mTLS or, lab only,
 * plaintext), the service that validates and authorises each request and hands it to the
 * {@link org.mpsdn.impl.weights.WeightPublisher}, the client authentication (certificate URI SAN
 * or bearer token) and the token file.
 */
package org.mpsdn.impl.weights.transport;
