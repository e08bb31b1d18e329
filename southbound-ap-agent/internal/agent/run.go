package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/metrics"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/server"
)

// running is one run's wiring.
type running struct {
	log *slog.Logger
	smp *sampler.Sampler
	svc *server.Service
	gs  *grpc.Server
	hs  *health.Server
	mx  *metrics.Metrics // nil without metrics_listen
}

// Run samples the sources, serves the ApAgent and health services on the
// configured address and, with metrics_listen, the Prometheus endpoint, until
// ctx ends (then it stops gracefully and returns nil). Once listening it
// prints "LISTENING <addr>" on stdout (the lab and the benchmark wait for it).
func (a *Agent) Run(ctx context.Context) error {
	r, err := a.wire()
	if err != nil {
		return err
	}
	lis, err := net.Listen("tcp", a.cfg.Listen)
	if err != nil {
		return fmt.Errorf("listen %s: %w", a.cfg.Listen, err)
	}
	go r.smp.Run(ctx)
	if a.cfg.MetricsListen != "" {
		stop := r.serveMetrics(a.cfg.MetricsListen)
		defer stop()
	}
	go func() {
		<-ctx.Done()
		r.svc.Close() // the status streams end; GracefulStop waits for every open call
		r.gs.GracefulStop()
	}()
	r.log.Info("serving", "ap_id", a.cfg.APID, "listen", lis.Addr().String(), "boot_id", r.svc.BootID(),
		"sample_rate_hz", a.cfg.SampleRateHz)
	fmt.Printf("LISTENING %s\n", lis.Addr().String())
	return r.gs.Serve(lis)
}

// wire builds the sampler, the service and the gRPC server. Health starts
// NOT_SERVING and follows the sampler's health callback.
func (a *Agent) wire() (*running, error) {
	r := &running{log: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	maxWindow := time.Duration(a.cfg.MaxWindowMs) * time.Millisecond
	smp, err := sampler.New(sampler.Config{RateHz: a.cfg.SampleRateHz, MaxWindow: maxWindow, Collectors: a.queues,
		OnHealth: r.onHealth})
	if err != nil {
		return nil, err
	}
	r.smp = smp
	kind := agentv1.ApKind_AP_KIND_WIFI
	if a.cfg.Kind == "lte" {
		kind = agentv1.ApKind_AP_KIND_LTE
	}
	r.svc, err = server.New(server.Config{APID: a.cfg.APID, Kind: kind, CapacityBps: a.cfg.CapacityBps,
		MaxWindow: maxWindow, Sampler: smp, Stations: a.stations, Observe: r.observe})
	if err != nil {
		return nil, err
	}
	r.gs, r.hs = server.NewGRPC(a.tls, r.svc)
	return r, nil
}

func (r *running) onHealth(err error) {
	server.SetHealth(r.hs, err == nil)
	if err != nil {
		r.log.Warn("sources unhealthy: NOT_SERVING", "err", err)
	} else {
		r.log.Info("sources healthy: SERVING")
	}
}

func (r *running) observe(c codes.Code, st *agentv1.ApStatus) {
	if r.mx != nil {
		r.mx.Observe(c, st)
	}
}

// serveMetrics serves /metrics on addr in the background and returns what
// closes it.
func (r *running) serveMetrics(addr string) (stop func()) {
	r.mx = metrics.New(r.smp)
	mux := http.NewServeMux()
	mux.Handle("/metrics", r.mx.Handler())
	hsrv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := hsrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			r.log.Error("metrics endpoint", "err", err)
		}
	}()
	return func() { hsrv.Close() }
}
