package enbsim

import (
	"math/rand/v2"
	"net/netip"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

// DemuxScenario compares the two demux modes of the reference eNB on one
// Markov channel draw (same draws and channel streams as Run): one saturated
// downlink flow to the host, split over the host's and the relay's LTE links
// (cluster {host, relay}, Max C/I inside), muxed back in order at the host.
// The source is window-limited like a TCP in steady state: it keeps at most
// demuxWindow frames between its send and the mux's delivery to the host
// (ACK clocking without loss), offering up to 8 frames per TTI. Bps values are
// the bytes the mux hands to the host per second; GapSkips counts the
// releases past a missing packet after the hold time (reordering a TCP
// receiver would see as loss).
type DemuxScenario struct {
	PHost, QHost, PRelay, QRelay float64
	FixedBps, SharedBps          float64
	FixedGapSkips, SharedGaps    uint64
}

// Demux experiment constants: 1500-byte frames, at most 8 sent per TTI
// (96 Mbit/s, above the 75 Mbit/s peak) and at most demuxWindow in flight,
// a hold of 20 ms, and a 2 ms D2D hop on the relay path.
const (
	demuxFrame     = 1500
	demuxPerTTI    = 8
	demuxHold      = 20 * time.Millisecond
	demuxD2DDelay  = 2 * time.Millisecond
	demuxQueue     = 1000
	demuxFixedLTE  = 0.5
	demuxHostIndex = 0
	demuxWindow    = 300
)

// RunDemux simulates n scenarios of ttis TTIs for the fixed-share demux
// (lte_fraction 0.5) and the shared-buffer demux. Deterministic for a seed.
func RunDemux(seed uint64, n, ttis int) ([]DemuxScenario, error) {
	table := channel.LTERateTable(channel.PaperPeakBps)
	open01 := openUnitDraws(seed)
	var out []DemuxScenario
	for k := 0; k < n; k++ {
		s := DemuxScenario{PHost: open01(), QHost: open01(), PRelay: open01(), QRelay: open01()}
		for _, shared := range []bool{false, true} {
			bps, gaps, err := runDemux(table, s, shared, seed, uint64(k), ttis)
			if err != nil {
				return nil, err
			}
			if shared {
				s.SharedBps, s.SharedGaps = bps, gaps
			} else {
				s.FixedBps, s.FixedGapSkips = bps, gaps
			}
		}
		out = append(out, s)
	}
	return out, nil
}

func runDemux(table channel.RateTable, s DemuxScenario, shared bool, seed, k uint64, ttis int) (float64, uint64, error) {
	host, err := channel.NewMarkov(table, s.PHost, s.QHost, rand.New(rand.NewPCG(seed, 2*k+1000)))
	if err != nil {
		return 0, 0, err
	}
	relay, err := channel.NewMarkov(table, s.PRelay, s.QRelay, rand.New(rand.NewPCG(seed, 2*k+1001)))
	if err != nil {
		return 0, 0, err
	}
	hostIP := netip.MustParseAddr("10.77.0.10")
	c, err := cell.New(cell.Config{ENBID: "sim", PeakRateBps: channel.PaperPeakBps, UEs: []cell.UEConfig{
		{ID: "host", IPs: []netip.Addr{hostIP}, Channel: host, QueueLimit: demuxQueue},
		{ID: "relay", IPs: []netip.Addr{netip.MustParseAddr("10.77.0.11")}, Channel: relay, QueueLimit: demuxQueue},
	}})
	if err != nil {
		return 0, 0, err
	}
	if err := c.SetPolicy(sched.Policy{Version: 1, Inter: sched.PFS, Clusters: []sched.ClusterSpec{
		{ID: "target", UEs: []string{"host", "relay"}, Intra: sched.MaxCI}}}); err != nil {
		return 0, 0, err
	}
	if err := c.SetSplits(cell.SplitConfig{Version: 1, Splits: []cell.SplitSpec{{ID: "demux", DstIP: hostIP,
		Proto: 6, TargetUE: "host", SecondUE: "relay", LTEFraction: demuxFixedLTE, SharedBuffer: shared,
		Hold: demuxHold, SecondPathDelay: demuxD2DDelay}}}); err != nil {
		return 0, 0, err
	}
	frame := make([]byte, demuxFrame)
	flow := packet.Flow{Dst: hostIP, Proto: 6}
	var bytes float64
	inflight := 0
	for t := 0; t < ttis; t++ {
		for i := 0; i < demuxPerTTI && inflight < demuxWindow; i++ {
			c.Enqueue(frame, flow)
			inflight++
		}
		for _, d := range c.Step() {
			if d.UE == demuxHostIndex {
				bytes += float64(len(d.Data))
				inflight--
			}
		}
	}
	m := c.Snapshot()
	return bytes * 8 / (float64(ttis) * sched.TTISeconds), m.Splits[0].GapSkips, nil
}
