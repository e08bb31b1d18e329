package server

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/certs"
)

// TLSFiles names the agent's PEM files.
type TLSFiles struct {
	Cert     string // agent certificate (with the mpsdn://ap/<id> URI SAN)
	Key      string // its private key
	ClientCA string // CA that signs controller certificates
}

// ServerTLS loads the agent's certificate and the controller CA and returns a
// TLS config that requires and verifies a client certificate (mTLS only), and
// the AP identity bound to the agent's certificate.
func ServerTLS(f TLSFiles) (*tls.Config, string, error) {
	if f.Cert == "" || f.Key == "" || f.ClientCA == "" {
		return nil, "", fmt.Errorf("tls: cert, key and client_ca are all required (mTLS only)")
	}
	pair, err := tls.LoadX509KeyPair(f.Cert, f.Key)
	if err != nil {
		return nil, "", fmt.Errorf("tls: cert %s / key %s: %w", f.Cert, f.Key, err)
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, "", fmt.Errorf("tls: cert %s: %w", f.Cert, err)
	}
	apID, err := IdentityFromCert(leaf, APURIPrefix)
	if err != nil {
		return nil, "", fmt.Errorf("tls: cert %s: %w", f.Cert, err)
	}
	pool, err := certs.LoadPool(f.ClientCA)
	if err != nil {
		return nil, "", fmt.Errorf("tls: client_ca: %w", err)
	}
	return &tls.Config{
		Certificates: []tls.Certificate{pair},
		ClientAuth:   tls.RequireAndVerifyClientCert,
		ClientCAs:    pool,
		MinVersion:   tls.VersionTLS12,
	}, apID, nil
}
