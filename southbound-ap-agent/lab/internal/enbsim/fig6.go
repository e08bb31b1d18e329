package enbsim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

// Scenario is one random channel draw and the target's throughput per case.
type Scenario struct {
	PHost, QHost, PRelay, QRelay float64
	SingleBps, PFSBps, MaxCIBps  float64
}

// Case names.
const (
	Single = "single"
	PFS    = "pfs"
	MaxCI  = "maxci"
)

// openUnitDraws returns uniform draws in the open interval (0, 1) (a Markov
// channel's p and q), deterministic for a seed.
func openUnitDraws(seed uint64) func() float64 {
	draw := rand.New(rand.NewPCG(seed, 0))
	return func() float64 {
		for {
			if v := draw.Float64(); v > 0 {
				return v
			}
		}
	}
}

// Run simulates n scenarios of ttis TTIs each with the paper's 75 Mbit/s
// LTE rate table. Deterministic for a given seed.
func Run(seed uint64, n, ttis int) ([]Scenario, error) {
	table := channel.LTERateTable(channel.PaperPeakBps)
	open01 := openUnitDraws(seed)
	var out []Scenario
	for k := 0; k < n; k++ {
		s := Scenario{PHost: open01(), QHost: open01(), PRelay: open01(), QRelay: open01()}
		var err error
		for _, c := range []string{Single, PFS, MaxCI} {
			var bps float64
			if bps, err = runCase(c, table, s, seed, uint64(k), ttis); err != nil {
				return nil, err
			}
			switch c {
			case Single:
				s.SingleBps = bps
			case PFS:
				s.PFSBps = bps
			case MaxCI:
				s.MaxCIBps = bps
			}
		}
		out = append(out, s)
	}
	return out, nil
}

func runCase(c string, table channel.RateTable, s Scenario, seed, k uint64, ttis int) (float64, error) {
	// Same channel realisation in every case: the streams depend on the
	// scenario only.
	host, err := channel.NewMarkov(table, s.PHost, s.QHost, rand.New(rand.NewPCG(seed, 2*k+1000)))
	if err != nil {
		return 0, err
	}
	relay, err := channel.NewMarkov(table, s.PRelay, s.QRelay, rand.New(rand.NewPCG(seed, 2*k+1001)))
	if err != nil {
		return 0, err
	}
	sc, err := sched.New([]string{"host", "relay"})
	if err != nil {
		return 0, err
	}
	backlog := []float64{math.Inf(1), math.Inf(1)}
	switch c {
	case Single:
		backlog[1] = 0
	case MaxCI:
		err = sc.SetPolicy(sched.Policy{Version: 1, Inter: sched.PFS, Clusters: []sched.ClusterSpec{
			{ID: "target", UEs: []string{"host", "relay"}, Intra: sched.MaxCI}}})
	default:
		err = sc.SetPolicy(sched.Policy{Version: 1, Inter: sched.PFS})
	}
	if err != nil {
		return 0, err
	}
	rates := make([]float64, 2)
	bits := 0.0
	for t := 0; t < ttis; t++ {
		rates[0], rates[1] = host.Next(), relay.Next()
		for _, g := range sc.Schedule(rates, backlog) {
			bits += g.Bits
		}
	}
	return bits / (float64(ttis) * sched.TTISeconds), nil
}

// Quantile returns the q-quantile (nearest rank) of xs.
func Quantile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	if i < 0 {
		i = 0
	}
	return s[i]
}

// Column extracts one case's throughputs.
func Column(ss []Scenario, c string) []float64 {
	out := make([]float64, len(ss))
	for i, s := range ss {
		switch c {
		case Single:
			out[i] = s.SingleBps
		case PFS:
			out[i] = s.PFSBps
		case MaxCI:
			out[i] = s.MaxCIBps
		default:
			panic(fmt.Sprintf("unknown case %q", c))
		}
	}
	return out
}
