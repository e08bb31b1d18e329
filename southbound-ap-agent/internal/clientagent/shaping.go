package clientagent

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ShapingConfig configures the shaping backend.
type ShapingConfig struct {
	Mode         string // ModeMeasured or ModeStatic
	AggregateBps uint64 // ModeStatic: the aggregate to split
	LatencyMs    int    // tbf queue latency (default 50)
	// Hysteresis: a shaped rate is changed only when the new rate differs by
	// more than this fraction (default 0.01).
	Hysteresis float64
	// ControlInterval is the period of the share correction in ModeMeasured
	// (default 1 s); see Shaping.
	ControlInterval time.Duration
	// InitialRefBps is the reference rate assumed before any measurement
	// (default 10 Mbit/s), and RefHalfLife how fast a held reference peak
	// decays towards lower measurements (default 5 s); see Shaping.
	InitialRefBps uint64
	RefHalfLife   time.Duration
	// ShareCorrection enables the share correction loop (ModeMeasured).
	ShareCorrection bool
	// ChangeInPlace updates an installed tbf with "tc qdisc change" (keeps
	// its queue) instead of "tc qdisc replace" (flushes it); see tbf.
	ChangeInPlace bool
	// MinLimitBytes, when > 0, sizes the tbf queue in bytes as
	// max(rate x latency + burst, MinLimitBytes) instead of by latency; see tbf.
	MinLimitBytes uint64
	// NotsentLowat, when > 0, is set as net.ipv4.tcp_notsent_lowat in the
	// agent's network namespace while a weighted path's share w / sum(w) is
	// below LowatBelowShare (the previous value is put back otherwise and on
	// Close); see Shaping.
	NotsentLowat    uint64
	LowatBelowShare float64 // default 0.1
}

// notsentLowatKey is the sysctl that caps a TCP socket's (and so an MPTCP
// subflow's) unsent data.
const notsentLowatKey = "net.ipv4.tcp_notsent_lowat"

// Share correction bounds (ModeMeasured).
const (
	correctionGain    = 0.5  // fraction of the relative share error corrected per control interval
	correctionStepMax = 0.15 // largest relative change of the correction per interval
	correctionMin     = 0.5  // bounds of the correction factor
	correctionMax     = 2.0
	correctionUse     = 0.7 // a path is corrected only while it uses this much of its shaped rate
)

