package channel

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestLTERateTableHalves(t *testing.T) {
	tb := LTERateTable(PaperPeakBps)
	if len(tb) != 15 || tb[14] != PaperPeakBps {
		t.Fatalf("table %v", tb)
	}
	for i := 1; i < len(tb); i++ {
		if tb[i] <= tb[i-1] {
			t.Fatalf("table not ascending at %d: %v", i, tb)
		}
	}
	bad, good := tb.Halves()
	if len(bad) != 7 || len(good) != 8 || bad[len(bad)-1] >= good[0] {
		t.Fatalf("halves %v | %v", bad, good)
	}
}

// The fraction of TTIs in Good converges to p/(p+q), the mean sojourn in Bad
// is 1/p TTIs, and every rate comes from its state's half.
func TestMarkovStatistics(t *testing.T) {
	tb := LTERateTable(PaperPeakBps)
	bad, good := tb.Halves()
	inBad := map[float64]bool{}
	for _, r := range bad {
		inBad[r] = true
	}
	for _, pq := range [][2]float64{{0.1, 0.3}, {0.7, 0.2}, {0.05, 0.05}} {
		m, err := NewMarkov(tb, pq[0], pq[1], rand.New(rand.NewPCG(7, 9)))
		if err != nil {
			t.Fatal(err)
		}
		const n = 400000
		goodN, badRuns, badTTIs := 0, 0, 0
		prev := Good
		for k := 0; k < n; k++ {
			r := m.Next()
			if (m.State() == Bad) != inBad[r] {
				t.Fatalf("rate %v drawn in state %v", r, m.State())
			}
			if m.State() == Good {
				goodN++
			} else {
				badTTIs++
				if prev == Good {
					badRuns++
				}
			}
			prev = m.State()
		}
		want := pq[0] / (pq[0] + pq[1])
		if got := float64(goodN) / n; math.Abs(got-want) > 0.02 {
			t.Errorf("p=%v q=%v: good fraction %.4f, want %.4f", pq[0], pq[1], got, want)
		}
		if got := float64(badTTIs) / float64(badRuns); math.Abs(got-1/pq[0])/(1/pq[0]) > 0.05 {
			t.Errorf("p=%v: mean Bad sojourn %.2f TTIs, want %.2f", pq[0], got, 1/pq[0])
		}
		_ = good
	}
}

func TestMarkovRejectsBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	tb := LTERateTable(PaperPeakBps)
	for _, c := range []struct{ p, q float64 }{{-0.1, 0.5}, {0.5, 1.5}, {math.NaN(), 0.5}} {
		if _, err := NewMarkov(tb, c.p, c.q, rng); err == nil {
			t.Errorf("p=%v q=%v accepted", c.p, c.q)
		}
	}
	if _, err := NewMarkov(tb[:1], 0.5, 0.5, rng); err == nil {
		t.Error("1-entry table accepted")
	}
}
