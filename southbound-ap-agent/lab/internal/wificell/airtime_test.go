package wificell

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Fatalf("%s = %.4g, want %.4g ± %.2g", what, got, want, tol)
	}
}

func wifi(rates ...float64) []Station {
	st := make([]Station, len(rates))
	for i, r := range rates {
		st[i] = Station{Addr: "10.0.1.1", PhyRate: r, Quantum: 1514}
	}
	return st
}

func allBacklogged(n int) []Observation {
	o := make([]Observation, n)
	for i := range o {
		o[i].Backlogged = true
	}
	return o
}

// With every station backlogged and equal quanta, Capacity is Eq. (2).
func TestCapacityIsEq2WhenAllBacklogged(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6, 30e6)
	got, err := Capacity(st, allBacklogged(3), k)
	if err != nil {
		t.Fatal(err)
	}
	want := 3 / (k(3) * (1/54e6 + 1/54e6 + 1/30e6))
	near(t, "T_w", got, want, 1)
}

// A weak extra station lowers the total (the paper's motivating effect).
func TestWeakStationLowersTotal(t *testing.T) {
	k := LinearContention(0.143)
	two, _ := Capacity(wifi(54e6, 54e6), allBacklogged(2), k)
	three, _ := Capacity(wifi(54e6, 54e6, 30e6), allBacklogged(3), k)
	if !(three < two*0.8) {
		t.Fatalf("weak station: %.3g -> %.3g, want a drop of more than 20%%", two, three)
	}
	near(t, "two near stations", two, 42e6, 0.5e6)
	near(t, "plus a weak one", three, 30e6, 0.5e6)
}

// A station metered down to 100 kb/s barely costs the others anything.
func TestMeteredStationBarelyContends(t *testing.T) {
	k := LinearContention(0.143)
	two, _ := Capacity(wifi(54e6, 54e6), allBacklogged(2), k)
	obs := []Observation{{Backlogged: true}, {Backlogged: true}, {Rate: 100e3}}
	got, err := Capacity(wifi(54e6, 54e6, 30e6), obs, k)
	if err != nil {
		t.Fatal(err)
	}
	if got < 0.98*two || got > two {
		t.Fatalf("capacity with a 100 kb/s station = %.4g, want within 2%% below %.4g", got, two)
	}
}

// Airtime budget holds: limited stations' airtime plus backlogged stations'
// airtime is exactly one second per second.
func TestAirtimeBudgetIsExact(t *testing.T) {
	k := LinearContention(0.1)
	st := wifi(54e6, 24e6, 12e6)
	obs := []Observation{{Backlogged: true}, {Rate: 5e6}, {Backlogged: true}}
	total, err := Capacity(st, obs, k)
	if err != nil {
		t.Fatal(err)
	}
	y := (total - 5e6) / (2 * 1514)
	fair := y * 1514
	n := 2 + math.Min(1, 5e6/fair)
	air := k(n) * (5e6/24e6 + fair/54e6 + fair/12e6)
	near(t, "airtime", air, 1, 1e-6)
}

// Quanta proportional to PHY rate give equal airtime: the LTE PF stand-in.
func TestProportionalQuantaGiveEqualAirtime(t *testing.T) {
	st := []Station{{PhyRate: 46e6, Quantum: 4600}, {PhyRate: 46e6, Quantum: 4600}, {PhyRate: 34e6, Quantum: 3400}}
	got, err := Capacity(st, allBacklogged(3), LinearContention(0))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "LTE total", got, (46e6+46e6+34e6)/3, 1)
}

// With no station backlogged the capacity is what the cell carries when one
// active station grows while the others keep their rates, not the capacity
// of every active station backlogged.
func TestNoBacklogGivesCapacityIfOneActiveStationGrows(t *testing.T) {
	k := LinearContention(0.143)
	obs := []Observation{{Rate: 1e6}, {Rate: 0}, {Rate: 2e6}}
	st := wifi(54e6, 54e6, 54e6)
	got, _ := Capacity(st, obs, k)
	first := backloggedCapacity(st, obs, []int{0}, []int{2}, k)
	third := backloggedCapacity(st, obs, []int{2}, []int{0}, k)
	near(t, "idle-ish cell", got, math.Max(first, third), 1)
	if got <= 54e6/k(2) {
		t.Fatalf("capacity %.4g should exceed both stations backlogged (%.4g)", got, 54e6/k(2))
	}
}

