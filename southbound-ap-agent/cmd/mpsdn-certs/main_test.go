package main

import (
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readCert(t *testing.T, path string) *x509.Certificate {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		t.Fatalf("%s: no PEM block", path)
	}
	c, err := x509.ParseCertificate(blk.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClientCertificateCarriesTheClientIdentity(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"-dir", dir, "ca"}); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-dir", dir, "client", "ue1"}); err != nil {
		t.Fatal(err)
	}
	ca := readCert(t, filepath.Join(dir, "ca.crt"))
	c := readCert(t, filepath.Join(dir, "client-ue1.crt"))
	if len(c.URIs) != 1 || c.URIs[0].String() != "mpsdn://client/ue1" {
		t.Fatalf("URI SANs = %v, want exactly mpsdn://client/ue1", c.URIs)
	}
	if len(c.IPAddresses) != 0 || len(c.DNSNames) != 0 {
		t.Fatalf("client certificate names hosts: %v %v", c.IPAddresses, c.DNSNames)
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	if _, err := c.Verify(x509.VerifyOptions{Roots: pool,
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}); err != nil {
		t.Fatalf("client certificate does not verify as a TLS client against the CA: %v", err)
	}
	st, err := os.Stat(filepath.Join(dir, "client-ue1.key"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("key mode %v, want 0600", st.Mode().Perm())
	}
}

func TestClientIDMustBeAValidControllerID(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"-dir", dir, "ca"}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ue 1", "-ue1", "ue1/x", "ue:1", strings.Repeat("a", 65)} {
		err := run([]string{"-dir", dir, "client", id})
		if err == nil || !strings.Contains(err.Error(), "client: id") {
			t.Errorf("client %q: err = %v, want an invalid id error", id, err)
		}
		if _, statErr := os.Stat(filepath.Join(dir, "client-"+id+".crt")); statErr == nil {
			t.Errorf("client %q: a certificate was written", id)
		}
	}
}

func TestUnknownRoleIsRefused(t *testing.T) {
	err := run([]string{"-dir", t.TempDir(), "station", "x"})
	if err == nil || !strings.Contains(err.Error(), "want ca, ap, controller or client") {
		t.Fatalf("err = %v", err)
	}
}
