package wificell

import "math"

// FIFOCapacity returns the total rate (bit/s) of a cell that drains one
// shared FIFO in arrival order when the stations' traffic mix is rates
// (bit/s per station, e.g. what each station was sent in the last
// interval). A byte for station i costs k̄/r_i of airtime, so with byte
// shares f_i = rates_i / Σ rates the airtime budget Σ C·f_i·k̄/r_i = 1 gives
//
//	C = 1 / (k̄ · Σ f_i / r_i).
//
// k̄ is taken at n = Σ min(1, f_i·N_a) contenders, N_a the stations with
// traffic: with equal shares n = N_a, and a station with a small share
// contends in proportion (as a limited station in Capacity). With no
// traffic at all every station counts with an equal share, which is
// Eq. (2) (the capacity of Capacity with every station backlogged).
func FIFOCapacity(st []Station, rates []float64, k Contention) (float64, error) {
	obs := make([]Observation, len(rates))
	for i, r := range rates {
		obs[i].Rate = r
	}
	if err := checkInputs(st, obs); err != nil {
		return 0, err
	}
	var total float64
	active := 0
	for _, r := range rates {
		if r > activeRate {
			total += r
			active++
		}
	}
	share := make([]float64, len(st))
	for i, r := range rates {
		switch {
		case active == 0:
			share[i] = 1 / float64(len(st))
		case r > activeRate:
			share[i] = r / total
		}
	}
	na := float64(active)
	if active == 0 {
		na = float64(len(st))
	}
	var n, cost float64
	for i, f := range share {
		n += math.Min(1, f*na)
		cost += f / st[i].PhyRate
	}
	if cost == 0 {
		return 0, nil
	}
	return 1 / (k(n) * cost), nil
}
