package enbsim

import (
	"testing"
)

// The paper's qualitative findings hold in the simulation: clustering the
// host and relay links with Max C/I inside never loses against the single
// flow or against PFS (per scenario, same channel realisation), while PFS
// over the two links loses against the single flow in some scenarios (the
// relay's channel is worse than the host's).
func TestFig6Findings(t *testing.T) {
	ss, err := Run(42, 100, 20000)
	if err != nil {
		t.Fatal(err)
	}
	pfsLoses := 0
	for i, s := range ss {
		if s.MaxCIBps < s.SingleBps*0.999 || s.MaxCIBps < s.PFSBps*0.999 {
			t.Errorf("scenario %d: Max C/I %.1f below single %.1f or PFS %.1f", i, s.MaxCIBps, s.SingleBps, s.PFSBps)
		}
		if s.PFSBps < s.SingleBps {
			pfsLoses++
		}
	}
	if pfsLoses == 0 || pfsLoses == len(ss) {
		t.Errorf("PFS lost against the single flow in %d of %d scenarios; the paper sees a minority", pfsLoses, len(ss))
	}
	gain10 := Quantile(Column(ss, MaxCI), 0.1) / Quantile(Column(ss, Single), 0.1)
	if gain10 <= 1 {
		t.Errorf("bottom-10%% gain %.2f", gain10)
	}
	t.Logf("PFS below single in %d/100; bottom-10%% gain Max C/I vs single %.2fx", pfsLoses, gain10)
}

func BenchmarkScenario(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Run(uint64(i), 1, 10000); err != nil {
			b.Fatal(err)
		}
	}
}
