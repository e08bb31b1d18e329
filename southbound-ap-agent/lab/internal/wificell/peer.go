package wificell

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"time"
)

// Peer reads the status file of the cell that carries the other direction of
// the same radio (the downlink cell's peer is the uplink cell and back). One
// Wi-Fi channel carries both directions, so each cell counts the other's
// stations in its airtime budget (CapacityOf): their transmissions take the
// medium by the same rules, and only the cell's own stations' rate is shaped.
// A status older than MaxAge, missing or unreadable leaves the cell alone on
// the medium for that interval; each such reading is counted in Stale and a
// run of them is logged once.
type Peer struct {
	Path   string
	MaxAge time.Duration
	Log    *slog.Logger

	Stale   int // readings that gave no usable status
	failing bool
}

// Read returns the peer's stations and what they did in its last interval,
// or ok false when its status is missing, unreadable or older than MaxAge.
func (p *Peer) Read(now time.Time) (st []Station, obs []Observation, ok bool) {
	st, obs, err := p.read(now)
	if err != nil {
		p.Stale++
		if !p.failing && p.Log != nil {
			p.Log.Warn("peer cell status unusable: alone on the medium until it is", "path", p.Path,
				"err", err, "stale_readings", p.Stale)
		}
		p.failing = true
		return nil, nil, false
	}
	if p.failing && p.Log != nil {
		p.Log.Info("peer cell status usable again", "path", p.Path, "stale_readings", p.Stale)
	}
	p.failing = false
	return st, obs, true
}

func (p *Peer) read(now time.Time) ([]Station, []Observation, error) {
	b, err := os.ReadFile(p.Path)
	if err != nil {
		return nil, nil, err
	}
	return ParsePeerStatus(b, now, p.MaxAge)
}

// ParsePeerStatus reads a cell Status: one station per PHY rate, with its
// quantum (1514 bytes, packet fairness, when the status lists none), rate
// and backlog. A station the peer saw backlogged counts as backlogged only
// when it got at least half of its part of the peer's capacity (its quantum's
// share among the backlogged stations): a station whose queue held a packet
// at a reading but that sends far less than it could, such as the ACK stream
// of a download, wants no more air time and counts at its rate. It fails on a
// status older than maxAge at now, on lists of different lengths and on
// stations that Capacity would refuse.
func ParsePeerStatus(b []byte, now time.Time, maxAge time.Duration) ([]Station, []Observation, error) {
	var s Status
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, nil, fmt.Errorf("peer status: %w", err)
	}
	at := time.Unix(0, int64(s.Time*1e9))
	if age := now.Sub(at); age > maxAge || age < -maxAge {
		return nil, nil, fmt.Errorf("peer status is %v old (at most %v)", age.Round(time.Millisecond), maxAge)
	}
	n := len(s.PhyRate)
	if len(s.Rates) != n || len(s.Backlogged) != n || (s.Quantum != nil && len(s.Quantum) != n) {
		return nil, nil, fmt.Errorf("peer status: %d PHY rates, %d rates, %d backlog flags, %d quanta",
			n, len(s.Rates), len(s.Backlogged), len(s.Quantum))
	}
	st := make([]Station, n)
	obs := make([]Observation, n)
	for i := range st {
		st[i] = Station{Addr: fmt.Sprintf("peer-%d", i), PhyRate: s.PhyRate[i], Quantum: 1514}
		if s.Quantum != nil {
			st[i].Quantum = s.Quantum[i]
		}
		obs[i] = Observation{Backlogged: s.Backlogged[i], Rate: s.Rates[i]}
	}
	if err := checkInputs(st, obs); err != nil {
		return nil, nil, fmt.Errorf("peer status: %w", err)
	}
	var sumQ float64
	for i, o := range obs {
		if o.Backlogged {
			sumQ += st[i].Quantum
		}
	}
	for i := range obs {
		if obs[i].Backlogged && obs[i].Rate < 0.5*s.Capacity*st[i].Quantum/sumQ {
			obs[i].Backlogged = false
		}
	}
	return st, obs, nil
}
