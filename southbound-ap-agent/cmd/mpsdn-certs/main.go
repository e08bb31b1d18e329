// Command mpsdn-certs makes the mpsdn mTLS PKI in a directory:
//
//	mpsdn-certs -dir pki ca                         # pki/ca.crt, pki/ca.key
//	mpsdn-certs -dir pki ap ap1 -hosts 192.0.2.10   # pki/ap-ap1.crt/.key, URI SAN mpsdn://ap/ap1
//	mpsdn-certs -dir pki controller onos1           # pki/controller-onos1.crt/.key
//
// Copy ca.crt and the AP's pair to the AP (/etc/mpsdn/), and ca.crt and the
// controller pair to the controller. Keep ca.key offline.
package main

import (
	"flag"
	"fmt"
	"os"
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
		return fmt.Errorf("usage: mpsdn-certs -dir DIR ca | ap ID [-hosts h1,h2] | controller NAME [-hosts ...]")
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
	case "ap", "controller":
		if len(rest) < 2 {
			return fmt.Errorf("%s: missing id", rest[0])
		}
		sub := flag.NewFlagSet(rest[0], flag.ContinueOnError)
		hosts := sub.String("hosts", "localhost,127.0.0.1", "comma-separated DNS names / IPs for SANs")
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
		return fmt.Errorf("unknown command %q: want ca, ap or controller", rest[0])
	}
}
