package wificell

import (
	"context"
	"math"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// rootCell builds an AP namespace (ap0, 10.203.0.1) and a station side (ue0
// with 10.203.0.2 and .3), and a running cell on ap0 (not yet set up).
func rootCell(t *testing.T, tree Tree, st []Station) (*testutil.NS, *testutil.NS, *Controller) {
	t.Helper()
	ap := testutil.NewNS(t, "ap")
	ue := testutil.NewNS(t, "ue")
	testutil.VethPair(t, ap, "ap0", "10.203.0.1/24", ue, "ue0", "10.203.0.2/24")
	ue.Run(t, "ip", "addr", "add", "10.203.0.3/24", "dev", "ue0")
	tree.Dev = "ap0"
	c := &Controller{Tree: tree, Stations: st, Contention: LinearContention(0.143), TC: ExecTC{Netns: ap.Name}}
	if tree.Mode == SharedFIFO {
		var tap *Tap
		if err := ap.Do(func() (err error) { tap, err = NewTap("ap0", tree.Dir, st); return err }); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { tap.Close() })
		c.Counter = tap
	}
	if err := c.Setup(); err != nil {
		t.Fatal(err)
	}
	return ap, ue, c
}

// blast sends UDP at each rate (BlastUDP sends whole datagrams every 2 ms:
// 12 and 6 Mb/s of 1200-byte datagrams are 2 and 1 per tick) to each destination from ns until ctx ends.
func blast(t *testing.T, ctx context.Context, ns *testutil.NS, rates map[string]float64) *sync.WaitGroup {
	var wg sync.WaitGroup
	for dst, r := range rates {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := testutil.BlastUDP(ctx, ns, dst, r, 1200); err != nil {
				t.Errorf("blast %s: %v", dst, err)
			}
		}()
	}
	return &wg
}

// A backlogged load fills the shared FIFO: the agent's qdisc source reads
// its occupancy at or above CTh 0.85 and reports no per-station queue. The
// tap counts what left the FIFO (what the stations received), and the cell
// carries the FIFO capacity of that departure mix.
func TestSharedFIFOCellRoot(t *testing.T) {
	st := []Station{{Addr: "10.203.0.2", PhyRate: 4e6, Quantum: 1514}, {Addr: "10.203.0.3", PhyRate: 2e6, Quantum: 1514}}
	ap, ue, c := rootCell(t, Tree{Mode: SharedFIFO, Limit: 20}, st)
	var sinks [2]*testutil.UDPSink
	for i, addr := range []string{"10.203.0.2:9000", "10.203.0.3:9000"} {
		s, err := testutil.NewUDPSink(ue, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		sinks[i] = s
	}
	agent, err := collector.NewQdisc(collector.Downlink, "ap0", ap.Handle)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(agent.Close)
	ctx, stop := context.WithCancel(context.Background())
	wg := blast(t, ctx, ap, map[string]float64{"10.203.0.2:9000": 12e6, "10.203.0.3:9000": 6e6})
	var occ, capa, carried []float64
	var from []uint64 // the tap's counts when scoring starts
	start := time.Now()
	for now := start; now.Sub(start) < 3*time.Second; now = time.Now() {
		status, err := c.Step(now)
		if err != nil {
			t.Fatal(err)
		}
		if now.Sub(start) > time.Second {
			if from == nil {
				from = append([]uint64(nil), status.TxBytes...)
			}
			capa = append(capa, status.Capacity)
			carried = append(carried, (status.Rates[0]+status.Rates[1])/status.Capacity)
			r, err := agent.Collect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			o, _ := r.Queues[0].Ratio()
			occ = append(occ, o)
			if len(r.StationQueues) != 0 {
				t.Fatalf("a shared FIFO reported station queues %+v", r.StationQueues)
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	wg.Wait()
	time.Sleep(300 * time.Millisecond) // the FIFO drains
	var sum float64
	for _, o := range occ {
		sum += o
	}
	if mean := sum / float64(len(occ)); mean < 0.85 {
		t.Fatalf("mean agent occupancy %.2f over %d samples, want >= CTh 0.85: %v", mean, len(occ), occ)
	}
	counts := c.Counter.Counts()
	for i, s := range sinks {
		// the tap counts IPv4 + Ethernet bytes: 1200 + 28 + 14 per datagram
		near(t, "tap vs received bytes", float64(counts[i]), float64(s.Bytes.Load())*1242/1200, 0.02*float64(counts[i])+2500)
	}
	// tail drop keeps whatever arrives when a slot is free, so the departure
	// mix is not the offered 2:1: the capacity follows what departed. The
	// mix of one 100-ms step swings with tail drop (more so on a loaded
	// machine), so the median step is scored against the mix of the whole
	// scored span.
	d0, d1 := float64(counts[0]-from[0]), float64(counts[1]-from[1])
	if d0 == 0 || d1 == 0 {
		t.Fatalf("a station got nothing through the FIFO: %v since %v", counts, from)
	}
	f0 := d0 / (d0 + d1)
	f1 := 1 - f0
	k := LinearContention(0.143)
	want := 1 / (k(math.Min(1, 2*f0)+math.Min(1, 2*f1)) * (f0/4e6 + f1/2e6))
	near(t, "median capacity vs the departure mix", median(capa), want, 0.12*want)
	near(t, "median carried rate / capacity", median(carried), 1, 0.15)
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// The uplink cell classifies by source: the station's packets fill its own
// leaf, and the agent's uplink qdisc source names the station by source.
func TestUplinkCellRoot(t *testing.T) {
	st := []Station{{Addr: "10.203.0.1", PhyRate: 2e6, Quantum: 1514}, {Addr: "10.203.0.9", PhyRate: 2e6, Quantum: 1514}}
	ap, _, c := rootCell(t, Tree{Dir: Uplink, Limit: 20}, st)
	agent, err := collector.NewQdisc(collector.Uplink, "ap0", ap.Handle)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(agent.Close)
	ctx, stop := context.WithCancel(context.Background())
	wg := blast(t, ctx, ap, map[string]float64{"10.203.0.2:9000": 6e6})
	defer func() { stop(); wg.Wait() }()
	time.Sleep(time.Second)
	r, err := agent.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.StationQueues) != 2 || r.StationQueues[0].IPs[0] != "10.203.0.1" {
		t.Fatalf("uplink station queues %+v", r.StationQueues)
	}
	if q := r.StationQueues[0]; q.BacklogPackets < 10 || r.StationQueues[1].BacklogPackets != 0 {
		t.Fatalf("source station leaf %d packets, other %d: want the sender's leaf filling",
			q.BacklogPackets, r.StationQueues[1].BacklogPackets)
	}
	st2, err := c.Step(time.Now())
	if err != nil || st2.Qlen[0] == 0 {
		t.Fatalf("status %+v, err %v", st2, err)
	}
}
