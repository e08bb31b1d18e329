// Package server implements the mpsdn.agent.v1.ApAgent gRPC service over mTLS:
// StreamStatus sends one status per window of a requested schedule
// (stream.go, schedule.go); GetStatus averages the sampler's window (since the last poll, or sliding
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
	"sync"
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

// observe reports an outcome to Config.Observe, if set.
func (c Config) observe(code codes.Code, st *agentv1.ApStatus) {
	if c.Observe != nil {
		c.Observe(code, st)
	}
}

// Service implements agentv1.ApAgentServer.
type Service struct {
	agentv1.UnimplementedApAgentServer
	cfg    Config
	bootID uint64
	seq    atomic.Uint64
	// schedules of the open (or recently closed) status streams, by period and phase
	schedMu   sync.Mutex
	schedules map[scheduleKey]*schedule
	quit      chan struct{} // closed by Close: the streams end
	closeOnce sync.Once
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
	return &Service{cfg: cfg, bootID: binary.LittleEndian.Uint64(b[:]) | 1,
		schedules: map[scheduleKey]*schedule{}, quit: make(chan struct{})}, nil
}

// Close ends the open status streams (UNAVAILABLE), so that a graceful stop
// of the gRPC server, which waits for every open call, can finish.
func (s *Service) Close() { s.closeOnce.Do(func() { close(s.quit) }) }

// BootID returns the random identifier of this agent run.
func (s *Service) BootID() uint64 { return s.bootID }

// GetStatus implements agentv1.ApAgentServer.
func (s *Service) GetStatus(ctx context.Context, req *agentv1.GetStatusRequest) (*agentv1.ApStatus, error) {
	st, err := s.getStatus(ctx, req)
	s.cfg.observe(status.Code(err), st)
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
	return s.complete(ctx, w)
}

// complete turns a window into a status: the AP's identity, the stations
// read now and the next sequence number.
func (s *Service) complete(ctx context.Context, w sampler.Window) (*agentv1.ApStatus, error) {
	out := statusFromWindow(w, monotonicNs())
	out.ApId, out.Kind, out.BootId = s.cfg.APID, s.cfg.Kind, s.bootID
	if s.cfg.CapacityBps > 0 {
		out.CapacityBps = s.cfg.CapacityBps
	}
	var err error
	if out.Stations, err = s.stations(ctx); err != nil {
		return nil, err
	}
	out.Sequence = s.seq.Add(1)
	return out, nil
}

// checkRequest refuses a malformed request (INVALID_ARGUMENT) or one for
// another AP (PERMISSION_DENIED) and returns the window asked for.
func (s *Service) checkRequest(req *agentv1.GetStatusRequest) (time.Duration, sampler.Mode, error) {
	if err := checkID(req.GetApId()); err != nil {
		return 0, 0, err
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
	return maxWin, mode, s.checkSelf(req.GetApId())
}

// checkID refuses an empty or malformed AP id (INVALID_ARGUMENT).
func checkID(id string) error {
	if id == "" {
		return status.Error(codes.InvalidArgument, "ap_id must not be empty")
	}
	if !ValidID(id) {
		return status.Errorf(codes.InvalidArgument, "ap_id %q is not a valid id", truncate(id, 80))
	}
	return nil
}

// checkSelf refuses a request for another AP (PERMISSION_DENIED).
func (s *Service) checkSelf(id string) error {
	if id != s.cfg.APID {
		return status.Errorf(codes.PermissionDenied, "this agent speaks for AP %q only, not %q", s.cfg.APID, id)
	}
	return nil
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
