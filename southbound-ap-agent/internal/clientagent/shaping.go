package clientagent

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// ShapingConfig configures the shaping backend.
type ShapingConfig struct {
	Mode         string // ModeMeasured or ModeStatic
	AggregateBps uint64 // ModeStatic: the aggregate to split
	LatencyMs    int    // tbf queue latency (default 50)
	// Hysteresis: a shaped rate is changed only when the new rate differs by
	// more than this fraction (default 0.01).
	Hysteresis float64
}

// Shaping applies weights on upstream Linux without a WRR scheduler: each
// weighted path's send rate is shaped with a tbf root qdisc on its interface
// in the weights' proportion (see Plan), and weight 0 sets the MPTCP backup
// flag on the path's endpoints (ip mptcp endpoint change ... backup), which
// the kernel signals to the peer with MP_PRIO. It must run in the sender's
// network namespace.
type Shaping struct {
	run   Runner
	paths map[string]Path
	order []Path
	cfg   ShapingConfig

	mu      sync.Mutex
	weights []Weight
	rate    map[string]uint64 // interface -> applied tbf rate (0: none)
	refRate uint64
}

// NewShaping creates the backend for paths.
func NewShaping(run Runner, paths []Path, cfg ShapingConfig) (*Shaping, error) {
	if cfg.Mode != ModeMeasured && cfg.Mode != ModeStatic {
		return nil, fmt.Errorf("shaping mode %q: want %s or %s", cfg.Mode, ModeMeasured, ModeStatic)
	}
	if cfg.Mode == ModeStatic && cfg.AggregateBps == 0 {
		return nil, fmt.Errorf("shaping mode static needs an aggregate rate > 0")
	}
	if cfg.LatencyMs <= 0 {
		cfg.LatencyMs = 50
	}
	if cfg.Hysteresis <= 0 {
		cfg.Hysteresis = 0.01
	}
	s := &Shaping{run: run, paths: map[string]Path{}, order: paths, cfg: cfg, rate: map[string]uint64{}}
	for _, p := range paths {
		s.paths[p.ID] = p
		s.rate[p.Interface] = 1 // unknown: the first reshape (un)shapes it explicitly
	}
	return s, nil
}

// Name returns "shaping".
func (s *Shaping) Name() string { return "shaping" }

// Apply sets the backup flags and shapes every path.
func (s *Shaping) Apply(ctx context.Context, weights []Weight) []Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.weights = append([]Weight(nil), weights...)
	errs := map[string]error{}
	eps, err := s.endpoints(ctx)
	for _, w := range weights {
		if err != nil {
			errs[w.PathID] = err
			continue
		}
		if e := s.setBackup(ctx, s.paths[w.PathID], w.Value == 0, eps); e != nil {
			errs[w.PathID] = e
		}
	}
	for id, e := range s.reshape(ctx, true) {
		if errs[id] == nil {
			errs[id] = e
		}
	}
	res := make([]Result, 0, len(weights))
	for _, w := range weights {
		res = append(res, Result{PathID: w.PathID, Value: w.Value, Err: errs[w.PathID]})
	}
	return res
}

// Follow takes a meter snapshot: in ModeMeasured the shaped rates follow the
// reference path's delivered rate.
func (s *Shaping) Follow(ctx context.Context, snap Snapshot) error {
	if s.cfg.Mode != ModeMeasured {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.weights) == 0 {
		return nil
	}
	_, ref := Plan(ModeMeasured, s.weights, 0)
	r, ok := snap.DeliveredBps[ref]
	if !ok {
		return nil
	}
	s.refRate = uint64(r)
	for id, e := range s.reshape(ctx, false) {
		return fmt.Errorf("path %s: %w", id, e)
	}
	return nil
}

// Rates returns the applied tbf rate per interface (0: unshaped).
func (s *Shaping) Rates() map[string]uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]uint64{}
	for k, v := range s.rate {
		out[k] = v
	}
	return out
}

