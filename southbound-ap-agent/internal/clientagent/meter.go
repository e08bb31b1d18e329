package clientagent

import (
	"context"
	"fmt"
	"net/netip"
	"sync"
	"time"
)

// SubflowRate is a subflow with the rate measured between two samples.
type SubflowRate struct {
	Subflow
	PathID          string
	MeasuredRateBps uint64 // bytes_acked delta over the interval, in bit/s
}

// Snapshot is one meter sample.
type Snapshot struct {
	At       time.Time
	Subflows []SubflowRate
	// DeliveredBps is, per path, the smoothed rate of delivered (acked) data
	// counted in wire bytes (payload scaled by the interface's wire/payload
	// ratio), so it compares with what a shaper on another path lets out.
	DeliveredBps map[string]float64
	// DeliveredBits is, per path, the same quantity unsmoothed: wire bits
	// delivered during Interval.
	DeliveredBits map[string]float64
	Interval      time.Duration
}

// TxCounter returns the transmitted-bytes counter of an interface.
type TxCounter func(iface string) (uint64, error)

type sfKey struct{ l, r netip.AddrPort }

// Meter samples MPTCP subflows (sock_diag) and interface counters.
type Meter struct {
	src   SubflowSource
	paths []Path
	tx    TxCounter
	alpha float64

	mu       sync.Mutex
	last     map[sfKey]Subflow
	lastTx   map[string]uint64
	lastAt   time.Time
	smoothed map[string]float64
	latest   Snapshot
}

// NewMeter creates a meter; alpha is the EWMA weight of a new sample (0,1].
func NewMeter(src SubflowSource, paths []Path, tx TxCounter, alpha float64) *Meter {
	return &Meter{src: src, paths: paths, tx: tx, alpha: alpha, smoothed: map[string]float64{}}
}

// Sample takes a sample and returns the snapshot.
func (m *Meter) Sample(ctx context.Context) (Snapshot, error) {
	start := time.Now()
	sfs, err := m.src.Subflows()
	if err != nil {
		return Snapshot{}, err
	}
	// the counters were read during the dump: date them at its middle, so a
	// dump delayed on a loaded machine does not shrink the next interval
	now := start.Add(time.Since(start) / 2)
	txs := map[string]uint64{}
	for _, p := range m.paths {
		v, err := m.tx(p.Interface)
		if err != nil {
			return Snapshot{}, fmt.Errorf("tx counter of %s: %w", p.Interface, err)
		}
		txs[p.ID] = v
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	snap := Snapshot{At: now, DeliveredBps: map[string]float64{}, DeliveredBits: map[string]float64{}}
	dt := now.Sub(m.lastAt).Seconds()
	acked := map[string]uint64{}
	sent := map[string]uint64{}
	cur := map[sfKey]Subflow{}
	for _, sf := range sfs {
		pid := PathOf(m.paths, sf.Local.Addr())
		if pid == "" {
			continue
		}
		k := sfKey{sf.Local, sf.Remote}
		cur[k] = sf
		r := SubflowRate{Subflow: sf, PathID: pid}
		if prev, ok := m.last[k]; ok && dt > 0 && sf.BytesAcked >= prev.BytesAcked && sf.BytesSent >= prev.BytesSent {
			acked[pid] += sf.BytesAcked - prev.BytesAcked
			sent[pid] += sf.BytesSent - prev.BytesSent
			r.MeasuredRateBps = uint64(float64(sf.BytesAcked-prev.BytesAcked) * 8 / dt)
		}
		snap.Subflows = append(snap.Subflows, r)
	}
	if m.last != nil && dt > 0 {
		snap.Interval = now.Sub(m.lastAt)
		for _, p := range m.paths {
			factor := 1.0
			if dtx := txs[p.ID] - m.lastTx[p.ID]; sent[p.ID] > 0 && txs[p.ID] >= m.lastTx[p.ID] {
				factor = min(1.25, max(1.0, float64(dtx)/float64(sent[p.ID])))
			}
			bits := float64(acked[p.ID]) * factor * 8
			snap.DeliveredBits[p.ID] = bits
			rate := bits / dt
			if old, ok := m.smoothed[p.ID]; ok {
				rate = old + m.alpha*(rate-old)
			}
			m.smoothed[p.ID] = rate
			snap.DeliveredBps[p.ID] = rate
		}
	}
	m.last, m.lastTx, m.lastAt = cur, txs, now
	m.latest = snap
	return snap, nil
}

// Latest returns the last snapshot.
func (m *Meter) Latest() Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.latest
}
