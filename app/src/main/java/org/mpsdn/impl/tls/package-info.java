/**
 * The controller's TLS identity, loaded once from its PEM files for every gRPC peer it talks
 * to: the AP agents and eNBs it dials (mTLS, the peer bound to {@code mpsdn://ap/<id>}) and the
 * MPTCP clients that dial its ClientWeights server.
 */
package org.mpsdn.impl.tls;