// Close removes the shaping it installed and clears backup flags it set.
func (s *Shaping) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for _, p := range s.order {
		if s.rate[p.Interface] == 0 {
			continue
		}
		out, err := s.run.Run(context.Background(), "tc", "qdisc", "show", "dev", p.Interface, "root")
		if err == nil && containsTbf(out) {
			_, err = s.run.Run(context.Background(), "tc", "qdisc", "del", "dev", p.Interface, "root")
		}
		if err != nil && first == nil {
			first = err
		}
		s.rate[p.Interface] = 0
	}
	return first
}

func (s *Shaping) reshape(ctx context.Context, force bool) map[string]error {
	rate := s.refRate
	if s.cfg.Mode == ModeStatic {
		rate = s.cfg.AggregateBps
	}
	acts, _ := Plan(s.cfg.Mode, s.weights, rate)
	errs := map[string]error{}
	for _, a := range acts {
		p := s.paths[a.PathID]
		cur := s.rate[p.Interface]
		switch {
		case a.RateBps == 0 && cur != 0:
			out, err := s.run.Run(ctx, "tc", "qdisc", "show", "dev", p.Interface, "root")
			if err == nil && containsTbf(out) {
				_, err = s.run.Run(ctx, "tc", "qdisc", "del", "dev", p.Interface, "root")
			}
			if err != nil {
				errs[a.PathID] = err
				continue
			}
			s.rate[p.Interface] = 0
		case a.RateBps != 0 && (force || cur == 0 || changed(cur, a.RateBps, s.cfg.Hysteresis)):
			if err := s.tbf(ctx, p.Interface, a.RateBps); err != nil {
				errs[a.PathID] = err
				continue
			}
			s.rate[p.Interface] = a.RateBps
		}
	}
	return errs
}

func containsTbf(qdiscShow string) bool { return strings.HasPrefix(qdiscShow, "qdisc tbf ") }

func changed(cur, next uint64, hyst float64) bool {
	d := float64(next) - float64(cur)
	if d < 0 {
		d = -d
	}
	return d > hyst*float64(cur)
}

// tbf installs or changes a tbf root qdisc; burst is 5 ms at the rate, at
// least two full frames.
func (s *Shaping) tbf(ctx context.Context, iface string, rateBps uint64) error {
	burst := max(3028, rateBps/8/200)
	_, err := s.run.Run(ctx, "tc", "qdisc", "replace", "dev", iface, "root", "tbf",
		"rate", strconv.FormatUint(rateBps, 10)+"bit", "burst", strconv.FormatUint(burst, 10),
		"latency", strconv.Itoa(s.cfg.LatencyMs)+"ms")
	return err
}

func (s *Shaping) endpoints(ctx context.Context) ([]Endpoint, error) {
	out, err := s.run.Run(ctx, "ip", "mptcp", "endpoint", "show")
	if err != nil {
		return nil, err
	}
	eps, _ := ParseEndpoints(out)
	return eps, nil
}

// setBackup makes the path's endpoints carry (or not) the backup flag. A path
// without an endpoint (the address of the initial subflow) gets one with only
// the backup flag when it must be a backup.
func (s *Shaping) setBackup(ctx context.Context, p Path, backup bool, eps []Endpoint) error {
	flag := "nobackup"
	if backup {
		flag = "backup"
	}
	for _, a := range p.Addresses {
		found := false
		for _, e := range eps {
			if e.Addr != a {
				continue
			}
			found = true
			if e.Backup() == backup {
				continue
			}
			if _, err := s.run.Run(ctx, "ip", "mptcp", "endpoint", "change", "id", strconv.FormatUint(uint64(e.ID), 10), flag); err != nil {
				return err
			}
		}
		if !found && backup {
			if _, err := s.run.Run(ctx, "ip", "mptcp", "endpoint", "add", a.String(), "dev", p.Interface, "backup"); err != nil {
				return err
			}
		}
	}
	return nil
}
