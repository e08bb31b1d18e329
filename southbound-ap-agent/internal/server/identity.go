package server

import (
	"crypto/x509"
	"fmt"
	"regexp"
	"strings"
)

// Identities are bound to certificates through a URI SAN:
// mpsdn://ap/<ap-id> for an agent, mpsdn://controller/<name> for a controller.
const (
	APURIPrefix         = "mpsdn://ap/"
	ControllerURIPrefix = "mpsdn://controller/"
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidID reports whether id is a well-formed AP or controller identifier
// (1-64 characters of letters, digits, '.', '_', '-', starting alphanumeric).
func ValidID(id string) bool { return idPattern.MatchString(id) }

// IdentityFromCert returns the identifier under prefix carried in cert's URI
// SANs. It fails when there is none, or more than one.
func IdentityFromCert(cert *x509.Certificate, prefix string) (string, error) {
	var ids []string
	for _, u := range cert.URIs {
		s := u.String()
		if strings.HasPrefix(s, prefix) {
			ids = append(ids, strings.TrimPrefix(s, prefix))
		}
	}
	switch {
	case len(ids) == 0:
		return "", fmt.Errorf("certificate %q has no %s<id> URI SAN", cert.Subject.CommonName, prefix)
	case len(ids) > 1:
		return "", fmt.Errorf("certificate %q has %d %s URI SANs, want one", cert.Subject.CommonName, len(ids), prefix)
	case !ValidID(ids[0]):
		return "", fmt.Errorf("certificate %q: identity %q is not a valid id", cert.Subject.CommonName, ids[0])
	}
	return ids[0], nil
}
