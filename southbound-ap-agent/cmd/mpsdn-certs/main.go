// Command mpsdn-certs makes the mpsdn mTLS PKI in a directory:
//
//	mpsdn-certs -dir pki ca                         # pki/ca.crt, pki/ca.key
//	mpsdn-certs -dir pki ap ap1 -hosts 192.0.2.10   # pki/ap-ap1.crt/.key, URI SAN mpsdn://ap/ap1
//	mpsdn-certs -dir pki controller onos1           # pki/controller-onos1.crt/.key
//	mpsdn-certs -dir pki client ue1                 # pki/client-ue1.crt/.key, URI SAN mpsdn://client/ue1
//
// Copy ca.crt and the AP's pair to the AP (/etc/mpsdn/), ca.crt and the
// controller pair to the controller, and ca.crt and a client's pair to that
// MPTCP client (mpsdn-client-agent -ca -cert -key). The controller binds the
// client id to the certificate: a client can only subscribe as the id in its
// certificate. Keep ca.key offline.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/certs"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mpsdn-certs:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("mpsdn-certs", flag.ContinueOnError)
	dir := fs.String("dir", ".", "PKI directory")
	days := fs.Int("days", 825, "validity in days")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return fmt.Errorf("usage: mpsdn-certs -dir DIR ca | ap ID [-hosts h1,h2] | controller NAME [-hosts ...] | client ID")
	}
	validity := time.Duration(*days) * 24 * time.Hour
	if err := os.MkdirAll(*dir, 0o700); err != nil {
		return err
	}
	switch rest[0] {
	case "ca":
		ca, err := certs.NewCA("mpsdn CA", validity)
		if err != nil {
			return err
		}
		return ca.Save(*dir)
	case "ap", "controller", "client":
		if len(rest) < 2 {
			return fmt.Errorf("%s: missing id", rest[0])
		}
		if rest[0] == "client" && !validClientID(rest[1]) {
			return fmt.Errorf("client: id %q: want 1-64 of [A-Za-z0-9._-], starting with a letter or digit", rest[1])
		}
		defHosts := "localhost,127.0.0.1"
		if rest[0] == "client" {
			defHosts = "" // a client certificate names the client, not a host
		}
		sub := flag.NewFlagSet(rest[0], flag.ContinueOnError)
		hosts := sub.String("hosts", defHosts, "comma-separated DNS names / IPs for SANs")
		if err := sub.Parse(rest[2:]); err != nil {
			return err
		}
		ca, err := certs.LoadCA(*dir)
		if err != nil {
			return fmt.Errorf("load CA (run 'ca' first): %w", err)
		}
		p, err := ca.Issue(rest[0], rest[1], strings.Split(*hosts, ","), validity)
		if err != nil {
			return err
		}
		return p.Write(*dir, rest[0]+"-"+rest[1])
	default:
		return fmt.Errorf("unknown command %q: want ca, ap, controller or client", rest[0])
	}
}

// clientIDPattern is the controller's client id syntax (Validation.isValidId in the ONOS app).
var clientIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

func validClientID(id string) bool { return clientIDPattern.MatchString(id) }
