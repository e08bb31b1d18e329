package testutil

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/certs"
)

// PKI is a CA with issued pairs written to Dir.
type PKI struct {
	Dir string
	CA  *certs.CA
}

// NewPKI creates a CA in a temporary directory (ca.crt, ca.key).
func NewPKI(t testing.TB) *PKI {
	t.Helper()
	dir := t.TempDir()
	ca, err := certs.NewCA("test CA", 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := ca.Save(dir); err != nil {
		t.Fatal(err)
	}
	return &PKI{Dir: dir, CA: ca}
}

// Issue writes <role>-<id>.crt/.key for 127.0.0.1/localhost and returns their paths.
func (p *PKI) Issue(t testing.TB, role, id string) (cert, key string) {
	t.Helper()
	pair, err := p.CA.Issue(role, id, []string{"127.0.0.1", "localhost"}, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := pair.Write(p.Dir, role+"-"+id); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(p.Dir, role+"-"+id+".crt"), filepath.Join(p.Dir, role+"-"+id+".key")
}

// CAFile returns the CA certificate path.
func (p *PKI) CAFile() string { return filepath.Join(p.Dir, "ca.crt") }
