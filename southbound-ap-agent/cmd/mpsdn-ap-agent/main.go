// Command mpsdn-ap-agent runs on an AP or eNB and serves its MAC queue
// occupancy and stations to the mpsdn controller over gRPC with mTLS.
//
// Usage: mpsdn-ap-agent -config /etc/mpsdn/agent.yaml [flags overriding the file]
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

	"github.com/vishvananda/netns"
	"google.golang.org/grpc/codes"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/config"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/metrics"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/server"
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
	cfg, err := config.Load(*path)
	if err != nil {
		return err
	}
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "ap-id":
			cfg.APID = *apID
		case "listen":
			cfg.Listen = *listen
		case "sample-rate":
			cfg.SampleRateHz = *rate
		case "metrics-listen":
			cfg.MetricsListen = *metricsOn
		}
	})
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("config %s: %w", *path, err)
	}
	tlsCfg, certID, err := server.ServerTLS(server.TLSFiles{Cert: cfg.TLS.Cert, Key: cfg.TLS.Key, ClientCA: cfg.TLS.ClientCA})
	if err != nil {
		return err
	}
	if cfg.APID == "" {
		cfg.APID = certID
	}
	if cfg.APID != certID {
		return fmt.Errorf("ap_id %q does not match the certificate identity %q", cfg.APID, certID)
	}
	queues, stations, err := buildCollectors(cfg)
	if err != nil {
		return err
	}
	if *check {
		fmt.Printf("config ok: ap_id=%s queues=%d station sources=%d\n", cfg.APID, len(queues), len(stations))
		return nil
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	maxWindow := time.Duration(cfg.MaxWindowMs) * time.Millisecond

	var onHealth func(error)
	smp, err := sampler.New(sampler.Config{RateHz: cfg.SampleRateHz, MaxWindow: maxWindow, Collectors: queues,
		OnHealth: func(err error) { onHealth(err) }})
	if err != nil {
		return err
	}
	var mx *metrics.Metrics
	kind := agentv1.ApKind_AP_KIND_WIFI
	if cfg.Kind == "lte" {
		kind = agentv1.ApKind_AP_KIND_LTE
	}
	svc, err := server.New(server.Config{APID: cfg.APID, Kind: kind, CapacityBps: cfg.CapacityBps,
		MaxWindow: maxWindow, Sampler: smp, Stations: stations,
		Observe: func(c codes.Code, st *agentv1.ApStatus) {
			if mx != nil {
				mx.Observe(c, st)
			}
		}})
	if err != nil {
		return err
	}
	gs, hs := server.NewGRPC(tlsCfg, svc)
	onHealth = func(err error) {
		server.SetHealth(hs, err == nil)
		if err != nil {
			log.Warn("sources unhealthy: NOT_SERVING", "err", err)
		} else {
			log.Info("sources healthy: SERVING")
		}
	}
	lis, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.Listen, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go smp.Run(ctx)

	if cfg.MetricsListen != "" {
		mx = metrics.New(smp)
		mux := http.NewServeMux()
		mux.Handle("/metrics", mx.Handler())
		hsrv := &http.Server{Addr: cfg.MetricsListen, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		go func() {
			if err := hsrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("metrics endpoint", "err", err)
			}
		}()
		defer hsrv.Close()
	}
	go func() {
		<-ctx.Done()
		gs.GracefulStop()
	}()
	log.Info("serving", "ap_id", cfg.APID, "listen", lis.Addr().String(), "boot_id", svc.BootID(),
		"sample_rate_hz", cfg.SampleRateHz)
	fmt.Printf("LISTENING %s\n", lis.Addr().String())
	return gs.Serve(lis)
}

func buildCollectors(cfg config.Config) (queues, stations []collector.Collector, err error) {
	enbSource := cfg.ENB.URL
	if enbSource == "" {
		enbSource = cfg.ENB.File
	}
	timeout := time.Duration(cfg.ENB.TimeoutMs) * time.Millisecond
	maxAge := time.Duration(cfg.ENB.MaxAgeMs) * time.Millisecond
	var enbDirs []collector.Direction
	for _, q := range cfg.Queues {
		d, err := collector.ParseDirection(q.Direction)
		if err != nil {
			return nil, nil, err
		}
		switch q.Source {
		case "qdisc":
			c, err := collector.NewQdisc(d, q.Interface, netns.None())
			if err != nil {
				return nil, nil, err
			}
			queues = append(queues, c)
		case "mac80211-txq":
			c, err := collector.NewTXQ(d, q.Interface)
			if err != nil {
				return nil, nil, err
			}
			queues = append(queues, c)
		case "enb":
			enbDirs = append(enbDirs, d)
		}
	}
	if len(enbDirs) > 0 {
		c, err := collector.NewENB(enbSource, enbDirs, timeout, maxAge)
		if err != nil {
			return nil, nil, err
		}
		queues = append(queues, c)
	}
	switch cfg.Stations.Source {
	case "nl80211":
		c, err := collector.NewStations(cfg.Stations.Interface)
		if err != nil {
			return nil, nil, err
		}
		stations = append(stations, c)
	case "enb":
		c, err := collector.NewENB(enbSource, nil, timeout, maxAge)
		if err != nil {
			return nil, nil, err
		}
		stations = append(stations, c)
	}
	return queues, stations, nil
}
