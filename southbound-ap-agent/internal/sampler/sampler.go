// Package sampler samples the agent's queue collectors at a fixed rate
// (default 10 Hz) and averages the occupancy ratio over each poll window.
//
// Each direction keeps a ring of recent samples sized for the largest window
// the controller may ask for. A poll (Window) averages the samples taken after
// the previous poll, or at most maxWindow back, whichever is shorter. When any
// source failed in the last sampling round, or the newest sample is too old,
// Window returns an error instead of repeating old values.
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

type point struct {
	t     time.Time
	ratio float64
	s     collector.QueueSample
}

type ring struct {
	buf  []point
	head int // next write
	n    int
}

func (r *ring) push(p point) {
	r.buf[r.head] = p
	r.head = (r.head + 1) % len(r.buf)
	if r.n < len(r.buf) {
		r.n++
	}
}

// at returns the i-th newest point (0 = newest).
func (r *ring) at(i int) point {
	return r.buf[(r.head-1-i+2*len(r.buf))%len(r.buf)]
}

// QueueWindow is the averaged state of one direction over a window.
type QueueWindow struct {
	Direction collector.Direction
	// Ratio is the mean occupancy over Count samples.
	Ratio float64
	Count uint32
	// Last is the newest sample in the window.
	Last collector.QueueSample
	// Drops is the drop-counter increase over the window.
	Drops uint64
}

// Window is the result of one poll.
type Window struct {
	Start, End  time.Time
	Queues      []QueueWindow
	CapacityBps uint64
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

// SampleOnce reads every collector once and records the samples. It returns
// the joined errors of the sources that failed.
func (s *Sampler) SampleOnce(ctx context.Context) error {
	start := time.Now()
	t := s.now()
	type got struct {
		s     collector.QueueSample
		ratio float64
	}
	var samples []got
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
		for _, q := range r.Queues {
			ratio, err := q.Ratio()
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", c.Name(), err))
				continue
			}
			samples = append(samples, got{q, ratio})
		}
	}
	err := errors.Join(errs...)
	s.mu.Lock()
	for _, g := range samples {
		s.ringFor(g.s.Direction).push(point{t: t, ratio: g.ratio, s: g.s})
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

// Window averages the samples since the previous poll (at most maxWindow
// back; 0 means the configured maximum) and starts a new window. It fails
// when the sources are unhealthy.
func (s *Sampler) Window(maxWindow time.Duration) (Window, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if err := s.healthLocked(now); err != nil {
		return Window{}, err
	}
	if maxWindow <= 0 || maxWindow > s.cfg.MaxWindow {
		maxWindow = s.cfg.MaxWindow
	}
	start := now.Add(-maxWindow)
	if s.lastPoll.After(start) {
		start = s.lastPoll
	}
	w := Window{Start: start, End: now, CapacityBps: s.capacity}
	for _, d := range s.dirs {
		r := s.rings[d]
		if r.n == 0 {
			continue
		}
		var sum float64
		var count uint32
		i := 0
		for ; i < r.n; i++ {
			p := r.at(i)
			if !p.t.After(start) {
				break
			}
			sum += p.ratio
			count++
		}
		newest := r.at(0)
		if count == 0 {
			// Polled again before a new sample: report the newest one.
			sum, count, i = newest.ratio, 1, 1
		}
		w.Start = minTime(w.Start, r.at(int(count)-1).t)
		var drops uint64
		if i < r.n { // a sample before the window is the baseline
			base := r.at(i).s.Drops
			if newest.s.Drops >= base {
				drops = newest.s.Drops - base
			} else {
				drops = newest.s.Drops // counter reset
			}
		} else {
			oldest := r.at(r.n - 1).s.Drops
			if newest.s.Drops >= oldest {
				drops = newest.s.Drops - oldest
			}
		}
		w.Queues = append(w.Queues, QueueWindow{Direction: d, Ratio: sum / float64(count), Count: count,
			Last: newest.s, Drops: drops})
	}
	if len(w.Queues) == 0 {
		return Window{}, errors.New("no queue samples yet")
	}
	s.lastPoll = now
	return w, nil
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
