package wificell

import (
	"strings"
	"testing"
	"time"
)

// With no traffic, or equal shares, the FIFO's capacity is Eq. (2).
func TestFIFOCapacityIsEq2WithEqualShares(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6, 30e6)
	eq2, _ := Capacity(st, allBacklogged(3), k)
	for _, rates := range [][]float64{{0, 0, 0}, {5e6, 5e6, 5e6}} {
		got, err := FIFOCapacity(st, rates, k)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "FIFO capacity", got, eq2, 1)
	}
}

// A byte for the weak station costs more airtime: the more of the FIFO's
// bytes are the weak station's, the lower the cell's total.
func TestFIFOCapacityFallsWithTheWeakStationsShare(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6, 30e6)
	low, _ := FIFOCapacity(st, []float64{10e6, 10e6, 2e6}, k)
	high, _ := FIFOCapacity(st, []float64{5e6, 5e6, 12e6}, k)
	if !(high < low) {
		t.Fatalf("weak share 0.55 gives %.4g, share 0.09 gives %.4g: want less", high, low)
	}
	// two near stations alone: 1/(k(2)·1/54e6)
	two, _ := FIFOCapacity(st, []float64{10e6, 10e6, 0}, k)
	near(t, "two near stations", two, 54e6/k(2), 1)
	if _, err := FIFOCapacity(st, []float64{1, -1, 0}, k); err == nil {
		t.Fatal("negative rate accepted")
	}
}

// In the shared FIFO the controller reads the stations' departed bytes from
// its counter and moves both HTB classes to the FIFO capacity of that mix.
func TestSharedFIFOStepFollowsTheDepartureMix(t *testing.T) {
	f := &fakeTC{}
	cnt := &fakeCounter{n: 3}
	c := &Controller{Tree: Tree{Dev: "wl", Mode: SharedFIFO, Limit: 20}, Stations: wifi(54e6, 54e6, 30e6),
		Contention: LinearContention(0.143), TC: f, Counter: cnt}
	if err := c.Setup(); err != nil {
		t.Fatal(err)
	}
	fifo := `[{"kind":"pfifo","handle":"100:","parent":"1:100","options":{"limit":20},"qlen":19}]`
	f.stats = []string{fifo, fifo, fifo}
	// 0.1 s apart: the weak station takes 60 % of the bytes, the near ones 20 % each
	cnt.counts = [][]uint64{{0, 0, 0}, {50000, 50000, 150000}, {100000, 100000, 300000}}
	var st Status
	for i := 0; i < 3; i++ {
		var err error
		if st, err = c.Step(time.Unix(100, 0).Add(time.Duration(i) * 100 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	k := LinearContention(0.143)
	// contenders n = Σ min(1, f_i·3) = 0.6 + 0.6 + 1
	want := 1 / (k(2.2) * (0.2/54e6 + 0.2/54e6 + 0.6/30e6))
	near(t, "capacity", st.Capacity, want, 1e3)
	near(t, "occupancy", st.Occupancy, 0.95, 1e-9)
	if st.TxBytes[2] != 300000 || !st.Backlogged[2] {
		t.Fatalf("status %+v", st)
	}
	last := strings.Join(f.batches[len(f.batches)-1], "\n")
	if !strings.Contains(last, "classid 1:100 htb rate") || strings.Contains(last, "classid 1:9 ") {
		t.Fatalf("rate batch does not move the shared class only:\n%s", last)
	}
}

func TestSharedFIFONeedsACounter(t *testing.T) {
	c := &Controller{Tree: Tree{Dev: "wl", Mode: SharedFIFO, Limit: 20}, Stations: wifi(54e6),
		Contention: LinearContention(0.143), TC: &fakeTC{}}
	if err := c.Setup(); err == nil {
		t.Fatal("shared FIFO without a counter accepted")
	}
}

func TestParseQueueModeAndDirection(t *testing.T) {
	if m, err := ParseQueueMode("shared-fifo"); err != nil || m != SharedFIFO {
		t.Fatalf("shared-fifo: %v %v", m, err)
	}
	if _, err := ParseQueueMode("fifo"); err == nil || !strings.Contains(err.Error(), "per-station or shared-fifo") {
		t.Fatalf("bad mode: %v", err)
	}
	if d, err := ParseDirection("uplink"); err != nil || d != Uplink {
		t.Fatalf("uplink: %v %v", d, err)
	}
	if _, err := ParseDirection("up"); err == nil {
		t.Fatal("bad direction accepted")
	}
}
