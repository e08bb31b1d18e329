package certs

import (
	"crypto/x509"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLoadPoolReadsTheCAAndNamesAFileWithoutOne(t *testing.T) {
	dir := t.TempDir()
	ca, err := NewCA("test CA", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := ca.Save(dir); err != nil {
		t.Fatal(err)
	}
	pool, err := LoadPool(filepath.Join(dir, "ca.crt"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ca.Cert.Verify(x509.VerifyOptions{Roots: pool}); err != nil {
		t.Errorf("the CA does not verify against its own pool: %v", err)
	}
	key := filepath.Join(dir, "ca.key")
	if _, err := LoadPool(key); err == nil || err.Error() != key+": no PEM certificate found" {
		t.Errorf("a key file: %v", err)
	}
	missing := filepath.Join(dir, "missing.crt")
	if _, err := LoadPool(missing); !os.IsNotExist(err) || !strings.Contains(err.Error(), missing) {
		t.Errorf("a missing file: %v", err)
	}
}
