package wificell

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"time"
)

// TC runs tc: Batch feeds `tc -batch -` lines, QdiscStats returns
// `tc -s -j qdisc show dev <dev>`.
type TC interface {
	Batch(lines []string) error
	QdiscStats(dev string) ([]byte, error)
}

// Controller keeps an HTB cell's parent rate at the airtime capacity.
type Controller struct {
	Tree       Tree
	Stations   []Station
	Contention Contention
	Interval   time.Duration
	TC         TC
	// Counter gives each station's departed bytes; required in the shared-FIFO
	// mode, whose one leaf cannot tell stations apart (a Tap).
	Counter Counter
	// Doc, if set, is checked every interval: the PHY rates it lists replace
	// the stations' (a radio event); stations it omits keep theirs.
	Doc *DocWatcher
	// Peer, if set, is the cell of the radio's other direction, whose
	// stations share the airtime budget (CapacityOf); per-station mode only.
	Peer *Peer
	// PFQuantum keeps each station's quantum proportional to its PHY rate
	// (PhyRate/1e4 bytes: the LTE proportional fair stand-in).
	PFQuantum bool
	// StatusFile, if set, receives a JSON Status after every update.
	StatusFile string
	Log        *slog.Logger

	last       map[int]LeafStats
	lastCounts []uint64
	lastAt     time.Time
	wasBusy    []bool
	rates      []float64
	capacity   float64
	dirty      bool // PHY rates changed: move the tree even if the capacity did not
}

// Status is the controller's view after one interval (written to StatusFile).
type Status struct {
	Time       float64   `json:"time"`
	QueueMode  string    `json:"queue_mode"`
	Direction  string    `json:"direction"`
	Capacity   float64   `json:"capacity_bps"`
	Rates      []float64 `json:"station_rate_bps"`
	Backlogged []bool    `json:"station_backlogged"`
	// Qlen is each station's leaf backlog (per station; 0 in the shared FIFO).
	Qlen []uint64 `json:"station_qlen"`
	// TxBytes counts the bytes sent to (downlink) or from (uplink) each station.
	TxBytes []uint64  `json:"station_tx_bytes"`
	PhyRate []float64 `json:"station_phy_bps"`
	Quantum []float64 `json:"station_quantum"`
	// Idle is, per station, the rate it could get if it were backlogged
	// while the others kept their rates (IdleCapacity): the lab scores the
	// regulated station's share of the idle capacity against it.
	Idle []float64 `json:"station_idle_bps"`
	// Occupancy is the fill the AP agent's qdisc source reads: the backlog of
	// every leaf over the sum of their limits (Occupancy).
	Occupancy float64 `json:"occupancy"`
	Limit     int     `json:"leaf_limit"`
	DocErrors int     `json:"station_doc_errors"`
	// PeerStations is how many of the other direction's stations shared the
	// airtime budget this interval (0: alone on the medium); PeerStale counts
	// the peer readings that gave no usable status so far.
	PeerStations int `json:"peer_stations"`
	PeerStale    int `json:"peer_stale"`
}

// Setup applies the station document if one is set, then builds the HTB tree
// at the all-backlogged capacity.
func (c *Controller) Setup() error {
	if len(c.Stations) == 0 {
		return fmt.Errorf("stations: none given")
	}
	if c.Tree.Mode == SharedFIFO && c.Counter == nil {
		return fmt.Errorf("shared-fifo: a per-station byte counter is required")
	}
	if c.Tree.Mode == SharedFIFO && c.Peer != nil {
		return fmt.Errorf("shared-fifo: a peer cell needs per-station queues")
	}
	c.checkDoc()
	capa, err := c.saturated()
	if err != nil {
		return err
	}
	c.capacity, c.dirty = capa, false
	c.wasBusy = make([]bool, len(c.Stations))
	c.rates = make([]float64, len(c.Stations))
	return c.TC.Batch(c.Tree.SetupBatch(c.Stations, capa))
}

// Step reads the cell's counters once and, from the second call on, moves
// the parent rate to the capacity implied by what the stations did.
func (c *Controller) Step(now time.Time) (Status, error) {
	c.checkDoc()
	out, err := c.TC.QdiscStats(c.Tree.Dev)
	if err != nil {
		return Status{}, err
	}
	leaves, err := ParseLeafStats(out)
	if err != nil {
		return Status{}, err
	}
	st := c.newStatus(now, leaves)
	if c.last == nil {
		c.remember(leaves, now, st.TxBytes)
		st.Capacity = c.capacity
		return st, nil
	}
	dt := now.Sub(c.lastAt).Seconds()
	if dt <= 0 {
		return st, nil
	}
	all, obs, capa, err := c.observe(now, leaves, &st, dt)
	c.remember(leaves, now, st.TxBytes)
	if err != nil {
		return st, err
	}
	st.Idle = make([]float64, len(c.Stations))
	for i := range c.Stations {
		if st.Idle[i], err = IdleCapacity(all, obs, c.Contention, i); err != nil {
			return st, err
		}
	}
	if d := capa - c.capacity; c.dirty || d > 0.002*c.capacity || d < -0.002*c.capacity {
		if err := c.TC.Batch(c.Tree.RateBatch(c.Stations, capa)); err != nil {
			return st, err
		}
		c.capacity, c.dirty = capa, false
	}
	st.Capacity = c.capacity
	return st, nil
}

// saturated is the capacity with every station backlogged: by quanta per
// station, equal shares in the shared FIFO (both Eq. (2) with equal quanta).
func (c *Controller) saturated() (float64, error) {
	if c.Tree.Mode == SharedFIFO {
		return FIFOCapacity(c.Stations, make([]float64, len(c.Stations)), c.Contention)
	}
	all := make([]Observation, len(c.Stations))
	for i := range all {
		all[i].Backlogged = true
	}
	return Capacity(c.Stations, all, c.Contention)
}

func (c *Controller) remember(leaves map[int]LeafStats, now time.Time, counts []uint64) {
	c.last, c.lastAt, c.lastCounts = leaves, now, counts
}

// Run steps every Interval until ctx ends.
func (c *Controller) Run(ctx context.Context) error {
	t := time.NewTicker(c.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case now := <-t.C:
			st, err := c.Step(now)
			if err != nil {
				return err
			}
			if c.StatusFile != "" {
				if err := writeStatus(c.StatusFile, st); err != nil {
					return err
				}
			}
		}
	}
}

func writeStatus(path string, st Status) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
