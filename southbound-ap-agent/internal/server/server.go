// Package server implements the mpsdn.agent.v1.ApAgent gRPC service over mTLS:
// GetStatus averages the sampler's window (since the last poll, or sliding
// when the request asks; status.go builds the reply with the per-station
// queues and the newest sample's time), adds the stations, and refuses
// requests for another AP (PERMISSION_DENIED), malformed requests
// (INVALID_ARGUMENT), and answers UNAVAILABLE when a source fails instead of
// repeating old values. The standard health service mirrors source health.
package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
)

// Windower is what the server needs from the sampler: a window since the
// previous such poll, or a sliding window of a given length.
type Windower interface {
	Window(maxWindow time.Duration) (sampler.Window, error)
	SlidingWindow(length time.Duration) (sampler.Window, error)
}

// Config configures the service.
type Config struct {
	APID        string
	Kind        agentv1.ApKind
	CapacityBps uint64 // configured capacity; 0 uses the sources' value
	MaxWindow   time.Duration
	Sampler     Windower
	// Stations are read on each GetStatus.
	Stations       []collector.Collector
	StationTimeout time.Duration
	// Observe, if set, sees each request's outcome (metrics).
	Observe func(code codes.Code, st *agentv1.ApStatus)
}

// Service implements agentv1.ApAgentServer.
type Service struct {
	agentv1.UnimplementedApAgentServer
	cfg    Config
	bootID uint64
	seq    atomic.Uint64
}

// New returns the service.
func New(cfg Config) (*Service, error) {
	if !ValidID(cfg.APID) {
		return nil, fmt.Errorf("server: ap_id %q is not a valid id", cfg.APID)
	}
	if cfg.Sampler == nil {
		return nil, fmt.Errorf("server: sampler is required")
	}
	if cfg.StationTimeout <= 0 {
		cfg.StationTimeout = time.Second
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	return &Service{cfg: cfg, bootID: binary.LittleEndian.Uint64(b[:]) | 1}, nil
}

// BootID returns the random identifier of this agent run.
func (s *Service) BootID() uint64 { return s.bootID }

// GetStatus implements agentv1.ApAgentServer.
func (s *Service) GetStatus(ctx context.Context, req *agentv1.GetStatusRequest) (*agentv1.ApStatus, error) {
	st, err := s.getStatus(ctx, req)
	if s.cfg.Observe != nil {
		s.cfg.Observe(status.Code(err), st)
	}
	return st, err
}

func (s *Service) getStatus(ctx context.Context, req *agentv1.GetStatusRequest) (*agentv1.ApStatus, error) {
	maxWin, mode, err := s.checkRequest(req)
	if err != nil {
		return nil, err
	}
	var w sampler.Window
	if mode == sampler.Sliding {
		w, err = s.cfg.Sampler.SlidingWindow(maxWin)
	} else {
		w, err = s.cfg.Sampler.Window(maxWin)
	}
	if err != nil {
		return nil, status.Errorf(codes.Unavailable, "queue sources unhealthy: %v", err)
	}
	out := statusFromWindow(w, monotonicNs())
	out.ApId, out.Kind, out.BootId = s.cfg.APID, s.cfg.Kind, s.bootID
	if s.cfg.CapacityBps > 0 {
		out.CapacityBps = s.cfg.CapacityBps
	}
	if out.Stations, err = s.stations(ctx); err != nil {
		return nil, err
	}
	out.Sequence = s.seq.Add(1)
	return out, nil
}

// checkRequest refuses a malformed request (INVALID_ARGUMENT) or one for
// another AP (PERMISSION_DENIED) and returns the window asked for.
func (s *Service) checkRequest(req *agentv1.GetStatusRequest) (time.Duration, sampler.Mode, error) {
	if req.GetApId() == "" {
		return 0, 0, status.Error(codes.InvalidArgument, "ap_id must not be empty")
	}
	if !ValidID(req.GetApId()) {
		return 0, 0, status.Errorf(codes.InvalidArgument, "ap_id %q is not a valid id", truncate(req.GetApId(), 80))
	}
	maxWin := time.Duration(req.GetMaxWindowMs()) * time.Millisecond
	if maxWin > s.cfg.MaxWindow {
		return 0, 0, status.Errorf(codes.InvalidArgument, "max_window_ms %d exceeds the agent's maximum %d",
			req.GetMaxWindowMs(), s.cfg.MaxWindow.Milliseconds())
	}
	mode, ok := windowModes[req.GetWindowMode()]
	if !ok {
		return 0, 0, status.Errorf(codes.InvalidArgument, "window_mode %d is not known to this agent", req.GetWindowMode())
	}
	if req.GetApId() != s.cfg.APID {
		return 0, 0, status.Errorf(codes.PermissionDenied, "this agent speaks for AP %q only, not %q", s.cfg.APID, req.GetApId())
	}
	return maxWin, mode, nil
}

// stations reads every station source now; a failing source makes the
// request UNAVAILABLE.
func (s *Service) stations(ctx context.Context) ([]*agentv1.Station, error) {
	var out []*agentv1.Station
	for _, c := range s.cfg.Stations {
		cctx, cancel := context.WithTimeout(ctx, s.cfg.StationTimeout)
		r, err := c.Collect(cctx)
		cancel()
		if err != nil {
			return nil, status.Errorf(codes.Unavailable, "station source %s: %v", c.Name(), err)
		}
		for _, st := range r.Stations {
			out = append(out, &agentv1.Station{
				Mac: st.MAC, Ips: st.IPs, RssiDbm: st.RSSIdBm,
				TxPhyRateBps: st.TxPhyRateBps, RxPhyRateBps: st.RxPhyRateBps,
				TxBytes: st.TxBytes, RxBytes: st.RxBytes, InactiveMs: st.InactiveMilli,
			})
		}
	}
	return out, nil
}

func monotonicNs() uint64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return uint64(ts.Nano())
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
