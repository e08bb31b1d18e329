package wificell

import (
	"context"
	"encoding/json"
	"fmt"
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
	Dev        string
	Stations   []Station
	Contention Contention
	Limit      int
	Interval   time.Duration
	TC         TC
	// StatusFile, if set, receives a JSON Status after every update.
	StatusFile string

	last     map[int]LeafStats
	lastAt   time.Time
	wasBusy  []bool
	rates    []float64
	capacity float64
}

// Status is the controller's view after one interval (written to StatusFile).
type Status struct {
	Time       float64   `json:"time"`
	Capacity   float64   `json:"capacity_bps"`
	Rates      []float64 `json:"station_rate_bps"`
	Backlogged []bool    `json:"station_backlogged"`
	Qlen       []uint64  `json:"station_qlen"`
	// Idle is, per station, the rate it could get if it were backlogged
	// while the others kept their rates (IdleCapacity): the lab scores the
	// regulated station's share of the idle capacity against it.
	Idle  []float64 `json:"station_idle_bps"`
	Limit int       `json:"leaf_limit"`
}

// Setup builds the HTB tree at the all-backlogged capacity.
func (c *Controller) Setup() error {
	if len(c.Stations) == 0 {
		return fmt.Errorf("stations: none given")
	}
	all := make([]Observation, len(c.Stations))
	for i := range all {
		all[i].Backlogged = true
	}
	capa, err := Capacity(c.Stations, all, c.Contention)
	if err != nil {
		return err
	}
	c.capacity = capa
	c.wasBusy = make([]bool, len(c.Stations))
	c.rates = make([]float64, len(c.Stations))
	return c.TC.Batch(SetupBatch(c.Dev, c.Stations, capa, c.Limit))
}

// Step reads the leaf counters once and, from the second call on, moves the
// parent rate to the capacity implied by what the stations did.
func (c *Controller) Step(now time.Time) (Status, error) {
	out, err := c.TC.QdiscStats(c.Dev)
	if err != nil {
		return Status{}, err
	}
	leaves, err := ParseLeafStats(out)
	if err != nil {
		return Status{}, err
	}
	st := Status{Time: float64(now.UnixNano()) / 1e9, Limit: c.Limit,
		Rates: make([]float64, len(c.Stations)), Backlogged: make([]bool, len(c.Stations)),
		Qlen: make([]uint64, len(c.Stations))}
	if c.last == nil {
		c.last, c.lastAt = leaves, now
		st.Capacity = c.capacity
		return st, nil
	}
	dt := now.Sub(c.lastAt).Seconds()
	if dt <= 0 {
		return st, nil
	}
	obs := make([]Observation, len(c.Stations))
	for i := range c.Stations {
		cur, prev := leaves[StationMinor(i)], c.last[StationMinor(i)]
		var inst float64
		if cur.Bytes >= prev.Bytes {
			inst = float64(cur.Bytes-prev.Bytes) * 8 / dt
		}
		// a short EWMA smooths TCP's saw-tooth without hiding a step
		c.rates[i] = 0.5*c.rates[i] + 0.5*inst
		busy := cur.Qlen > 0
		obs[i] = Observation{Backlogged: busy || c.wasBusy[i], Rate: c.rates[i]}
		c.wasBusy[i] = busy
		st.Rates[i], st.Backlogged[i], st.Qlen[i] = c.rates[i], obs[i].Backlogged, cur.Qlen
	}
	c.last, c.lastAt = leaves, now
	capa, err := Capacity(c.Stations, obs, c.Contention)
	if err != nil {
		return st, err
	}
	st.Idle = make([]float64, len(c.Stations))
	for i := range c.Stations {
		if st.Idle[i], err = IdleCapacity(c.Stations, obs, c.Contention, i); err != nil {
			return st, err
		}
	}
	if d := capa - c.capacity; d > 0.002*c.capacity || d < -0.002*c.capacity {
		if err := c.TC.Batch(RateBatch(c.Dev, c.Stations, capa)); err != nil {
			return st, err
		}
		c.capacity = capa
	}
	st.Capacity = c.capacity
	return st, nil
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
