package certs

import (
	"crypto/x509"
	"fmt"
	"os"
)

// LoadPool reads the PEM CA certificate(s) at path into a pool, for either
// side of an mTLS connection (the agents' client CA, the client agent's
// controller CA). A file without a certificate is an error naming it.
func LoadPool(path string) (*x509.CertPool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b) {
		return nil, fmt.Errorf("%s: no PEM certificate found", path)
	}
	return pool, nil
}
