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
	return CapacityOf(st, obs, k, len(st))
}

// CapacityOf is Capacity when the medium is shared with transmitters the cell
// does not shape: stations [0, own) are the cell's, the rest are the other
// direction's (a Peer), which take airtime by the same budget but whose rate
// does not count. With own == len(st) it is Capacity.
func CapacityOf(st []Station, obs []Observation, k Contention, own int) (float64, error) {
	if err := checkInputs(st, obs); err != nil {
		return 0, err
	}
	if own < 1 || own > len(st) {
		return 0, fmt.Errorf("own stations %d out of range [1, %d]", own, len(st))
	}
	var backlogged, limited, ownActive []int
	ownBusy := false
	for i, o := range obs {
		switch {
		case o.Backlogged:
			backlogged = append(backlogged, i)
		case o.Rate > activeRate:
			limited = append(limited, i)
		default:
			continue
		}
		if i < own {
			ownActive = append(ownActive, i)
			ownBusy = ownBusy || o.Backlogged
		}
	}
	switch {
	case ownBusy:
		return ownShare(st, obs, backlogged, limited, k, own), nil
	case len(ownActive) > 0:
		return mostIfOneGrows(st, obs, backlogged, limited, ownActive, k, own), nil
	}
	for i := 0; i < own; i++ {
		backlogged = append(backlogged, i) // no own traffic: the share with every own station backlogged
	}
	return ownShare(st, obs, backlogged, limited, k, own), nil
}

// mostIfOneGrows is, over the cell's active stations, the largest own share
// with that one station backlogged and the others kept at their rates.
func mostIfOneGrows(st []Station, obs []Observation, backlogged, limited, active []int, k Contention, own int) float64 {
	var best float64
	for _, i := range active {
		others := make([]int, 0, len(limited))
		for _, j := range limited {
			if j != i {
				others = append(others, j)
			}
		}
		grown := append(append([]int{}, backlogged...), i)
		best = math.Max(best, ownShare(st, obs, grown, others, k, own))
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

// backloggedCapacity is the capacity with at least one backlogged station
// and the limited ones kept at their rates, even above their turn: the
// backlogged stations share by quanta the airtime the limited ones leave.
func backloggedCapacity(st []Station, obs []Observation, backlogged, limited []int, k Contention) float64 {
	return rateOf(st, obs, backlogged, limited, perQuantumRate(st, obs, backlogged, limited, k), len(st))
}

// ownShare is the rate of stations [0, own) when the backlogged stations
// share by quanta the airtime the limited ones leave: y·q_i for an own
// backlogged station, x_j for an own limited one. A limited station that
// sent more than y·q_j took more than its turn: with the backlogged ones
// contending, it gets its turn and no more (DCF gives each contender a
// transmit opportunity in turn, DRR a quantum), so it shares as backlogged
// (fairShares). A download whose own ACKs this cell carries is such a
// station: without the rule a cell reading the download as limited at 40 of
// 54 Mb/s leaves its ACKs 2 Mb/s, the download stalls on its ACKs, and the
// two cells swing each other.
func ownShare(st []Station, obs []Observation, backlogged, limited []int, k Contention, own int) float64 {
	backlogged, limited, y := fairShares(st, obs, backlogged, limited, k)
	return rateOf(st, obs, backlogged, limited, y, own)
}

// rateOf is what stations [0, own) carry at per-quantum rate y: y·q_i for a
// backlogged station, x_j for a limited one.
func rateOf(st []Station, obs []Observation, backlogged, limited []int, y float64, own int) float64 {
	var total float64
	for _, i := range backlogged {
		if i < own {
			total += y * st[i].Quantum
		}
	}
	for _, j := range limited {
		if j < own {
			total += obs[j].Rate
		}
	}
	return total
}

// fairShares moves every limited station that sent more than its turn
// (x_j > y·q_j) to the backlogged ones until none does, and returns the sets
// and the per-quantum rate they give (max-min fairness by quanta).
func fairShares(st []Station, obs []Observation, backlogged, limited []int, k Contention) (b, l []int, y float64) {
	b, l = backlogged, limited
	for {
		y = perQuantumRate(st, obs, b, l, k)
		var keep []int
		moved := false
		for _, j := range l {
			if obs[j].Rate > y*st[j].Quantum {
				b = append(append([]int{}, b...), j)
				moved = true
			} else {
				keep = append(keep, j)
			}
		}
		if !moved {
			return b, l, y
		}
		l = keep
	}
}

// perQuantumRate solves the airtime budget for y, the backlogged stations'
// rate per byte of quantum (0 when the limited stations use all the airtime).
func perQuantumRate(st []Station, obs []Observation, backlogged, limited []int, k Contention) float64 {
	var sumQR float64
	for _, i := range backlogged {
		sumQR += st[i].Quantum / st[i].PhyRate
	}
	// Fixed point: k̄ depends on how much the limited stations contend,
	// which depends on the backlogged stations' rate y·q.
	kbar := k(float64(len(backlogged) + len(limited)))
	var y float64
	for iter := 0; iter < 20; iter++ {
		var airL float64
		for _, j := range limited {
			airL += kbar * obs[j].Rate / st[j].PhyRate
		}
		if airL >= 1 {
			return 0
		}
		y = (1 - airL) / (kbar * sumQR)
		n := float64(len(backlogged))
		for _, j := range limited {
			n += math.Min(1, obs[j].Rate/(y*st[j].Quantum))
		}
		next := k(n)
		if math.Abs(next-kbar) < 1e-9 {
			break
		}
		kbar = next
	}
	return y
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
