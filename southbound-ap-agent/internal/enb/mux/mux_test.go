package mux

import (
	"math"
	"testing"
	"time"
)

const ms = time.Millisecond

func seqs(t *testing.T, got []uint64, want ...uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("delivered %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("delivered %v, want %v", got, want)
		}
	}
}

func TestReorderFillsGapWithinHold(t *testing.T) {
	r := NewReorder[uint64](10*ms, 100)
	var out []uint64
	out = r.Push(0, 0, 0, out)
	out = r.Push(2, 2, 1*ms, out)
	out = r.Push(3, 3, 2*ms, out)
	seqs(t, out, 0)
	out = r.Expire(9*ms, out) // 2 held since 1 ms: deadline 11 ms
	seqs(t, out, 0)
	out = r.Push(1, 1, 9*ms, out)
	seqs(t, out, 0, 1, 2, 3)
	if s := r.Stats(); s.InOrder != 2 || s.Released != 2 || s.GapSkips != 0 || s.Late != 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestReorderSkipsGapAfterHold(t *testing.T) {
	r := NewReorder[uint64](10*ms, 100)
	var out []uint64
	out = r.Push(0, 0, 0, out)
	out = r.Push(2, 2, 1*ms, out)
	out = r.Push(4, 4, 5*ms, out)
	if d, ok := r.NextDeadline(); !ok || d != 11*ms {
		t.Fatalf("deadline %v %v", d, ok)
	}
	out = r.Expire(10*ms, out)
	seqs(t, out, 0)
	out = r.Expire(11*ms, out) // gives up 1, delivers 2; 4 waits for 3 until 15 ms
	seqs(t, out, 0, 2)
	out = r.Push(1, 1, 12*ms, out) // late: delivered at once
	seqs(t, out, 0, 2, 1)
	out = r.Expire(15*ms, out)
	seqs(t, out, 0, 2, 1, 4)
	if s := r.Stats(); s.GapSkips != 2 || s.Late != 1 || s.Released != 2 {
		t.Fatalf("stats %+v", s)
	}
}

func TestReorderNoHoldPassesThrough(t *testing.T) {
	r := NewReorder[uint64](0, 100)
	var out []uint64
	for _, s := range []uint64{0, 2, 1, 3} {
		out = r.Push(s, s, 0, out)
	}
	seqs(t, out, 0, 2, 1, 3)
	if r.Held() != 0 {
		t.Fatal("held with hold time 0")
	}
}

func TestReorderOverflowAndDuplicates(t *testing.T) {
	r := NewReorder[uint64](time.Second, 2)
	var out []uint64
	out = r.Push(1, 1, 0, out)
	out = r.Push(1, 1, 0, out)
	out = r.Push(3, 3, 0, out)
	seqs(t, out)
	out = r.Push(4, 4, 0, out) // 3 held > 2: skip 0, deliver 1; 3, 4 wait for 2
	seqs(t, out, 1)
	if s := r.Stats(); s.Duplicates != 1 || s.Overflows != 1 || r.Held() != 2 {
		t.Fatalf("stats %+v held %d", s, r.Held())
	}
}

// Every pushed packet is delivered exactly once, whatever the arrival order,
// and the delivery is in order when every packet arrives within the hold.
func TestReorderDeliversEachOnce(t *testing.T) {
	order := []uint64{3, 0, 5, 1, 2, 4, 9, 6, 8, 7}
	r := NewReorder[uint64](100*ms, 1000)
	var out []uint64
	for i, s := range order {
		out = r.Push(s, s, time.Duration(i)*ms, out)
	}
	seqs(t, out, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
}

func TestDemuxShare(t *testing.T) {
	for _, share := range []float64{0, 0.2, 0.5, 0.8, 1} {
		d, err := NewDemux(share)
		if err != nil {
			t.Fatal(err)
		}
		lte := 0
		for n := 1; n <= 1000; n++ {
			p, seq := d.Next()
			if seq != uint64(n-1) {
				t.Fatalf("seq %d at packet %d", seq, n)
			}
			if p == PathLTE {
				lte++
			}
			if math.Abs(float64(lte)-share*float64(n)) > 1 {
				t.Fatalf("share %v: %d of %d on LTE", share, lte, n)
			}
		}
	}
	d, _ := NewDemux(0.5)
	a, _ := d.Next()
	b, _ := d.Next()
	if a == b {
		t.Fatal("50% split does not alternate")
	}
	for _, bad := range []float64{-0.1, 1.1, math.NaN()} {
		if _, err := NewDemux(bad); err == nil {
			t.Errorf("share %v accepted", bad)
		}
	}
}
