package clientagent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
)

// Follower is implemented by appliers that adapt to measured rates.
type Follower interface {
	Follow(ctx context.Context, snap Snapshot) error
}

// Config configures an Agent.
type Config struct {
	ClientID           string
	Paths              []Path
	ReceiveBufferBytes uint64
	StateFile          string
	SampleInterval     time.Duration // meter sampling (default 500 ms)
	ReportInterval     time.Duration // ReportSubflows period (default 2 s)
	MinBackoff         time.Duration // reconnect backoff (default 250 ms, doubling)
	MaxBackoff         time.Duration // (default 10 s)
	AgentVersion       string
}

// Stats counts what the agent did.
type Stats struct {
	Applied, Stale, Rejected, Reconnects, ReportsSent, ReportErrors uint64
	Failovers                                                       uint64 // moves to another controller
	Epoch, Version                                                  uint64
	Controller                                                      string // address of the current controller
}

// Agent subscribes to the controller and applies weights.
type Agent struct {
	cfg     Config
	ctrls   []Controller
	applier Applier
	meter   *Meter
	log     *slog.Logger

	mu    sync.Mutex
	state State
	stats Stats
	cur   int // index of the current controller in ctrls
}

// New creates an agent subscribing to the first of ctrls and moving to the
// next when a subscription ends (controllers.go); meter may be nil (no
// reports, no rate following).
func New(cfg Config, ctrls []Controller, applier Applier, meter *Meter, log *slog.Logger) (*Agent, error) {
	if err := checkControllers(ctrls); err != nil {
		return nil, err
	}
	if !ValidID(cfg.ClientID) {
		return nil, fmt.Errorf("client id %q is not a valid id", cfg.ClientID)
	}
	if len(cfg.Paths) == 0 {
		return nil, errors.New("at least one path is required")
	}
	seen := map[string]bool{}
	for _, p := range cfg.Paths {
		if seen[p.ID] {
			return nil, fmt.Errorf("path %q given twice", p.ID)
		}
		seen[p.ID] = true
	}
	if cfg.SampleInterval <= 0 {
		cfg.SampleInterval = 500 * time.Millisecond
	}
	if cfg.ReportInterval <= 0 {
		cfg.ReportInterval = 2 * time.Second
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = 250 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 10 * time.Second
	}
	st, err := LoadState(cfg.StateFile)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.Default()
	}
	return &Agent{cfg: cfg, ctrls: ctrls, applier: applier, meter: meter, log: log, state: st}, nil
}

// Stats returns a copy of the counters.
func (a *Agent) Stats() Stats {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.stats
	s.Epoch, s.Version = a.state.Epoch, a.state.Version
	s.Controller = a.ctrls[a.cur].Address
	return s
}

