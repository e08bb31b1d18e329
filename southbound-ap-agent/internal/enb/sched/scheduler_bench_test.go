package sched

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSchedule measures one TTI with 64 UEs in 16 clusters of 4
// (Max C/I inside, PFS between), full buffers.
func BenchmarkSchedule(b *testing.B) {
	var ues []string
	var cs []ClusterSpec
	for c := 0; c < 16; c++ {
		spec := ClusterSpec{ID: fmt.Sprintf("c%d", c), Intra: MaxCI}
		for k := 0; k < 4; k++ {
			u := fmt.Sprintf("ue%d", 4*c+k)
			ues = append(ues, u)
			spec.UEs = append(spec.UEs, u)
		}
		cs = append(cs, spec)
	}
	s, err := New(ues)
	if err != nil {
		b.Fatal(err)
	}
	if err := s.SetPolicy(Policy{Version: 1, Inter: PFS, Clusters: cs}); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	rates := make([]float64, len(ues))
	for i := range rates {
		rates[i] = float64(1+rng.IntN(75)) * 1e6
	}
	backlog := full(len(ues))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rates[i%len(rates)] = float64(1+i%75) * 1e6
		s.Schedule(rates, backlog)
	}
}
