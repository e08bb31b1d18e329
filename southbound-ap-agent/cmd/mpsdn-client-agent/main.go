// Command mpsdn-client-agent runs on an MPTCP client: it subscribes to the
// mpsdn controller's per-interface weights, applies them (backend "shaping":
// tbf per path in the weights' proportion, weight 0 = MPTCP backup), acks
// them and reports subflow RTT and rate. See README-client-agent.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/clientagent"
	"google.golang.org/grpc"
)

const version = "0.1.0"

type multi []string

func (m *multi) String() string     { return strings.Join(*m, " ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// parseRate parses "40M", "500k", "1.5G" or plain bit/s.
func parseRate(s string) (uint64, error) {
	mult := 1.0
	switch {
	case strings.HasSuffix(s, "G"):
		mult, s = 1e9, strings.TrimSuffix(s, "G")
	case strings.HasSuffix(s, "M"):
		mult, s = 1e6, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "k"):
		mult, s = 1e3, strings.TrimSuffix(s, "k")
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("rate %q: want a positive number of bit/s, e.g. 40M", s)
	}
	return uint64(f * mult), nil
}

// tcpRmemMax reads the largest TCP receive buffer (third field of tcp_rmem).
func tcpRmemMax() uint64 {
	b, err := os.ReadFile("/proc/sys/net/ipv4/tcp_rmem")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) != 3 {
		return 0
	}
	n, _ := strconv.ParseUint(f[2], 10, 64)
	return n
}

func main() {
	var paths multi
	clientID := flag.String("client-id", "", "client identifier (must match the token or certificate)")
	controller := flag.String("controller", "", "controller ClientWeights address host:port")
	tokenFile := flag.String("token-file", "", "file holding this client's bearer token")
	caFile := flag.String("ca", "", "CA of the controller certificate (TLS)")
	certFile := flag.String("cert", "", "client certificate with a mpsdn://client/<id> URI SAN (mTLS)")
	keyFile := flag.String("key", "", "client certificate key")
	insecureOK := flag.Bool("insecure", false, "allow plaintext to the controller (lab only: the token goes in clear)")
	flag.Var(&paths, "path", "a path: id=IFACE,kind=wifi|lte|other,ap=AP,addr=IP[,addr=IP] (repeat per interface)")
	backend := flag.String("backend", "shaping", "applier backend: shaping or wrr")
	mode := flag.String("shaping-mode", clientagent.ModeMeasured, "shaping: measured (follow the heaviest path's delivered rate) or static")
	aggregate := flag.String("aggregate-rate", "", "shaping-mode static: aggregate rate to split, e.g. 40M")
	latency := flag.Int("tbf-latency-ms", 50, "tbf queue latency in ms")
	minLimit := flag.Uint64("tbf-min-limit-bytes", 0, "when > 0: tbf queue limit in bytes, at least this and rate x latency + burst (instead of a latency)")
	halfLife := flag.Duration("ref-half-life", 5*time.Second, "shaping-mode measured: half-life of the held reference peak")
	correction := flag.Bool("share-correction", true, "shaping-mode measured: correct shaped rates from delivered shares")
	changeInPlace := flag.Bool("tbf-change-in-place", false, "update an installed tbf with tc qdisc change (keeps its queue) instead of replace")
	lowat := flag.Uint64("notsent-lowat", 16384, "shaping: net.ipv4.tcp_notsent_lowat set while a path's weight share is below -lowat-below-share, bounding the unsent data a slow subflow holds (0: leave the kernel's)")
	lowatShare := flag.Float64("lowat-below-share", 0.1, "shaping: set -notsent-lowat only while a path's weight share w/sum(w) is below this")
	rcvbuf := flag.Uint64("rcvbuf", 0, "receive buffer announced for MPTCP-rec pruning (0: net.ipv4.tcp_rmem max)")
	stateFile := flag.String("state-file", "/var/lib/mpsdn-client-agent/state.json", "last applied epoch/version (empty: none)")
	sample := flag.Duration("sample-interval", 500*time.Millisecond, "subflow sampling interval")
	report := flag.Duration("report-interval", 2*time.Second, "subflow report interval")
	verbose := flag.Bool("v", false, "debug logging")
	flag.Parse()

	lvl := slog.LevelInfo
	if *verbose {
		lvl = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
	fail := func(err error) {
		log.Error("mpsdn-client-agent", "err", err)
		os.Exit(2)
	}
	if *controller == "" {
		fail(fmt.Errorf("-controller is required"))
	}
	var ps []clientagent.Path
	for _, s := range paths {
		p, err := clientagent.ParsePath(s)
		if err != nil {
			fail(err)
		}
		ps = append(ps, p)
	}
	run := clientagent.ExecRunner{}
	var applier clientagent.Applier
	switch *backend {
	case "shaping":
		cfg := clientagent.ShapingConfig{Mode: *mode, LatencyMs: *latency, ShareCorrection: *correction, RefHalfLife: *halfLife,
			ChangeInPlace: *changeInPlace, MinLimitBytes: *minLimit, NotsentLowat: *lowat, LowatBelowShare: *lowatShare}
		if *aggregate != "" {
			r, err := parseRate(*aggregate)
			if err != nil {
				fail(err)
			}
			cfg.AggregateBps = r
		}
		s, err := clientagent.NewShaping(run, ps, cfg)
		if err != nil {
			fail(err)
		}
		applier = s
	case "wrr":
		fail(clientagent.CheckWRR("/proc/sys/net/mptcp/available_schedulers"))
	default:
		fail(fmt.Errorf("-backend %q: want shaping or wrr", *backend))
	}
	opts, err := clientagent.DialOptions(clientagent.DialConfig{Address: *controller, TokenFile: *tokenFile,
		CAFile: *caFile, CertFile: *certFile, KeyFile: *keyFile, Insecure: *insecureOK})
	if err != nil {
		fail(err)
	}
	conn, err := grpc.NewClient(*controller, opts...)
	if err != nil {
		fail(err)
	}
	defer conn.Close()
	if *rcvbuf == 0 {
		*rcvbuf = tcpRmemMax()
	}
	meter := clientagent.NewMeter(run, ps, clientagent.NetlinkTxCounter, 0.5)
	agent, err := clientagent.New(clientagent.Config{ClientID: *clientID, Paths: ps, ReceiveBufferBytes: *rcvbuf,
		StateFile: *stateFile, SampleInterval: *sample, ReportInterval: *report, AgentVersion: version},
		clientv1.NewClientWeightsClient(conn), applier, meter, log)
	if err != nil {
		fail(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("mpsdn-client-agent starting", "client", *clientID, "controller", *controller, "backend", applier.Name(),
		"paths", len(ps), "rcvbuf", *rcvbuf)
	_ = agent.Run(ctx)
	if err := applier.Close(); err != nil {
		log.Warn("removing shaping", "err", err)
	}
}
