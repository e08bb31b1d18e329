// Package sampler samples the agent's queue collectors at a fixed rate
// (default 10 Hz) and averages the occupancy ratio over each poll window,
// per direction and per station queue.
//
// Each direction keeps a ring of recent samples (ring.go) sized for the
// largest window the controller may ask for. A poll (window.go) averages the
// samples of its window: Window takes those after the previous such poll, at
// most maxWindow back, whichever is shorter; SlidingWindow takes the last
// given length before the call, whatever other polls did. Per-station queues
// are averaged over the same window (station_window.go). When any source
// failed in the last sampling round, or the newest sample is too old, a poll
// returns an error instead of repeating old values.
package sampler

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// DefaultRateHz is the default sampling rate.
const DefaultRateHz = 10

// Config configures a Sampler.
type Config struct {
	// RateHz is the sampling rate in Hz (> 0, ≤ 1000).
	RateHz float64
	// MaxWindow is the longest window a poll can average over; it sizes the rings.
	MaxWindow time.Duration
	// Collectors are the queue sources; each must report distinct directions.
	Collectors []collector.Collector
	// OnHealth, if set, is called when health changes (err == nil: healthy).
	OnHealth func(err error)
	// Now returns the current time (tests); time.Now if nil.
	Now func() time.Time
}

// Stats are cumulative counters for metrics.
type Stats struct {
	Rounds      uint64
	RoundErrors uint64
	Nanos       uint64 // time spent sampling
}

// Sampler samples the collectors and answers polls.
type Sampler struct {
	cfg      Config
	interval time.Duration
	now      func() time.Time

	mu        sync.Mutex
	rings     map[collector.Direction]*ring
	dirs      []collector.Direction
	lastErr   error
	started   bool
	lastPoll  time.Time
	capacity  uint64
	lastRound time.Time

	rounds, roundErrors, nanos atomic.Uint64
}

// New validates cfg and returns a Sampler.
func New(cfg Config) (*Sampler, error) {
	if cfg.RateHz <= 0 || cfg.RateHz > 1000 || math.IsNaN(cfg.RateHz) {
		return nil, fmt.Errorf("sampler: rate %v Hz must be in (0, 1000]", cfg.RateHz)
	}
	if cfg.MaxWindow <= 0 {
		return nil, fmt.Errorf("sampler: max window %v must be > 0", cfg.MaxWindow)
	}
	if len(cfg.Collectors) == 0 {
		return nil, fmt.Errorf("sampler: no queue collectors configured")
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	interval := time.Duration(float64(time.Second) / cfg.RateHz)
	return &Sampler{cfg: cfg, interval: interval, now: now, rings: map[collector.Direction]*ring{},
		lastErr: errors.New("no sample taken yet")}, nil
}

// Interval returns the sampling period.
func (s *Sampler) Interval() time.Duration { return s.interval }

func (s *Sampler) ringFor(d collector.Direction) *ring {
	r := s.rings[d]
	if r == nil {
		size := int(math.Ceil(s.cfg.MaxWindow.Seconds()*s.cfg.RateHz)) + 2
		r = &ring{buf: make([]point, size)}
		s.rings[d] = r
		s.dirs = append(s.dirs, d)
	}
	return r
}

// SampleOnce reads every collector once and records the samples, each
// stamped with the time the round started. It returns the joined errors of
// the sources that failed.
func (s *Sampler) SampleOnce(ctx context.Context) error {
	start := time.Now()
	t := s.now()
	var samples []point
	var errs []error
	var capacity uint64
	for _, c := range s.cfg.Collectors {
		r, err := c.Collect(ctx)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Name(), err))
			continue
		}
		if r.CapacityBps > 0 && capacity == 0 {
			capacity = r.CapacityBps
		}
		ps, err := readingPoints(t, r)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Name(), err))
		}
		samples = append(samples, ps...)
	}
	err := errors.Join(errs...)
	s.mu.Lock()
	for _, p := range samples {
		s.ringFor(p.s.Direction).push(p)
	}
	if capacity > 0 {
		s.capacity = capacity
	}
	s.lastRound = t
	changed := !s.started || (err == nil) != (s.lastErr == nil)
	s.started = true
	s.lastErr = err
	s.mu.Unlock()
	s.rounds.Add(1)
	if err != nil {
		s.roundErrors.Add(1)
	}
	s.nanos.Add(uint64(time.Since(start)))
	if changed && s.cfg.OnHealth != nil {
		s.cfg.OnHealth(err)
	}
	return err
}

// readingPoints turns one reading into a point per queue, each with the
// station queues of its direction. A queue whose ratio cannot be computed is
// left out and reported.
func readingPoints(t time.Time, r *collector.Reading) ([]point, error) {
	var out []point
	var errs []error
	for _, q := range r.Queues {
		ratio, err := q.Ratio()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		st, err := stationPoints(r.StationQueues, q.Direction)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, point{t: t, ratio: ratio, s: q, stations: st})
	}
	return out, errors.Join(errs...)
}

// Run samples at the configured rate until ctx is done.
func (s *Sampler) Run(ctx context.Context) {
	tk := time.NewTicker(s.interval)
	defer tk.Stop()
	for {
		sctx, cancel := context.WithTimeout(ctx, s.interval)
		_ = s.SampleOnce(sctx) // failures are recorded and surface through Health and Window
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
		}
	}
}

// Health returns nil when the last sampling round succeeded and is recent.
func (s *Sampler) Health() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.healthLocked(s.now())
}

func (s *Sampler) healthLocked(now time.Time) error {
	if s.lastErr != nil {
		return s.lastErr
	}
	if age := now.Sub(s.lastRound); age > 5*s.interval+time.Second {
		return fmt.Errorf("last sample is %v old (sampling stalled)", age.Round(time.Millisecond))
	}
	return nil
}

// Stats returns cumulative counters.
func (s *Sampler) Stats() Stats {
	return Stats{Rounds: s.rounds.Load(), RoundErrors: s.roundErrors.Load(), Nanos: s.nanos.Load()}
}
