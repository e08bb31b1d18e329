package wificell

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	vnl "github.com/vishvananda/netlink"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// fakeKernel builds, from the cell's tc batch lines, the qdiscs and filters
// the AP agent's qdisc source would read (vishvananda/netlink values), with
// each leaf's backlog set by the test.
type fakeKernel struct {
	leaves  map[int]int // leaf minor -> pfifo limit
	filters []collector.FilterTarget
	qlen    map[int]int
}

func buildKernel(t *testing.T, lines []string) *fakeKernel {
	t.Helper()
	k := &fakeKernel{leaves: map[int]int{}, qlen: map[int]int{}}
	for _, l := range lines {
		f := strings.Fields(l)
		switch {
		case f[0] == "qdisc" && f[1] == "add" && f[8] == "pfifo": // qdisc add dev D parent 1:M handle M: pfifo limit L
			m, _ := strconv.ParseInt(strings.TrimPrefix(f[5], "1:"), 16, 32)
			k.leaves[int(m)], _ = strconv.Atoi(f[10])
		case f[0] == "filter":
			m, _ := strconv.ParseInt(strings.TrimPrefix(f[len(f)-1], "1:"), 16, 32)
			ft := collector.FilterTarget{ClassID: vnl.MakeHandle(1, uint16(m))}
			ip := strings.TrimSuffix(f[len(f)-3], "/32")
			if f[len(f)-4] == "src" {
				ft.SrcIPs = []string{ip}
			} else {
				ft.DstIPs = []string{ip}
			}
			k.filters = append(k.filters, ft)
		}
	}
	return k
}

// agentView is what the agent's qdisc source reports for the tree: the
// aggregate occupancy (MacOcc) and the per-station queues.
func (k *fakeKernel) agentView(t *testing.T, dir collector.Direction) (float64, []collector.StationQueueSample) {
	t.Helper()
	qs := []vnl.Qdisc{&vnl.Htb{QdiscAttrs: vnl.QdiscAttrs{Handle: vnl.MakeHandle(1, 0), Parent: vnl.HANDLE_ROOT,
		Statistics: &vnl.QdiscStatistics{Queue: &vnl.GnetStatsQueue{}}}}}
	raw := map[uint32]collector.RawQdiscLimit{}
	for m, limit := range k.leaves {
		h := vnl.MakeHandle(uint16(m), 0)
		raw[h] = collector.RawQdiscLimit{Packets: uint64(limit)}
		qs = append(qs, &vnl.GenericQdisc{QdiscType: "pfifo", QdiscAttrs: vnl.QdiscAttrs{Handle: h,
			Parent: vnl.MakeHandle(1, uint16(m)), Statistics: &vnl.QdiscStatistics{
				Queue: &vnl.GnetStatsQueue{Qlen: uint32(k.qlen[m]), Backlog: uint32(1514 * k.qlen[m])}}}})
	}
	s, _, err := collector.QdiscSample(qs, 1000, raw)
	if err != nil {
		t.Fatal(err)
	}
	occ, err := s.Ratio()
	if err != nil {
		t.Fatal(err)
	}
	sq, err := collector.QdiscStationQueues(qs, k.filters, dir, 1000, raw)
	if err != nil {
		t.Fatal(err)
	}
	return occ, sq
}

