package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/clientagent"
)

type multi []string

func (m *multi) String() string     { return strings.Join(*m, " ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// options are the command line.
type options struct {
	clientID                             string
	controllers                          multi
	pathManager                          string
	tokenFile, caFile, certFile, keyFile string
	insecure                             bool
	paths                                multi
	backend                              string
	shaping                              clientagent.ShapingConfig // every field but AggregateBps
	aggregate                            string                    // -aggregate-rate, parsed by newApplier
	rcvbuf                               uint64
	stateFile                            string
	sample, report                       time.Duration
	verbose                              bool
}

func parseFlags() *options {
	o := &options{}
	flag.StringVar(&o.clientID, "client-id", "", "client identifier (must match the token or certificate)")
	flag.Var(&o.controllers, "controller", "controller ClientWeights address host:port; a cluster's instances as a comma-separated list "+
		"or by repeating the flag: the agent moves to the next one when its controller goes away")
	flag.StringVar(&o.pathManager, "path-manager", clientagent.PMAuto, "MPTCP path manager: auto (the namespace's), kernel (backup flag per endpoint) "+
		"or userspace (the agent opens the subflows and sets the backup flag per subflow)")
	flag.StringVar(&o.tokenFile, "token-file", "", "file holding this client's bearer token")
	flag.StringVar(&o.caFile, "ca", "", "CA of the controller certificate (TLS)")
	flag.StringVar(&o.certFile, "cert", "", "client certificate with a mpsdn://client/<id> URI SAN (mTLS)")
	flag.StringVar(&o.keyFile, "key", "", "client certificate key")
	flag.BoolVar(&o.insecure, "insecure", false, "allow plaintext to the controller (lab only: the token goes in clear)")
	flag.Var(&o.paths, "path", "a path: id=IFACE,kind=wifi|lte|other,ap=AP,addr=IP[,addr=IP] (repeat per interface)")
	flag.StringVar(&o.backend, "backend", "shaping", "applier backend: shaping or wrr")
	shapingFlags(flag.CommandLine, &o.shaping)
	flag.StringVar(&o.aggregate, "aggregate-rate", "", "shaping-mode static: aggregate rate to split, e.g. 40M")
	flag.Uint64Var(&o.rcvbuf, "rcvbuf", 0, "receive buffer announced for MPTCP-rec pruning (0: net.ipv4.tcp_rmem max)")
	flag.StringVar(&o.stateFile, "state-file", "/var/lib/mpsdn-client-agent/state.json", "last applied epoch/version (empty: none)")
	flag.DurationVar(&o.sample, "sample-interval", 500*time.Millisecond, "subflow sampling interval")
	flag.DurationVar(&o.report, "report-interval", 2*time.Second, "subflow report interval")
	flag.BoolVar(&o.verbose, "v", false, "debug logging")
	flag.Parse()
	return o
}

// controllerList splits the -controller values at commas; it fails on an
// empty list or an empty entry.
func controllerList(vals []string) ([]string, error) {
	var out []string
	for _, v := range vals {
		for _, a := range strings.Split(v, ",") {
			a = strings.TrimSpace(a)
			if a == "" {
				return nil, fmt.Errorf("-controller %q: empty address", v)
			}
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-controller is required")
	}
	return out, nil
}

// shapingFlags binds the shaping backend's flags to c.
func shapingFlags(fs *flag.FlagSet, c *clientagent.ShapingConfig) {
	fs.StringVar(&c.Mode, "shaping-mode", clientagent.ModeMeasured, "shaping: measured (follow the heaviest path's delivered rate) or static")
	fs.IntVar(&c.LatencyMs, "tbf-latency-ms", 50, "tbf queue latency in ms")
	fs.Uint64Var(&c.MinLimitBytes, "tbf-min-limit-bytes", 0, "when > 0: tbf queue limit in bytes, at least this and rate x latency + burst (instead of a latency)")
	fs.DurationVar(&c.RefHalfLife, "ref-half-life", 5*time.Second, "shaping-mode measured: half-life of the held reference peak")
	c.MinSendBps = 1_000_000
	fs.Var(rateFlag{&c.MinSendBps}, "min-send-rate", "shaping-mode measured: follow the heaviest path's delivered rate only while it delivers at least this much of the client's own data "+
		"(held peak, e.g. 1M); below it (a client that only downloads) paths are shaped from 10 Mbit/s x w / wmax")
	fs.BoolVar(&c.ShareCorrection, "share-correction", true, "shaping-mode measured: correct shaped rates from delivered shares")
	fs.BoolVar(&c.ChangeInPlace, "tbf-change-in-place", false, "update an installed tbf with tc qdisc change (keeps its queue) instead of replace")
	fs.Uint64Var(&c.NotsentLowat, "notsent-lowat", 16384, "shaping: net.ipv4.tcp_notsent_lowat set while a path's weight share is below -lowat-below-share, bounding the unsent data a slow subflow holds (0: leave the kernel's)")
	fs.Float64Var(&c.LowatBelowShare, "lowat-below-share", 0.1, "shaping: set -notsent-lowat only while a path's weight share w/sum(w) is below this")
}

// rateFlag is a rate flag in bit/s, given as clientagent.ParseRate reads it ("1M", "500k").
type rateFlag struct{ p *uint64 }

func (r rateFlag) String() string {
	if r.p == nil {
		return ""
	}
	return strconv.FormatUint(*r.p, 10)
}

func (r rateFlag) Set(s string) error {
	v, err := clientagent.ParseRate(s)
	if err != nil {
		return err
	}
	*r.p = v
	return nil
}
