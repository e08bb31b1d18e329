package wificell

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

type fakeTC struct {
	batches [][]string
	stats   []string
}

func (f *fakeTC) Batch(lines []string) error { f.batches = append(f.batches, lines); return nil }
func (f *fakeTC) QdiscStats(string) ([]byte, error) {
	s := f.stats[0]
	f.stats = f.stats[1:]
	return []byte(s), nil
}

func leaves(b0, q0, b1, q1, b2, q2 uint64) string {
	return fmt.Sprintf(`[{"kind":"pfifo","parent":"1:100","bytes":%d,"qlen":%d},`+
		`{"kind":"pfifo","parent":"1:101","bytes":%d,"qlen":%d},{"kind":"pfifo","parent":"1:102","bytes":%d,"qlen":%d}]`,
		b0, q0, b1, q1, b2, q2)
}

// When the weak third station goes quiet, the controller raises the cell back
// toward the two-station capacity.
func TestControllerRaisesCapacityWhenWeakStationStops(t *testing.T) {
	f := &fakeTC{}
	c := &Controller{Tree: Tree{Dev: "wl", Limit: 50}, Stations: wifi(54e6, 54e6, 30e6), Contention: LinearContention(0.143),
		Interval: 100 * time.Millisecond, TC: f}
	if err := c.Setup(); err != nil {
		t.Fatal(err)
	}
	start := c.capacity
	near(t, "setup capacity", start, 30e6, 0.5e6)
	t0 := time.Unix(100, 0)
	f.stats = []string{
		leaves(0, 5, 0, 5, 0, 0),
		leaves(125000, 5, 125000, 5, 0, 0),
		leaves(250000, 5, 250000, 5, 0, 0),
	}
	for i := 0; i < 3; i++ {
		if _, err := c.Step(t0.Add(time.Duration(i) * 100 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	near(t, "capacity with weak station idle", c.capacity, 42e6, 0.5e6)
	last := strings.Join(f.batches[len(f.batches)-1], "\n")
	if !strings.Contains(last, "class change dev wl parent 1: classid 1:1 htb rate 4199") {
		t.Fatalf("last batch does not move the parent rate:\n%s", last)
	}
}

type fakeCounter struct {
	n      int
	counts [][]uint64
}

func (f *fakeCounter) Counts() []uint64 {
	if len(f.counts) == 0 {
		return make([]uint64, f.n)
	}
	c := f.counts[0]
	if len(f.counts) > 1 {
		f.counts = f.counts[1:]
	}
	return c
}
