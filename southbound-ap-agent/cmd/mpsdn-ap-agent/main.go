// Command mpsdn-ap-agent runs on an AP or eNB and serves its MAC queue
// occupancy and stations to the mpsdn controller over gRPC with mTLS.
// The agent itself is package internal/agent; this command parses the flags,
// stops on SIGINT/SIGTERM and turns an error into exit status 1.
//
// Usage: mpsdn-ap-agent -config /etc/mpsdn/agent.yaml [flags overriding the file]
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/agent"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/runtimemem"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mpsdn-ap-agent:", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		path      = flag.String("config", "/etc/mpsdn/agent.yaml", "configuration file (YAML or JSON)")
		apID      = flag.String("ap-id", "", "override ap_id (must match the certificate)")
		listen    = flag.String("listen", "", "override listen address host:port")
		rate      = flag.Float64("sample-rate", 0, "override sample_rate_hz")
		metricsOn = flag.String("metrics-listen", "", "override metrics_listen (loopback host:port)")
		check     = flag.Bool("check-config", false, "validate the configuration and certificates, then exit")
	)
	flag.Parse()
	var o agent.Overrides
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "ap-id":
			o.APID = apID
		case "listen":
			o.Listen = listen
		case "sample-rate":
			o.SampleRateHz = rate
		case "metrics-listen":
			o.MetricsListen = metricsOn
		}
	})
	a, err := agent.New(*path, o)
	if err != nil {
		return err
	}
	if *check {
		fmt.Printf("config ok: %s\n", a.Summary())
		return nil
	}
	mem := runtimemem.Apply(runtimemem.Agent, os.Getenv)
	slog.New(slog.NewTextHandler(os.Stderr, nil)).Info("runtime memory", "gc_percent", mem.GCPercent,
		"memory_limit_bytes", mem.MemoryLimitBytes, "gogc_from_env", mem.GCFromEnv, "gomemlimit_from_env", mem.LimitFromEnv)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	return a.Run(ctx)
}
