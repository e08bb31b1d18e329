package clientagent

import (
	"context"
	"fmt"
	"maps"
	"math"
	"sync"
	"time"
)

// Shaping applies weights on upstream Linux without a WRR scheduler: each
// weighted path's send rate is shaped with a tbf root qdisc on its interface
// in the weights' proportion (see Plan; shaping_tbf.go), and weight 0 sets the
// MPTCP backup flag on the path (shaping_backup.go), which the kernel signals
// to the peer with MP_PRIO: on the path's in-kernel endpoints, or, with the
// userspace path manager, on each of the path's subflows. It must run in the
// sender's network namespace, and it reaches the kernel only over netlink
// (kernel.go).
//
// In ModeMeasured the reference rate is a decaying peak of the reference
// path's delivered rate (half-life RefHalfLife), starting at InitialRefBps: a
// momentary dip of the reference (a stall while a slow path holds data back)
// must not shape the slow path down further, which would lengthen the stall
// (positive feedback down to the floor rate).
//
// While the client sends no bulk data, ModeMeasured shapes from
// InitialRefBps instead of the held reference: while the held peak of the
// reference path's *measured* delivered rate (sendPeak: same half-life, 0
// before the first measurement) is under MinSendBps. The delivered rate
// counts the data this client sends and its peer acks; a client that only
// downloads sends ACKs alone, so the held reference would decay to ~0 and
// shape the other paths to MinRateBps, delaying their downlink subflows'
// ACKs. Shaping is never removed for lack of an upload: an upload that
// began on unshaped paths loaded ~1 MB into the LTE subflow within the first
// 250 ms sample, which then drained at the shaped 2 Mbit/s while the receiver
// held the Wi-Fi subflow's data behind it (weight-share lab test: the upload
// fell from 21 to 2-12 Mbit/s for the whole run).
//
// Two refinements, each in its own file: the share correction
// (ShareCorrection, shaping_correction.go), a feedback loop that corrects a
// slow path's delivered share towards w / sum(w), and the notsent low-water
// mark (NotsentLowat, shaping_lowat.go), which bounds the unsent data a slow
// path holds at the sender while its share is small.
type Shaping struct {
	k     Kernel
	paths map[string]Path
	order []Path
	cfg   ShapingConfig

	mu       sync.Mutex
	weights  []Weight
	rate     map[string]uint64  // interface -> applied tbf rate (0: none)
	refRate  uint64             // held reference rate (from InitialRefBps)
	sendPeak float64            // held peak of the reference's measured delivered rate (from 0; see planRate)
	corr     map[string]float64 // path -> share correction factor
	accBits  map[string]float64 // path -> delivered wire bits in the control interval
	accCap   map[string]float64 // path -> bits its shaped rate allowed in the interval
	accTime  time.Duration

	lowatOrig string // net.ipv4.tcp_notsent_lowat before the agent set it ("": not set by us)

	burst map[string]uint64 // interface -> tbf burst installed (never lowered while the tbf exists)

	backup map[string]bool // path -> backup wanted (per-connection mode: applied to new subflows too)
	epOrig map[epKey]bool  // endpoint -> its backup flag before the agent first changed it (put back on Close)
}

// NewShaping creates the backend for paths.
func NewShaping(k Kernel, paths []Path, cfg ShapingConfig) (*Shaping, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Shaping{k: k, backup: map[string]bool{}, epOrig: map[epKey]bool{}, paths: map[string]Path{}, order: paths, cfg: cfg, rate: map[string]uint64{},
		corr: map[string]float64{}, burst: map[string]uint64{}, accBits: map[string]float64{}, accCap: map[string]float64{},
		refRate: cfg.InitialRefBps}
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
	s.resetCorrections(weights)
	s.weights = append([]Weight(nil), weights...)
	errs := s.setBackups(weights)
	for id, e := range s.reshape(true) {
		if errs[id] == nil {
			errs[id] = e
		}
	}
	if e := s.lowat(weights); e != nil {
		for _, w := range weights {
			if errs[w.PathID] == nil {
				errs[w.PathID] = e
			}
		}
	}
	res := make([]Result, 0, len(weights))
	for _, w := range weights {
		res = append(res, Result{PathID: w.PathID, Value: w.Value, Err: errs[w.PathID]})
	}
	return res
}

// Follow takes a meter snapshot: with per-connection backups, subflows
// opened since the last sample get their path's backup bit; in ModeMeasured
// the shaped rates follow the reference path's delivered rate.
func (s *Shaping) Follow(ctx context.Context, snap Snapshot) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	if s.cfg.PerConnectionBackup {
		sfs := make([]Subflow, 0, len(snap.Subflows))
		for _, r := range snap.Subflows {
			sfs = append(sfs, r.Subflow)
		}
		for id, e := range s.syncSubflowBackups(sfs) {
			first = fmt.Errorf("path %s: %w", id, e)
		}
	}
	if s.cfg.Mode != ModeMeasured {
		return first
	}
	if len(s.weights) == 0 {
		return first
	}
	_, ref := Plan(ModeMeasured, s.weights, 0)
	r, ok := snap.DeliveredBps[ref]
	if !ok {
		return first
	}
	decay := 1.0
	if snap.Interval > 0 {
		decay = math.Pow(0.5, snap.Interval.Seconds()/s.cfg.RefHalfLife.Seconds())
	}
	s.refRate = uint64(max(r, float64(s.refRate)*decay))
	s.sendPeak = max(r, s.sendPeak*decay)
	if snap.Interval > 0 {
		s.accumulate(snap, ref)
	}
	for id, e := range s.reshape(false) {
		return fmt.Errorf("path %s: %w", id, e)
	}
	return first
}

// Rates returns the applied tbf rate per interface (0: unshaped).
func (s *Shaping) Rates() map[string]uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.rate)
}

// Close removes the shaping it installed, puts back the notsent low-water
// mark it replaced, and puts back the backup flags it changed
// (restoreBackups), so a stopped agent leaves the kernel as it found it
// (but for an endpoint without flags it may have added).
func (s *Shaping) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	first := s.restoreLowat()
	if err := s.restoreBackups(); err != nil && first == nil {
		first = err
	}
	for _, p := range s.order {
		if s.rate[p.Interface] == 0 {
			continue
		}
		if err := s.removeTbf(p.Interface); err != nil && first == nil {
			first = err
		}
		s.rate[p.Interface] = 0
		delete(s.burst, p.Interface)
	}
	return first
}
