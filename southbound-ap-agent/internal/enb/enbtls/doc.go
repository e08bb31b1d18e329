// Package enbtls serves the reference eNB's mpsdn.enb.v1.EnbPolicy service
// with the same mTLS conventions as the AP agent (package server): the eNB
// presents a certificate bound to mpsdn://ap/<enb_id> (issued with
// `mpsdn-certs -dir pki ap <enb_id>`), requires a client certificate signed by
// the controller CA, and admits only controller certificates
// (mpsdn://controller/<name>); an AP's certificate from the same CA is refused.
//
// Plaintext exists only for the lab and must be asked for explicitly
// ("grpc_plaintext": true in the eNB configuration): anyone who reaches the
// port can then read and replace the scheduling policy.
package enbtls