// Shaping applies weights on upstream Linux without a WRR scheduler: each
// weighted path's send rate is shaped with a tbf root qdisc on its interface
// in the weights' proportion (see Plan), and weight 0 sets the MPTCP backup
// flag on the path's endpoints (ip mptcp endpoint change ... backup), which
// the kernel signals to the peer with MP_PRIO. It must run in the sender's
// network namespace.
//
// Optionally (ShareCorrection), in ModeMeasured: a slow path does not always fill its shaped rate (the
// kernel scheduler hands it data in bursts, and the connection stalls on the
// receive window while the slow path holds data back), so its delivered share
// ends below w / sum(w). A feedback loop corrects that: every ControlInterval
// the delivered ratio of each shaped path to the reference path is compared
// with w / w_max and the path's correction factor (which multiplies its shaped
// rate) moves by correctionGain of the relative error, at most
// correctionStepMax per interval, within [correctionMin, correctionMax]. A
// path that uses less than correctionUse of its shaped rate (idle, or limited
// by its own network) is not corrected, so the factor does not wind up.
//
// The reference rate is a decaying peak of the reference path's delivered
// rate (half-life RefHalfLife), starting at InitialRefBps: a momentary dip of
// the reference (a stall while a slow path holds data back) must not shape
// the slow path down further, which would lengthen the stall (positive
// feedback down to the floor rate).
//
// Head-of-line blocking at the sender (NotsentLowat): the kernel's MPTCP
// scheduler keeps handing a subflow data while the subflow's socket has send
// memory free, so a shaped slow path ends up holding up to its whole send
// buffer unsent (measured: ~100 KB with the default net.ipv4.tcp_wmem, ~3.9 MB
// with a 4 MB default). That data waits queue/rate seconds (1-2 s at 0.5-1
// Mbit/s) before the receiver can deliver it in order, and the connection-level
// send buffer fills with data the fast path already carried: MPTCP-rec's
// blocking condition, with the slow path's send queue as the delay. Setting
// net.ipv4.tcp_notsent_lowat (namespace-wide; it is read on every check, so it
// also applies to open sockets) makes a subflow refuse more data once that many
// bytes are unsent, which bounds the slow path's waiting data to the low-water
// mark plus its congestion window.
//
// The low-water mark is only set while it is needed: with Q the unsent data a
// slow path holds and B the connection's send buffer, the stall happens when
// Q / r_slow x r_aggregate > B, i.e. when the path's share r_slow / r_aggregate
// is below Q / B (measured: Q ~100 KB, B ~1.2 MB, so ~0.09: weights 10 and 2 of
// 200 stall, 30 does not). A namespace-wide low-water mark also keeps the fast
// path's queue short, and the kernel scheduler, which prefers the subflow with
// the shortest queue, then starves a heavy second path (measured at LTE weight
// 140: 14 % instead of 41 %), so it is not on for higher shares.
type Shaping struct {
	run   Runner
	paths map[string]Path
	order []Path
	cfg   ShapingConfig

	mu      sync.Mutex
	weights []Weight
	rate    map[string]uint64 // interface -> applied tbf rate (0: none)
	refRate uint64
	corr    map[string]float64 // path -> share correction factor
	accBits map[string]float64 // path -> delivered wire bits in the control interval
	accCap  map[string]float64 // path -> bits its shaped rate allowed in the interval
	accTime time.Duration

	lowatOrig string // net.ipv4.tcp_notsent_lowat before the agent set it ("": not set by us)

	burst map[string]uint64 // interface -> tbf burst installed (never lowered while the tbf exists)
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
	if cfg.ControlInterval <= 0 {
		cfg.ControlInterval = time.Second
	}
	if cfg.InitialRefBps == 0 {
		cfg.InitialRefBps = 10_000_000
	}
	if cfg.LowatBelowShare <= 0 {
		cfg.LowatBelowShare = 0.1
	}
	if cfg.RefHalfLife <= 0 {
		cfg.RefHalfLife = 5 * time.Second
	}
	s := &Shaping{run: run, paths: map[string]Path{}, order: paths, cfg: cfg, rate: map[string]uint64{},
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
	for _, w := range weights {
		// the correction belongs to a path's rate regime: a new weight starts it afresh
		if prev, ok := s.weightOf(w.PathID); !ok || prev != w.Value {
			delete(s.corr, w.PathID)
		}
	}
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
	if e := s.lowat(ctx, weights); e != nil {
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
	held := float64(s.refRate)
	if snap.Interval > 0 {
		held *= math.Pow(0.5, snap.Interval.Seconds()/s.cfg.RefHalfLife.Seconds())
	}
	s.refRate = uint64(max(r, held))
	if dt := snap.Interval; dt > 0 {
		for _, w := range s.weights {
			s.accBits[w.PathID] += snap.DeliveredBits[w.PathID]
			s.accCap[w.PathID] += float64(s.rate[s.paths[w.PathID].Interface]) * dt.Seconds()
		}
		s.accTime += dt
		if s.accTime >= s.cfg.ControlInterval && s.cfg.ShareCorrection {
			s.correct(ref)
		}
	}
	for id, e := range s.reshape(ctx, false) {
		return fmt.Errorf("path %s: %w", id, e)
	}
	return nil
}

// correct updates the share correction factors from the interval's totals.
func (s *Shaping) correct(ref string) {
	var wmax float64
	for _, w := range s.weights {
		wmax = max(wmax, float64(w.Value))
	}
	refBits := s.accBits[ref]
	for _, w := range s.weights {
		id := w.PathID
		if id == ref || w.Value == 0 || refBits <= 0 || s.accCap[id] <= 0 || s.accBits[id] < correctionUse*s.accCap[id] {
			continue
		}
		target := float64(w.Value) / wmax
		got := s.accBits[id] / refBits
		step := min(1+correctionStepMax, max(1-correctionStepMax, 1+correctionGain*(target-got)/target))
		s.corr[id] = min(correctionMax, max(correctionMin, s.factor(id)*step))
	}
	clear(s.accBits)
	clear(s.accCap)
	s.accTime = 0
}

func (s *Shaping) weightOf(id string) (uint32, bool) {
	for _, w := range s.weights {
		if w.PathID == id {
			return w.Value, true
		}
	}
	return 0, false
}

func (s *Shaping) factor(id string) float64 {
	if f, ok := s.corr[id]; ok {
		return f
	}
	return 1
}

// Corrections returns the share correction factor per path.
func (s *Shaping) Corrections() map[string]float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]float64{}
	for k, v := range s.corr {
		out[k] = v
	}
	return out
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

// NeedsLowat reports whether a weighted path's share w / sum(w) is below
// threshold (a slow path that would stall the connection without a notsent
// low-water mark; see Shaping).
func NeedsLowat(weights []Weight, threshold float64) bool {
	var sum float64
	for _, w := range weights {
		sum += float64(w.Value)
	}
	for _, w := range weights {
		if w.Value > 0 && float64(w.Value)/sum < threshold {
			return true
		}
	}
	return false
}

// lowat sets or restores the low-water mark for weights.
func (s *Shaping) lowat(ctx context.Context, weights []Weight) error {
	if s.cfg.NotsentLowat == 0 {
		return nil
	}
	if NeedsLowat(weights, s.cfg.LowatBelowShare) {
		return s.setLowat(ctx)
	}
	return s.restoreLowat(ctx)
}

// restoreLowat puts back the value the agent replaced, if any.
func (s *Shaping) restoreLowat(ctx context.Context) error {
	if s.lowatOrig == "" {
		return nil
	}
	if _, err := s.run.Run(ctx, "sysctl", "-qw", notsentLowatKey+"="+s.lowatOrig); err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	s.lowatOrig = ""
	return nil
}

// setLowat sets net.ipv4.tcp_notsent_lowat to NotsentLowat, remembering the
// value it replaces.
func (s *Shaping) setLowat(ctx context.Context) error {
	if s.lowatOrig != "" {
		return nil
	}
	orig, err := s.run.Run(ctx, "sysctl", "-n", notsentLowatKey)
	if err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	orig = strings.TrimSpace(orig)
	if _, err := strconv.ParseUint(orig, 10, 32); err != nil {
		return fmt.Errorf("notsent lowat: %s reads %q: not a number", notsentLowatKey, orig)
	}
	want := notsentLowatKey + "=" + strconv.FormatUint(s.cfg.NotsentLowat, 10)
	if _, err := s.run.Run(ctx, "sysctl", "-qw", want); err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	s.lowatOrig = orig
	return nil
}

// NotsentLowatOriginal returns the net.ipv4.tcp_notsent_lowat value the
// agent replaced ("" while it has not set one).
func (s *Shaping) NotsentLowatOriginal() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lowatOrig
}