// A fast station between backlogged readings beside two stations metered to
// 100 kb/s: the cell keeps the fast station's own capacity (about 54/k̄(1)),
// not the 24.6 Mb/s of all three backlogged at 30, 30 and 54 Mb/s.
func TestNoBacklogMeteredStationsDoNotThrottleTheFastOne(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(30e6, 30e6, 54e6)
	obs := []Observation{{Rate: 100e3}, {Rate: 100e3}, {Rate: 40e6}}
	got, err := Capacity(st, obs, k)
	if err != nil {
		t.Fatal(err)
	}
	alone, _ := Capacity(wifi(54e6), allBacklogged(1), k)
	if got < 0.97*alone || got > alone+1 {
		t.Fatalf("capacity = %.4g, want within 3%% below the fast station alone (%.4g)", got, alone)
	}
	if all, _ := Capacity(st, allBacklogged(3), k); got < 1.5*all {
		t.Fatalf("capacity = %.4g, not far above all three backlogged (%.4g)", got, all)
	}
}

// With no station active at all, every station counts as backlogged.
func TestNoTrafficGivesSaturatedCapacity(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 30e6)
	got, _ := Capacity(st, make([]Observation, 2), k)
	want, _ := Capacity(st, allBacklogged(2), k)
	near(t, "empty cell", got, want, 1)
}

func TestCapacityRejectsBadInput(t *testing.T) {
	k := LinearContention(0.1)
	if _, err := Capacity(wifi(0), allBacklogged(1), k); err == nil {
		t.Fatal("zero phy rate accepted")
	}
	if _, err := Capacity(wifi(1e6), allBacklogged(2), k); err == nil {
		t.Fatal("length mismatch accepted")
	}
	if _, err := Capacity(wifi(1e6), []Observation{{Rate: math.NaN()}}, k); err == nil {
		t.Fatal("NaN rate accepted")
	}
}

func FuzzCapacity(f *testing.F) {
	f.Add(54e6, 30e6, 1e6, true, false)
	f.Fuzz(func(t *testing.T, r1, r2, x float64, b1, b2 bool) {
		st := wifi(r1, r2)
		obs := []Observation{{Backlogged: b1, Rate: x}, {Backlogged: b2, Rate: x}}
		c, err := Capacity(st, obs, LinearContention(0.1))
		if err != nil {
			return
		}
		if math.IsNaN(c) || c < 0 {
			t.Fatalf("capacity %v for %v %v %v", c, r1, r2, x)
		}
	})
}

// A station alone in the cell has the whole cell idle for it.
func TestIdleCapacityOfALoneStationIsItsSaturatedRate(t *testing.T) {
	k := LinearContention(0.143)
	obs := []Observation{{Rate: 0}, {Rate: 0}, {Rate: 3e6}}
	got, err := IdleCapacity(wifi(54e6, 54e6, 30e6), obs, k, 2)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "idle for station 2", got, 30e6/k(1), 1)
}

// The idle capacity fills the airtime budget the other stations leave, and
// does not depend on what the station itself carried.
func TestIdleCapacityFillsTheAirtimeLeft(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6, 30e6)
	for _, own := range []float64{0, 2e6, 9e6} {
		obs := []Observation{{Rate: 12e6}, {Rate: 12e6}, {Rate: own, Backlogged: own > 5e6}}
		y, err := IdleCapacity(st, obs, k, 2)
		if err != nil {
			t.Fatal(err)
		}
		n := 1.0
		for _, x := range []float64{12e6, 12e6} {
			n += math.Min(1, x/y)
		}
		air := k(n) * (12e6/54e6 + 12e6/54e6 + y/30e6)
		near(t, "airtime", air, 1, 1e-6)
		if y < 5e6 || y > 30e6 {
			t.Fatalf("idle capacity %.3g out of range", y)
		}
	}
}

// Others using all the airtime leave nothing idle; a bad index is an error.
func TestIdleCapacityZeroWhenFullAndRejectsBadIndex(t *testing.T) {
	k := LinearContention(0.143)
	obs := []Observation{{Rate: 40e6}, {Rate: 40e6}, {Rate: 0}}
	got, err := IdleCapacity(wifi(54e6, 54e6, 30e6), obs, k, 2)
	if err != nil || got != 0 {
		t.Fatalf("idle = %v, %v; want 0, nil", got, err)
	}
	if _, err := IdleCapacity(wifi(54e6), []Observation{{}}, k, 1); err == nil {
		t.Fatal("index 1 of 1 station accepted")
	}
}
