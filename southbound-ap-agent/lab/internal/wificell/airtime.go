package wificell

import (
	"fmt"
	"math"
)

// Station is one associated client of the cell.
type Station struct {
	// Addr is the station's IPv4 address (tc classification key).
	Addr string
	// PhyRate is the PHY data rate in bit/s (r_i).
	PhyRate float64
	// Quantum is the station's HTB/DRR quantum in bytes (its share weight
	// among backlogged stations).
	Quantum float64
}

// Observation is what one interval showed about a station.
type Observation struct {
	// Backlogged is true if the station's queue held packets during the
	// interval (it wants more than it got).
	Backlogged bool
	// Rate is the station's measured downlink rate in bit/s.
	Rate float64
}

// Contention gives k̄, the mean number of transmissions per packet, for an
// effective number n of contending stations (n may be fractional).
type Contention func(n float64) float64

// LinearContention returns k̄(n) = 1 + c·n, a collision overhead that grows
// with the number of contending stations. c = 0 models a scheduled medium
// (LTE: no contention).
func LinearContention(c float64) Contention {
	return func(n float64) float64 { return 1 + c*n }
}

// activeRate is the rate below which a non-backlogged station counts as idle.
const activeRate = 1e3

// Capacity returns the cell's total downlink rate (bit/s) for the interval
// given the stations and what they did; see the package comment for the
// airtime budget. A limited station contends in proportion to how often it
// has a packet ready: x_j divided by the rate a backlogged station gets,
// capped at 1, so a station metered to 100 kb/s barely raises k̄. If no
// station is backlogged, the capacity is the most the cell could carry if
// one active station became backlogged while the others kept their rates
// (the shaper must not throttle whichever station grows next); with no
// active station it is that of every station backlogged. It returns an
// error for invalid stations.
func Capacity(st []Station, obs []Observation, k Contention) (float64, error) {
	if err := checkInputs(st, obs); err != nil {
		return 0, err
	}
	var backlogged, limited []int
	for i, o := range obs {
		switch {
		case o.Backlogged:
			backlogged = append(backlogged, i)
		case o.Rate > activeRate:
			limited = append(limited, i)
		}
	}
	if len(backlogged) == 0 && len(limited) == 0 {
		all := make([]int, len(st))
		for i := range st {
			all[i] = i
		}
		return saturated(st, all, k), nil
	}
	if len(backlogged) == 0 {
		return mostIfOneGrows(st, obs, limited, k), nil
	}
	return backloggedCapacity(st, obs, backlogged, limited, k), nil
}

// mostIfOneGrows is, over the active stations, the largest capacity with
// that one station backlogged and the others limited to their rates.
func mostIfOneGrows(st []Station, obs []Observation, active []int, k Contention) float64 {
	var best float64
	others := make([]int, 0, len(active))
	for _, i := range active {
		others = others[:0]
		for _, j := range active {
			if j != i {
				others = append(others, j)
			}
		}
		best = math.Max(best, backloggedCapacity(st, obs, []int{i}, others, k))
	}
	return best
}

// checkInputs refuses stations without a positive PHY rate or quantum and
// observations with a negative or NaN rate.
func checkInputs(st []Station, obs []Observation) error {
	if len(st) != len(obs) {
		return fmt.Errorf("stations (%d) and observations (%d) differ", len(st), len(obs))
	}
	for i, s := range st {
		if !(s.PhyRate > 0) || math.IsInf(s.PhyRate, 0) {
			return fmt.Errorf("station %d (%s): phy rate %v must be positive", i, s.Addr, s.PhyRate)
		}
		if !(s.Quantum > 0) || math.IsInf(s.Quantum, 0) {
			return fmt.Errorf("station %d (%s): quantum %v must be positive", i, s.Addr, s.Quantum)
		}
		if math.IsNaN(obs[i].Rate) || obs[i].Rate < 0 {
			return fmt.Errorf("station %d (%s): rate %v must be >= 0", i, s.Addr, obs[i].Rate)
		}
	}
	return nil
}

// backloggedCapacity is the capacity with at least one backlogged station: the
// backlogged stations share the airtime the limited ones leave by quanta.
func backloggedCapacity(st []Station, obs []Observation, backlogged, limited []int, k Contention) float64 {
	var sumQ, sumQR float64
	for _, i := range backlogged {
		sumQ += st[i].Quantum
		sumQR += st[i].Quantum / st[i].PhyRate
	}
	// Fixed point: k̄ depends on how much the limited stations contend,
	// which depends on the backlogged stations' rate y·q.
	kbar := k(float64(len(backlogged) + len(limited)))
	var y float64
	for iter := 0; iter < 20; iter++ {
		var airL, xL float64
		for _, j := range limited {
			airL += kbar * obs[j].Rate / st[j].PhyRate
			xL += obs[j].Rate
		}
		if airL >= 1 {
			return xL
		}
		y = (1 - airL) / (kbar * sumQR)
		n := float64(len(backlogged))
		for _, j := range limited {
			fair := y * st[j].Quantum
			n += math.Min(1, obs[j].Rate/fair)
		}
		next := k(n)
		if math.Abs(next-kbar) < 1e-9 {
			kbar = next
			break
		}
		kbar = next
	}
	total := y * sumQ
	for _, j := range limited {
		total += obs[j].Rate
	}
	return total
}

// saturated is the capacity when the given stations are all backlogged.
func saturated(st []Station, idx []int, k Contention) float64 {
	var sumQ, sumQR float64
	for _, i := range idx {
		sumQ += st[i].Quantum
		sumQR += st[i].Quantum / st[i].PhyRate
	}
	return sumQ / (k(float64(len(idx))) * sumQR)
}

// IdleCapacity returns the rate (bit/s) station i would get if it were
// backlogged while every other station kept the rate it had in obs: the
// airtime the others leave, at i's PHY rate, with the contention that
// results. It is the capacity idle for i (what a regulated station could
// take); 0 when the others use all the airtime. It returns an error for
// invalid stations or an index out of range.
func IdleCapacity(st []Station, obs []Observation, k Contention, i int) (float64, error) {
	if err := checkInputs(st, obs); err != nil {
		return 0, err
	}
	if i < 0 || i >= len(st) {
		return 0, fmt.Errorf("station index %d out of range [0, %d)", i, len(st))
	}
	var others []int
	var used float64
	for j, o := range obs {
		if j != i && o.Rate > activeRate {
			others = append(others, j)
			used += o.Rate
		}
	}
	return math.Max(0, backloggedCapacity(st, obs, []int{i}, others, k)-used), nil
}