// Close removes the shaping it installed, puts back the notsent low-water
// mark it replaced, and clears backup flags it set.
func (s *Shaping) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	first := s.restoreLowat(context.Background())
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
		delete(s.burst, p.Interface)
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
		if a.RateBps != 0 && s.cfg.Mode == ModeMeasured {
			a.RateBps = max(MinRateBps, uint64(float64(a.RateBps)*s.factor(a.PathID)))
		}
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
			delete(s.burst, p.Interface)
		case a.RateBps != 0 && (force || cur == 0 || changed(cur, a.RateBps, s.cfg.Hysteresis)):
			if err := s.tbf(ctx, p.Interface, a.RateBps, cur > 1); err != nil {
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

// tbf installs a tbf root qdisc or updates the one this agent installed.
// With ChangeInPlace the update is "tc qdisc change", which keeps the queue;
// otherwise "replace", which drops every queued packet (a burst loss that can
// stall the subflow for an RTO). Both were measured (results/weights-share.md):
// replace with the share correction gave the best 30 s shares, change removed
// the stalls in short runs but let the correction run away once. Burst is 5 ms
// at the rate, at least two full frames.
func (s *Shaping) tbf(ctx context.Context, iface string, rateBps uint64, installed bool) error {
	// Never lower the burst of an installed tbf: tc replace/change keeps the
	// queued packets, and one queued (GSO) packet larger than the new burst can
	// never gather enough tokens, which wedges the path for good (measured: the
	// LTE path dead after a rate fell from 14.5 to 13.7 Mbit/s, 9046 to 8580
	// bytes of burst, and in every later run; results/weights-share.md).
	// A rate that falls to under half (e.g. a new, much lower weight) removes
	// the tbf first, dropping its queue, so the burst can follow the rate.
	burst := max(3028, rateBps/8/200)
	if prev := s.burst[iface]; installed && burst*2 < prev {
		if _, err := s.run.Run(ctx, "tc", "qdisc", "del", "dev", iface, "root"); err != nil {
			return err
		}
		delete(s.burst, iface)
		installed = false
	}
	burst = max(burst, s.burst[iface])
	queue := []string{"latency", strconv.Itoa(s.cfg.LatencyMs) + "ms"}
	if s.cfg.MinLimitBytes > 0 {
		limit := max(s.cfg.MinLimitBytes, rateBps/8*uint64(s.cfg.LatencyMs)/1000+burst)
		queue = []string{"limit", strconv.FormatUint(limit, 10)}
	}
	args := func(verb string) []string {
		return append([]string{"qdisc", verb, "dev", iface, "root", "tbf", "rate", strconv.FormatUint(rateBps, 10) + "bit",
			"burst", strconv.FormatUint(burst, 10)}, queue...)
	}
	if installed && s.cfg.ChangeInPlace {
		if _, err := s.run.Run(ctx, "tc", args("change")...); err == nil {
			s.burst[iface] = burst
			return nil
		}
		// removed behind our back: install it again
	}
	if _, err := s.run.Run(ctx, "tc", args("replace")...); err != nil {
		return err
	}
	s.burst[iface] = burst
	return nil
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
