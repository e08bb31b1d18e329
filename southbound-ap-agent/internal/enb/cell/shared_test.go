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

// onOff is a channel with rate bps in the TTIs where good(k) holds (k counts
// from 1), 0 otherwise.
type onOff struct {
	k    int
	bps  float64
	good func(int) bool
}

func (o *onOff) Next() float64 {
	o.k++
	if o.good(o.k) {
		return o.bps
	}
	return 0
}

func (o *onOff) Describe() string { return "on-off" }

var _ channel.Model = (*onOff)(nil)

// splitCell: ue0 (target) is good 3 TTIs in 4, ue1 (second path) in the
// fourth; each good TTI carries exactly one 1000-byte frame. One cluster
// {ue0, ue1} with Max C/I inside, so every TTI serves the link that is good.
func splitCell(t *testing.T, shared bool) *Cell {
	t.Helper()
	c, err := New(Config{ENBID: "enb1", PeakRateBps: 75e6, UEs: []UEConfig{
		{ID: "ue0", IPs: []netip.Addr{ip0}, QueueLimit: 2000,
			Channel: &onOff{bps: 8e6, good: func(k int) bool { return k%4 != 0 }}},
		{ID: "ue1", IPs: []netip.Addr{ip1}, QueueLimit: 2000,
			Channel: &onOff{bps: 8e6, good: func(k int) bool { return k%4 == 0 }}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetSplits(SplitConfig{Version: 1, Splits: []SplitSpec{{ID: "s1", DstIP: ip0, Proto: 6,
		TargetUE: "ue0", SecondUE: "ue1", LTEFraction: 0.5, SharedBuffer: shared, Hold: 10 * time.Second}}}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetPolicy(sched.Policy{Version: 1, Inter: sched.PFS, Clusters: []sched.ClusterSpec{
		{ID: "user:ue0", UEs: []string{"ue0", "ue1"}, Intra: sched.MaxCI}}}); err != nil {
		t.Fatal(err)
	}
	return c
}

// run enqueues n frames numbered 0..n-1 and steps ttis TTIs; it returns the
// frame numbers delivered to the target, in delivery order.
func run(t *testing.T, c *Cell, n, ttis int) []uint64 {
	t.Helper()
	for k := 0; k < n; k++ {
		c.Enqueue(frame(uint64(k), 1000), packet.Flow{Dst: ip0, Proto: 6})
	}
	var got []uint64
	for k := 0; k < ttis; k++ {
		for _, d := range c.Step() {
			if d.UE != 0 {
				t.Fatalf("split frame delivered to ue%d", d.UE)
			}
			got = append(got, binary.BigEndian.Uint64(d.Data))
		}
	}
	return got
}

// The paper's demux: both links draw from one buffer, so the flow is served
// in every TTI by whichever link is good, each frame exactly once, in order.
func TestSharedBufferServesWhicheverLinkIsGood(t *testing.T) {
	c := splitCell(t, true)
	m0 := c.Snapshot()
	got := run(t, c, 1000, 400)
	if len(got) != 400 {
		t.Fatalf("delivered %d frames in 400 TTIs, want 400 (one per TTI)", len(got))
	}
	for i, n := range got {
		if n != uint64(i) {
			t.Fatalf("delivery %d is frame %d: want every frame once, in order", i, n)
		}
	}
	m := c.Snapshot()
	s := m.Splits[0]
	if s.SentLTE != 300 || s.SentSecond != 100 {
		t.Fatalf("links carried %d/%d frames, want 300/100 (the TTIs each was good)", s.SentLTE, s.SentSecond)
	}
	if !s.SharedBuffer || s.SharedBacklogPackets != 600 || m.Queues["downlink"].BacklogPackets != 600 {
		t.Fatalf("backlog: split %+v, queue %+v; want 600 frames waiting in the shared buffer", s,
			m.Queues["downlink"])
	}
	if m0.Splits[0].SharedBacklogPackets != 0 || m.UEs[0].BacklogPackets != 0 || m.UEs[1].BacklogPackets != 0 {
		t.Fatalf("shared frames counted in a UE's own queue: %+v", m.UEs)
	}
}

// The fixed-share demux puts half the frames behind the link that is good
// one TTI in four, so the in-order mux can release far fewer frames.
func TestFixedShareStallsWhereSharedBufferDoesNot(t *testing.T) {
	fixed := run(t, splitCell(t, false), 1000, 400)
	for i, n := range fixed {
		if n != uint64(i) {
			t.Fatalf("fixed share: delivery %d is frame %d", i, n)
		}
	}
	// ue1 sent frames 1,3,...,199 and ue0 0,2,...,598: the in-order prefix ends at 200.
	if len(fixed) != 201 {
		t.Fatalf("fixed share delivered %d frames in order, want 201", len(fixed))
	}
}

// Own frames of the second UE and shared frames are served in arrival order.
func TestSharedBufferKeepsArrivalOrderWithOwnTraffic(t *testing.T) {
	c := splitCell(t, true)
	// Three own frames for ue1 arrive before the split flow's frames.
	for k := 0; k < 3; k++ {
		c.Enqueue(frame(uint64(100+k), 1000), packet.Flow{Dst: ip1, Proto: 17})
	}
	for k := 0; k < 20; k++ {
		c.Enqueue(frame(uint64(k), 1000), packet.Flow{Dst: ip0, Proto: 6})
	}
	own := 0
	var split []uint64
	for k := 0; k < 20; k++ {
		for _, d := range c.Step() {
			if d.UE == 1 {
				own++
				continue
			}
			split = append(split, binary.BigEndian.Uint64(d.Data))
		}
	}
	// ue1 is good at TTIs 4, 8, 12, 16, 20: its three own frames first, then two shared ones.
	if own != 3 {
		t.Fatalf("ue1 own frames delivered %d, want 3", own)
	}
	if len(split) != 17 {
		t.Fatalf("split frames delivered %d, want 15 by ue0 + 2 by ue1 = 17", len(split))
	}
	for i, n := range split {
		if n != uint64(i) {
			t.Fatalf("split delivery %d is frame %d", i, n)
		}
	}
}

func TestReplacingASharedSplitKeepsItsFrames(t *testing.T) {
	c := splitCell(t, true)
	got := run(t, c, 50, 10)
	if err := c.SetSplits(SplitConfig{Version: 2}); err != nil {
		t.Fatal(err)
	}
	got = append(got, run(t, c, 0, 200)...)
	if len(got) != 50 {
		t.Fatalf("delivered %d of 50 frames after replacing the split", len(got))
	}
}