// tcJSON is `tc -s -j qdisc show` for the fake tree.
func (k *fakeKernel) tcJSON() string {
	var parts []string
	for m, limit := range k.leaves {
		parts = append(parts, fmt.Sprintf(`{"kind":"pfifo","handle":"%x:","parent":"1:%x","options":{"limit":%d},"qlen":%d}`,
			m, m, limit, k.qlen[m]))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

var threeStations = []Station{{Addr: "10.0.1.1", PhyRate: 54e6, Quantum: 1514},
	{Addr: "10.0.1.2", PhyRate: 54e6, Quantum: 1514}, {Addr: "10.0.1.3", PhyRate: 30e6, Quantum: 1514}}

// The shared FIFO is the whole cell's queue: the agent's MacOcc is its fill,
// so a cell whose FIFO holds 18 of 20 packets reads 0.9 >= CTh 0.85, and the
// agent reports no per-station queue (the app's mpsdn profile then falls
// back to MacOcc). Per station, the default leaf counts in the limit too:
// with every one of three stations' leaves full MacOcc is 60/80 = 0.75, so
// it can never reach CTh there.
func TestAgentOccupancyOfEachQueueMode(t *testing.T) {
	shared := buildKernel(t, Tree{Dev: "wl", Mode: SharedFIFO, Limit: 20}.SetupBatch(threeStations, 30e6))
	if len(shared.leaves) != 1 || len(shared.filters) != 0 {
		t.Fatalf("shared FIFO: %d leaves, %d filters; want 1 leaf, no filter", len(shared.leaves), len(shared.filters))
	}
	shared.qlen[SharedMinor] = 18
	occ, sq := shared.agentView(t, collector.Downlink)
	near(t, "shared FIFO MacOcc", occ, 0.9, 1e-9)
	if occ < 0.85 || len(sq) != 0 {
		t.Fatalf("shared FIFO: MacOcc %.2f (want >= CTh 0.85), %d station queues (want none)", occ, len(sq))
	}
	per := buildKernel(t, Tree{Dev: "wl", Mode: PerStation, Limit: 20}.SetupBatch(threeStations, 30e6))
	for i := range threeStations {
		per.qlen[StationMinor(i)] = 20
	}
	occ, sq = per.agentView(t, collector.Downlink)
	near(t, "per-station MacOcc, every station leaf full", occ, 0.75, 1e-9)
	if len(sq) != 3 || sq[2].IPs[0] != "10.0.1.3" {
		t.Fatalf("per-station: station queues %+v", sq)
	}
}

// The cell's status reports the occupancy the agent reads.
func TestStatusOccupancyIsTheAgentsMacOcc(t *testing.T) {
	for _, mode := range []QueueMode{SharedFIFO, PerStation} {
		tree := Tree{Dev: "wl", Mode: mode, Limit: 20}
		f := &fakeTC{}
		c := &Controller{Tree: tree, Stations: append([]Station(nil), threeStations...),
			Contention: LinearContention(0.143), TC: f, Counter: &fakeCounter{n: 3}}
		if err := c.Setup(); err != nil {
			t.Fatal(err)
		}
		k := buildKernel(t, f.batches[0])
		for m := range k.leaves {
			k.qlen[m] = 17
		}
		want, _ := k.agentView(t, collector.Downlink)
		f.stats = []string{k.tcJSON()}
		st, err := c.Step(time.Unix(1, 0))
		if err != nil {
			t.Fatal(err)
		}
		near(t, mode.String()+" status occupancy", st.Occupancy, want, 1e-9)
		if st.QueueMode != mode.String() {
			t.Fatalf("queue_mode %q, want %q", st.QueueMode, mode)
		}
	}
}

// The uplink cell matches stations by source, and the agent's uplink qdisc
// source finds them by the same side.
func TestUplinkTreeMatchesStationsBySource(t *testing.T) {
	lines := Tree{Dev: "uplink", Dir: Uplink, Limit: 20}.SetupBatch(threeStations, 30e6)
	all := strings.Join(lines, "\n")
	if !strings.Contains(all, "u32 match ip src 10.0.1.3/32 flowid 1:102") || strings.Contains(all, "match ip dst") {
		t.Fatalf("uplink filters:\n%s", all)
	}
	k := buildKernel(t, lines)
	k.qlen[StationMinor(1)] = 10
	_, sq := k.agentView(t, collector.Uplink)
	if len(sq) != 3 || sq[1].IPs[0] != "10.0.1.2" || sq[1].BacklogPackets != 10 {
		t.Fatalf("uplink station queues %+v", sq)
	}
	if _, sq := k.agentView(t, collector.Downlink); len(sq) != 0 {
		t.Fatalf("a downlink reading of the uplink tree found station queues %+v", sq)
	}
}
