// Command mpsdn-enb is the reference programmable eNB: a user-space LTE
// downlink scheduler between an uplink interface and one interface per UE
// (AF_PACKET), programmed over gRPC (mpsdn.enb.v1.EnbPolicy) and observed
// over HTTP (GET /v1/metrics, see internal/enb/metricshttp). The gRPC service
// is served over mTLS only (package enbtls; "tls" in the configuration);
// "grpc_plaintext": true serves it without TLS, for the lab only. With
// grpc_listen set but neither, the eNB runs without the policy service and
// logs why.
//
// Usage: mpsdn-enb -config enb.json   (format: internal/enb/config)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/config"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/enbtls"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/metricshttp"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/pktio"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/policysvc"
)

func main() {
	cfgPath := flag.String("config", "", "JSON configuration file")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(*cfgPath, log); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("mpsdn-enb", "err", err)
		os.Exit(1)
	}
}

func run(path string, log *slog.Logger) error {
	if path == "" {
		return fmt.Errorf("-config: required")
	}
	f, err := config.Load(path)
	if err != nil {
		return err
	}
	cc, err := f.CellConfig()
	if err != nil {
		return err
	}
	c, err := cell.New(cc)
	if err != nil {
		return err
	}
	b, err := openBridge(f, c, log)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	if f.GRPCListen != "" {
		stopPolicy, err := servePolicy(f, c, log)
		if err != nil {
			return err
		}
		defer stopPolicy()
	}
	if f.MetricsListen != "" {
		stopMetrics, err := serveMetrics(f.MetricsListen, c, log)
		if err != nil {
			return err
		}
		defer stopMetrics()
	}
	log.Info("eNB running", "enb_id", f.ENBID, "ues", len(f.UEs), "uplink", f.Uplink)
	return b.Run(ctx)
}

// openBridge opens the uplink and one port per UE around the cell.
func openBridge(f *config.File, c *cell.Cell, log *slog.Logger) (*pktio.Bridge, error) {
	if f.Uplink == "" {
		return nil, fmt.Errorf("uplink: empty")
	}
	up, err := pktio.OpenPort(f.Uplink)
	if err != nil {
		return nil, fmt.Errorf("uplink: %w", err)
	}
	b := &pktio.Bridge{Cell: c, Uplink: up, Log: log}
	for i, u := range f.UEs {
		p, err := pktio.OpenPort(u.Iface)
		if err != nil {
			return nil, fmt.Errorf("ues[%d].iface: %w", i, err)
		}
		b.UEs = append(b.UEs, p)
	}
	return b, nil
}

// servePolicy serves the EnbPolicy service on grpc_listen in the background
// and returns what stops it. When the transport settings do not allow a
// server it logs why and the cell runs without it (the lab only reads its
// metrics; policies cannot be pushed).
func servePolicy(f *config.File, c *cell.Cell, log *slog.Logger) (stop func(), err error) {
	srv, err := enbtls.Build(enbtls.Settings{ENBID: f.ENBID, Plaintext: f.GRPCPlaintext,
		TLS: enbtls.Files{Cert: f.TLS.Cert, Key: f.TLS.Key, ClientCA: f.TLS.ClientCA}}, policysvc.New(c, log))
	if err != nil {
		log.Error("EnbPolicy service not started", "grpc_listen", f.GRPCListen, "err", err)
		return func() {}, nil
	}
	lis, err := net.Listen("tcp", f.GRPCListen)
	if err != nil {
		return nil, fmt.Errorf("grpc_listen: %w", err)
	}
	go func() { _ = srv.Serve(lis) }()
	log.Info("EnbPolicy service", "addr", lis.Addr().String(), "mtls", !f.GRPCPlaintext)
	return srv.Stop, nil
}

// serveMetrics serves the cell's metrics document on addr in the background
// and returns what stops it.
func serveMetrics(addr string, c *cell.Cell, log *slog.Logger) (stop func(), err error) {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics_listen: %w", err)
	}
	hs := &http.Server{Handler: metricshttp.Handler(c, nil), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(lis) }()
	log.Info("metrics", "addr", lis.Addr().String(), "path", metricshttp.Path)
	return func() { hs.Close() }, nil
}