// session runs one subscription to c; got reports whether any update arrived.
func (a *Agent) session(ctx context.Context, c Controller) (got bool, err error) {
	a.mu.Lock()
	req := &clientv1.SubscribeRequest{ClientId: a.cfg.ClientID, LastEpoch: a.state.Epoch,
		LastVersion: a.state.Version, ReceiveBufferBytes: a.cfg.ReceiveBufferBytes, AgentVersion: a.cfg.AgentVersion}
	a.mu.Unlock()
	for _, p := range a.cfg.Paths {
		req.Paths = append(req.Paths, p.Proto())
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := c.Client.Subscribe(sctx, req)
	if err != nil {
		return false, err
	}
	for {
		u, err := stream.Recv()
		if err != nil {
			return got, err
		}
		got = true
		a.handle(ctx, c, u)
	}
}

// Handle validates, applies and acknowledges (to the current controller) one
// update.
func (a *Agent) Handle(ctx context.Context, u *clientv1.WeightUpdate) { a.handle(ctx, a.current(), u) }

// handle validates, applies and acknowledges to c one update. Malformed
// updates are rejected and stale ones (not newer than the last applied, by
// epoch then version, whichever controller sent them) ignored; neither is
// applied nor acknowledged.
func (a *Agent) handle(ctx context.Context, c Controller, u *clientv1.WeightUpdate) {
	if err := ValidateUpdate(u, a.cfg.ClientID, a.cfg.Paths); err != nil {
		a.mu.Lock()
		a.stats.Rejected++
		a.mu.Unlock()
		a.log.Warn("rejected malformed weight update", "epoch", u.GetEpoch(), "version", u.GetVersion(), "err", err)
		return
	}
	a.mu.Lock()
	if !Newer(u.GetEpoch(), u.GetVersion(), a.state.Epoch, a.state.Version) {
		a.stats.Stale++
		last := [2]uint64{a.state.Epoch, a.state.Version}
		a.mu.Unlock()
		a.log.Info("ignored stale weight update", "epoch", u.GetEpoch(), "version", u.GetVersion(),
			"applied_epoch", last[0], "applied_version", last[1])
		return
	}
	a.mu.Unlock()
	ws := make([]Weight, 0, len(u.GetWeights()))
	for _, w := range u.GetWeights() {
		ws = append(ws, Weight{PathID: w.GetPathId(), Value: w.GetWeight()})
	}
	res := a.applier.Apply(ctx, ws)
	ack := &clientv1.AckRequest{ClientId: a.cfg.ClientID, Epoch: u.GetEpoch(), Version: u.GetVersion(),
		Backend: a.applier.Name()}
	var failed []string
	for _, r := range res {
		pa := &clientv1.PathApplied{PathId: r.PathID, Weight: r.Value, Ok: r.Err == nil}
		if r.Err != nil {
			pa.Error = r.Err.Error()
			failed = append(failed, r.PathID+": "+r.Err.Error())
		}
		ack.Paths = append(ack.Paths, pa)
	}
	st := State{Epoch: u.GetEpoch(), Version: u.GetVersion(), Weights: ws}
	a.mu.Lock()
	a.state = st
	a.stats.Applied++
	a.mu.Unlock()
	if err := SaveState(a.cfg.StateFile, st); err != nil {
		a.log.Error("saving state", "file", a.cfg.StateFile, "err", err)
	}
	a.log.Info("applied weights", "epoch", u.GetEpoch(), "version", u.GetVersion(), "weights", ws,
		"source", u.GetSource().String(), "errors", strings.Join(failed, "; "))
	actx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := c.Client.Ack(actx, ack); err != nil {
		a.log.Warn("ack failed", "version", u.GetVersion(), "err", err)
	}
}

func (a *Agent) sampleLoop(ctx context.Context) {
	t := time.NewTicker(a.cfg.SampleInterval)
	defer t.Stop()
	lastReport := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		snap, err := a.meter.Sample(ctx)
		if err != nil {
			a.log.Warn("sampling subflows", "err", err)
			continue
		}
		a.log.Debug("sample", "subflows", len(snap.Subflows), "delivered_bps", snap.DeliveredBps)
		if f, ok := a.applier.(Follower); ok {
			if err := f.Follow(ctx, snap); err != nil {
				a.log.Warn("following measured rates", "err", err)
			}
		}
		if time.Since(lastReport) >= a.cfg.ReportInterval {
			lastReport = time.Now()
			a.report(ctx, snap)
		}
	}
}

func (a *Agent) report(ctx context.Context, snap Snapshot) {
	rep := &clientv1.SubflowReport{ClientId: a.cfg.ClientID, SampledUnixMs: snap.At.UnixMilli(),
		ReceiveBufferBytes: a.cfg.ReceiveBufferBytes}
	for _, s := range snap.Subflows {
		rep.Subflows = append(rep.Subflows, &clientv1.SubflowStats{PathId: s.PathID, Local: s.Local.String(),
			Remote: s.Remote.String(), SrttUs: s.SrttUs, RttvarUs: s.RttvarUs, DeliveryRateBps: s.DeliveryRateBps,
			MeasuredRateBps: s.MeasuredRateBps, BytesAcked: s.BytesAcked, CwndSegments: s.Cwnd, Backup: s.Backup})
	}
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := a.current().Client.ReportSubflows(rctx, rep)
	a.mu.Lock()
	if err != nil {
		a.stats.ReportErrors++
	} else {
		a.stats.ReportsSent++
	}
	a.mu.Unlock()
}
