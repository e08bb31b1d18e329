package cell

import (
	"encoding/binary"
	"net/netip"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

var (
	ip0 = netip.MustParseAddr("10.1.0.10")
	ip1 = netip.MustParseAddr("10.1.0.11")
)

// frame returns a size-byte frame carrying n in its first 8 bytes.
func frame(n uint64, size int) []byte {
	b := make([]byte, size)
	binary.BigEndian.PutUint64(b, n)
	return b
}

func twoUECell(t *testing.T, r0, r1 float64) *Cell {
	t.Helper()
	c, err := New(Config{ENBID: "enb1", PeakRateBps: 75e6, UEs: []UEConfig{
		{ID: "ue0", IPs: []netip.Addr{ip0}, Channel: channel.Constant(r0)},
		{ID: "ue1", IPs: []netip.Addr{ip1}, Channel: channel.Constant(r1), QueueLimit: 50},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func fill(c *Cell, dst netip.Addr, n int) {
	for k := 0; k < n; k++ {
		c.Enqueue(frame(uint64(k), 1000), packet.Flow{Dst: dst, Proto: 6})
	}
}

func deliveredBytes(c *Cell, ttis int) [2]int {
	var got [2]int
	for k := 0; k < ttis; k++ {
		for _, d := range c.Step() {
			got[d.UE] += len(d.Data)
		}
	}
	return got
}

// With both queues full, Max C/I gives the whole cell to the better UE and
// PFS shares the TTIs equally: the policy visibly changes per-UE throughput.
func TestPolicyChangesPerUEThroughput(t *testing.T) {
	c := twoUECell(t, 8e6, 4e6) // 1000 and 500 bytes per TTI
	fill(c, ip0, 900)
	fill(c, ip1, 50)
	if err := c.SetPolicy(sched.Policy{Version: 1, Inter: sched.MaxCI}); err != nil {
		t.Fatal(err)
	}
	got := deliveredBytes(c, 100)
	if got[0] != 100*1000 || got[1] != 0 {
		t.Fatalf("max C/I: delivered %v bytes, want [100000 0]", got)
	}
	if err := c.SetPolicy(sched.Policy{Version: 2, Inter: sched.PFS, PFSWindowTTI: 100}); err != nil {
		t.Fatal(err)
	}
	got = deliveredBytes(c, 200)
	// ue1 starts with T=0, so it is served first until its average catches
	// up; over 200 TTIs it gets at least a third of the TTIs.
	if got[1] < 200/3*500 || got[0] < 200/3*1000 {
		t.Fatalf("PFS: delivered %v bytes, want both UEs served", got)
	}
	m := c.Snapshot()
	if m.PolicyVersion != 2 || m.UEs[1].Drops != 0 || m.TTI != 300 {
		t.Fatalf("metrics %+v", m)
	}
}

// A 1500-byte packet at 4 Mbit/s (500 bytes per TTI) leaves in the third TTI.
func TestSegmentationAcrossTTIs(t *testing.T) {
	c := twoUECell(t, 4e6, 4e6)
	c.Enqueue(frame(1, 1500), packet.Flow{Dst: ip0})
	for k := 1; k <= 3; k++ {
		out := c.Step()
		if (k < 3) != (len(out) == 0) {
			t.Fatalf("tti %d: %d deliveries", k, len(out))
		}
		if k < 3 {
			if b := c.Snapshot().UEs[0].BacklogBytes; b != 1500 {
				t.Fatalf("tti %d: backlog %d bytes", k, b)
			}
		}
	}
	if m := c.Snapshot(); m.UEs[0].BacklogPackets != 0 || m.UEs[0].ServedBytes != 1500 {
		t.Fatalf("after: %+v", m.UEs[0])
	}
}

func TestQueueLimitDropsAndUnknownDst(t *testing.T) {
	c := twoUECell(t, 1e6, 1e6)
	fill(c, ip1, 60)
	if ok := c.Enqueue(frame(0, 100), packet.Flow{Dst: netip.MustParseAddr("10.9.9.9")}); ok {
		t.Fatal("unknown destination queued")
	}
	m := c.Snapshot()
	if m.UEs[1].BacklogPackets != 50 || m.UEs[1].Drops != 10 || m.UnknownDst != 1 {
		t.Fatalf("%+v", m)
	}
	if q := m.Queues["downlink"]; q.LimitPackets != DefaultQueueLimit+50 || q.OccupancyRatio != 50.0/1050 ||
		q.BacklogPackets != 50 || q.Drops != 10 {
		t.Fatalf("queue %+v", q)
	}
	// The per-UE queue in the agent's format repeats the UE's buffer state.
	if uq, ok := m.UEs[1].Queues["downlink"]; !ok || len(m.UEs[1].Queues) != 1 || uq.BacklogPackets != 50 ||
		uq.LimitPackets != 50 || uq.Drops != 10 || uq.BacklogBytes != m.UEs[1].BacklogBytes || uq.SentBytes != m.UEs[1].ServedBytes {
		t.Fatalf("per-UE queues %+v of UE %+v", m.UEs[1].Queues, m.UEs[1])
	}
}

// outOfOrder counts deliveries to ue0 whose number is below one already seen.
func runSplit(t *testing.T, hold time.Duration) (inversions int, delivered int, c *Cell) {
	t.Helper()
	c = twoUECell(t, 8e6, 8e6)
	cfg := SplitConfig{Version: 1, Splits: []SplitSpec{{ID: "s1", DstIP: ip0, Proto: 6, TargetUE: "ue0",
		SecondUE: "ue1", LTEFraction: 0.5, Hold: hold, SecondPathDelay: 4 * time.Millisecond}}}
	if err := c.SetSplits(cfg); err != nil {
		t.Fatal(err)
	}
	if err := c.SetPolicy(sched.Policy{Version: 1, Inter: sched.PFS, Clusters: []sched.ClusterSpec{
		{ID: "user0", UEs: []string{"ue0", "ue1"}, Intra: sched.MaxCI}}}); err != nil {
		t.Fatal(err)
	}
	var maxSeen uint64
	next := 0
	for tti := 0; tti < 600; tti++ {
		if tti < 400 && tti%2 == 0 { // one packet per 2 TTIs: half the 1 packet/TTI cell rate
			c.Enqueue(frame(uint64(next+1), 1000), packet.Flow{Dst: ip0, Proto: 6})
			next++
		}
		for _, d := range c.Step() {
			if d.UE != 0 {
				t.Fatalf("split packet delivered to ue%d", d.UE)
			}
			n := binary.BigEndian.Uint64(d.Data)
			if n < maxSeen {
				inversions++
			} else {
				maxSeen = n
			}
			delivered++
		}
	}
	return inversions, delivered, c
}

func TestSplitMuxRestoresOrder(t *testing.T) {
	inv0, n0, _ := runSplit(t, 0)
	if n0 != 200 || inv0 == 0 {
		t.Fatalf("no hold: %d delivered, %d inversions (want 200 and > 0)", n0, inv0)
	}
	inv, n, c := runSplit(t, 20*time.Millisecond)
	if n != 200 || inv != 0 {
		t.Fatalf("hold 20 ms: %d delivered, %d inversions (want 200, 0)", n, inv)
	}
	s := c.Snapshot().Splits[0]
	if s.SentLTE != 100 || s.SentSecond != 100 || s.GapSkips != 0 || s.Released == 0 {
		t.Fatalf("split metrics %+v", s)
	}
}

func TestSplitValidation(t *testing.T) {
	c := twoUECell(t, 1e6, 1e6)
	base := SplitSpec{ID: "s", DstIP: ip0, Proto: 6, TargetUE: "ue0", SecondUE: "ue1", LTEFraction: 0.5}
	cases := map[string]func(*SplitSpec){
		"config.splits[0].split_id":          func(s *SplitSpec) { s.ID = "bad id" },
		"config.splits[0].match.dst_ip":      func(s *SplitSpec) { s.DstIP = netip.Addr{} },
		"config.splits[0].match.ip_proto":    func(s *SplitSpec) { s.Proto = 1; s.DstPort = 80 },
		"config.splits[0].second_path_ue_id": func(s *SplitSpec) { s.SecondUE = "ue0" },
		"config.splits[0].lte_fraction":      func(s *SplitSpec) { s.LTEFraction = 1.5 },
		"config.splits[0].hold_time_us":      func(s *SplitSpec) { s.Hold = 11 * time.Second },
		"config.splits[0].target_ue_id":      func(s *SplitSpec) { s.TargetUE = "nobody" },
	}
	for field, mut := range cases {
		s := base
		mut(&s)
		err := c.SetSplits(SplitConfig{Version: 1, Splits: []SplitSpec{s}})
		if err == nil || len(err.Error()) < len(field) || err.Error()[:len(field)] != field {
			t.Errorf("%s: got %v", field, err)
		}
	}
	if c.Splits().Version != 0 {
		t.Fatal("rejected config installed")
	}
}

// The clock statistics count late TTIs, idle TTIs (no backlog anywhere), the
// late ones among them, and skipped time.
func TestClockStats(t *testing.T) {
	c := twoUECell(t, 10e6, 10e6)
	c.StepLate(false) // idle, on time
	c.StepLate(true)  // idle, late
	fill(c, ip0, 2)
	c.StepLate(true) // backlogged, late
	c.NoteSkipped(7)
	got := c.Snapshot().Clock
	want := ClockStats{LateTTIs: 2, SkippedTTIs: 7, IdleTTIs: 2, LateIdleTTIs: 1}
	if got != want {
		t.Fatalf("clock %+v, want %+v", got, want)
	}
}
