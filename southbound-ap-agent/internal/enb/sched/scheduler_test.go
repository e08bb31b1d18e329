package sched

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

const mbps = 1e6

func full(n int) []float64 {
	b := make([]float64, n)
	for i := range b {
		b[i] = math.Inf(1)
	}
	return b
}

func mustNew(t *testing.T, ues ...string) *Scheduler {
	t.Helper()
	s, err := New(ues)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// PFS gives links whose rate distributions differ only by scale equal time
// shares, although their mean rates differ by 5x.
func TestPFSEqualTimeShares(t *testing.T) {
	s := mustNew(t, "a", "b", "c")
	scale := []float64{1, 0.5, 0.2}
	rng := rand.New(rand.NewPCG(1, 2))
	served := make([]int, 3)
	const ttis = 200000
	rates := make([]float64, 3)
	for k := 0; k < ttis; k++ {
		for i := range rates {
			rates[i] = scale[i] * (1 + 74*rng.Float64()) * mbps
		}
		g := s.Schedule(rates, full(3))
		if len(g) != 1 {
			t.Fatalf("tti %d: %d grants with full buffers, want 1", k, len(g))
		}
		served[g[0].UE]++
	}
	for i, n := range served {
		share := float64(n) / ttis
		if math.Abs(share-1.0/3) > 0.02 {
			t.Errorf("ue %d time share %.4f, want 1/3 +- 0.02 (served %v)", i, share, served)
		}
	}
}

// Max C/I always serves the link with the best instantaneous rate.
func TestMaxCIServesBestRate(t *testing.T) {
	s := mustNew(t, "a", "b", "c", "d")
	if err := s.SetPolicy(Policy{Version: 1, Inter: MaxCI}); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	rates := make([]float64, 4)
	for k := 0; k < 10000; k++ {
		best := 0
		for i := range rates {
			rates[i] = float64(1+rng.IntN(75)) * mbps
			if rates[i] > rates[best] {
				best = i
			}
		}
		g := s.Schedule(rates, full(4))
		if len(g) != 1 || g[0].UE != best {
			t.Fatalf("tti %d: rates %v, grants %v, want ue %d", k, rates, g, best)
		}
		if want := rates[best] * TTISeconds; g[0].Bits != want {
			t.Fatalf("tti %d: %v bits, want %v", k, g[0].Bits, want)
		}
	}
}

// The clustered policy of Section III-C, worked by hand with W = 2 TTIs
// (T <- T/2 + served/2). Cluster X = {a, b} with Max C/I inside, cluster
// Y = {c}, PFS between clusters. Rates in Mbit/s; T starts at 0 (ratio
// treated as R/1 bit/s, i.e. effectively infinite).
//
//	tti  a  b  c   R(X)      R(Y)       pick  T(X)  T(Y)
//	1   10 20 30   20/0      30/0       Y(c)  0     15
//	2   10 20 30   20/0      30/15=2    X(b)  10    7.5
//	3   40  5 10   40/10=4   10/7.5     X(a)  25    3.75
//	4   40  5 10   40/25=1.6 10/3.75    Y(c)  12.5  6.875
//	5    1  2 20   2/12.5    20/6.875   Y(c)  6.25  13.4375
//	6   30  2  5   30/6.25   5/13.44    X(a)  18.125 6.71875
func TestClusteredPolicySectionIIIC(t *testing.T) {
	s := mustNew(t, "a", "b", "c")
	p := Policy{Version: 1, Inter: PFS, PFSWindowTTI: 2, Clusters: []ClusterSpec{
		{ID: "X", UEs: []string{"a", "b"}, Intra: MaxCI},
		{ID: "Y", UEs: []string{"c"}, Intra: PFS},
	}}
	if err := s.SetPolicy(p); err != nil {
		t.Fatal(err)
	}
	seq := [][3]float64{{10, 20, 30}, {10, 20, 30}, {40, 5, 10}, {40, 5, 10}, {1, 2, 20}, {30, 2, 5}}
	want := []int{2, 1, 0, 2, 2, 0}
	wantTX := []float64{0, 10, 25, 12.5, 6.25, 18.125}
	wantTY := []float64{15, 7.5, 3.75, 6.875, 13.4375, 6.71875}
	for k, r := range seq {
		rates := []float64{r[0] * mbps, r[1] * mbps, r[2] * mbps}
		g := s.Schedule(rates, full(3))
		if len(g) != 1 || g[0].UE != want[k] {
			t.Fatalf("tti %d: grants %v, want ue %d", k+1, g, want[k])
		}
		tx, _ := s.ClusterAverage("X")
		ty, _ := s.ClusterAverage("Y")
		if math.Abs(tx-wantTX[k]*mbps) > 1e-6 || math.Abs(ty-wantTY[k]*mbps) > 1e-6 {
			t.Fatalf("tti %d: T(X)=%v T(Y)=%v, want %v %v Mbit/s", k+1, tx/mbps, ty/mbps, wantTX[k], wantTY[k])
		}
	}
}

// Intra PFS uses the member averages: the member with the higher R/T wins,
// not the higher R.
func TestIntraPFSUsesLinkAverages(t *testing.T) {
	s := mustNew(t, "a", "b")
	if err := s.SetPolicy(Policy{Version: 1, Inter: PFS, PFSWindowTTI: 2, Clusters: []ClusterSpec{
		{ID: "X", UEs: []string{"a", "b"}, Intra: PFS}}}); err != nil {
		t.Fatal(err)
	}
	// tti1: both unserved: a (40) beats b (10) on R/1. T(a)=20.
	// tti2: a 40/20=2, b 10/1 -> b. T(a)=10, T(b)=5.
	// tti3: a 40/10=4, b 30/5=6 -> b although R(a) > R(b).
	seq := [][2]float64{{40, 10}, {40, 10}, {40, 30}}
	want := []int{0, 1, 1}
	for k, r := range seq {
		g := s.Schedule([]float64{r[0] * mbps, r[1] * mbps}, full(2))
		if g[0].UE != want[k] {
			t.Fatalf("tti %d: served %d, want %d", k+1, g[0].UE, want[k])
		}
	}
	if got := s.LinkAverage(1); math.Abs(got-(0.5*5+0.5*30)*mbps) > 1e-6 {
		t.Fatalf("T(b) = %v", got)
	}
}

// Inter Max C/I compares R(C) = R(f*), f* chosen by the intra discipline: a
// round-robin cluster offers its RR member's rate, not its best rate.
func TestInterMaxCIWithRoundRobinIntra(t *testing.T) {
	s := mustNew(t, "a", "b", "c")
	if err := s.SetPolicy(Policy{Version: 1, Inter: MaxCI, Clusters: []ClusterSpec{
		{ID: "X", UEs: []string{"a", "b"}, Intra: RoundRobin}}}); err != nil {
		t.Fatal(err)
	}
	// X offers a (RR start) at 10 < c 20 -> c; X still offers a; then a 30 > 20 -> a; then b.
	seq := [][3]float64{{10, 50, 20}, {30, 50, 20}, {30, 50, 20}}
	want := []int{2, 0, 1}
	for k, r := range seq {
		g := s.Schedule([]float64{r[0] * mbps, r[1] * mbps, r[2] * mbps}, full(3))
		if g[0].UE != want[k] {
			t.Fatalf("tti %d: served %d, want %d", k+1, g[0].UE, want[k])
		}
	}
}

func TestRoundRobinInterEqualTurns(t *testing.T) {
	s := mustNew(t, "a", "b", "c")
	if err := s.SetPolicy(Policy{Version: 1, Inter: RoundRobin}); err != nil {
		t.Fatal(err)
	}
	backlog := []float64{math.Inf(1), 0, math.Inf(1)}
	var got []int
	for k := 0; k < 4; k++ {
		g := s.Schedule([]float64{mbps, mbps, mbps}, backlog)
		got = append(got, g[0].UE)
	}
	if want := []int{0, 2, 0, 2}; !equalInts(got, want) {
		t.Fatalf("served %v, want %v (b has no backlog)", got, want)
	}
}

// A link that empties its queue leaves the rest of the TTI to the next pick.
func TestWorkConservingResidual(t *testing.T) {
	s := mustNew(t, "a", "b")
	if err := s.SetPolicy(Policy{Version: 1, Inter: MaxCI}); err != nil {
		t.Fatal(err)
	}
	// a: 40 Mbit/s = 40000 bits/TTI but only 10000 queued -> 1/4 of the TTI;
	// b gets the remaining 3/4 at 20 Mbit/s = 15000 bits.
	g := s.Schedule([]float64{40 * mbps, 20 * mbps}, []float64{10000, 1e9})
	if len(g) != 2 || g[0].UE != 0 || g[0].Bits != 10000 || g[1].UE != 1 || math.Abs(g[1].Bits-15000) > 1e-6 {
		t.Fatalf("grants %v", g)
	}
	// Zero rate or zero backlog: not served at all.
	g = s.Schedule([]float64{0, 20 * mbps}, []float64{1e9, 0})
	if len(g) != 0 {
		t.Fatalf("grants %v, want none", g)
	}
}

func TestValidateNamesField(t *testing.T) {
	known := []string{"a", "b"}
	cases := []struct {
		p     Policy
		field string
		pre   bool
	}{
		{Policy{Version: 0, Inter: PFS}, "policy.version", false},
		{Policy{Version: 1}, "policy.inter_cluster", false},
		{Policy{Version: 1, Inter: 9}, "policy.inter_cluster", false},
		{Policy{Version: 1, Inter: PFS, PFSWindowTTI: MaxPFSWindowTTI + 1}, "policy.pfs_window_tti", false},
		{Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "", UEs: []string{"a"}, Intra: PFS}}},
			"policy.clusters[0].cluster_id", false},
		{Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", UEs: []string{"a"}, Intra: PFS},
			{ID: "x", UEs: []string{"b"}, Intra: PFS}}}, "policy.clusters[1].cluster_id", false},
		{Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", UEs: []string{"a"}}}},
			"policy.clusters[0].intra_cluster", false},
		{Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", Intra: PFS}}},
			"policy.clusters[0].ue_ids", false},
		{Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", UEs: []string{"a"}, Intra: PFS},
			{ID: "y", UEs: []string{"b", "a"}, Intra: PFS}}}, "policy.clusters[1].ue_ids[1]", false},
		{Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", UEs: []string{"a", "zz"}, Intra: PFS}}},
			"policy.clusters[0].ue_ids[1]", true},
	}
	for _, c := range cases {
		err := Validate(c.p, known, "policy")
		var fe *FieldError
		var pe *PreconditionError
		switch {
		case err == nil:
			t.Errorf("%+v: accepted", c.p)
		case c.pre && !errors.As(err, &pe), !c.pre && !errors.As(err, &fe):
			t.Errorf("%+v: error type %T (%v)", c.p, err, err)
		case !strings.HasPrefix(err.Error(), c.field+":"):
			t.Errorf("error %q does not name %s", err, c.field)
		}
	}
	ok := Policy{Version: 1, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", UEs: []string{"a", "b"}, Intra: MaxCI}}}
	if err := Validate(ok, known, "policy"); err != nil {
		t.Fatal(err)
	}
}

func TestRejectedPolicyLeavesInstalledOne(t *testing.T) {
	s := mustNew(t, "a", "b")
	good := Policy{Version: 3, Inter: MaxCI}
	if err := s.SetPolicy(good); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPolicy(Policy{Version: 4, Inter: PFS, Clusters: []ClusterSpec{{ID: "x", UEs: []string{"q"}, Intra: PFS}}}); err == nil {
		t.Fatal("unknown UE accepted")
	}
	if !Equal(s.Policy(), good) {
		t.Fatalf("policy now %+v", s.Policy())
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
