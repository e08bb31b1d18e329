package pktio

import (
	"context"
	"net/netip"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
)

// tcpExt reads TcpExt counters of a namespace from /proc/net/netstat.
func tcpExt(t *testing.T, ns string) map[string]int64 {
	t.Helper()
	out, err := exec.Command("ip", "netns", "exec", ns, "cat", "/proc/net/netstat").Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(out), "\n")
	m := map[string]int64{}
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "TcpExt:") || !strings.HasPrefix(lines[i+1], "TcpExt:") {
			continue
		}
		names, vals := strings.Fields(lines[i])[1:], strings.Fields(lines[i+1])[1:]
		for k := range names {
			if k < len(vals) {
				v, _ := strconv.ParseInt(vals[k], 10, 64)
				m[names[k]] = v
			}
		}
		break
	}
	return m
}

// Real TCP split 50/50 over the target's LTE link and a second path 10 ms
// longer: the sender sees reordering (and recovers from it) without the
// mux's hold time, and much less with a hold time above the path skew.
func TestNamespaceSplitHoldTime(t *testing.T) {
	l := newLab(t)
	dst := netip.MustParseAddr("10.77.0.10")
	c, err := cell.New(cell.Config{ENBID: "enb1", PeakRateBps: 75e6, UEs: []cell.UEConfig{
		{ID: "ue0", IPs: []netip.Addr{dst}, Channel: channel.Constant(15e6), QueueLimit: 300},
		{ID: "ue1", IPs: []netip.Addr{netip.MustParseAddr("10.77.0.11")}, Channel: channel.Constant(15e6), QueueLimit: 300},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b := &Bridge{Cell: c}
	inNetns(t, l.ns["enb"], func() {
		var err error
		if b.Uplink, err = OpenPort(l.ifaces["up"]); err != nil {
			t.Error(err)
			return
		}
		for _, n := range []string{"u0", "u1"} {
			p, err := OpenPort(l.ifaces[n])
			if err != nil {
				t.Error(err)
				return
			}
			b.UEs = append(b.UEs, p)
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	ctx, cancel := context.WithCancel(context.Background())
	runDone := make(chan struct{})
	go func() { defer close(runDone); _ = b.Run(ctx) }()
	defer func() { cancel(); <-runDone }()

	keys := []string{"TCPFastRetrans", "TCPSACKReorder", "TCPTSReorder", "TCPRenoReorder", "TCPDSACKRecv", "TCPLostRetransmit"}
	phase := func(version uint64, hold time.Duration, port int) (map[string]int64, int64) {
		if err := c.SetSplits(cell.SplitConfig{Version: version, Splits: []cell.SplitSpec{{ID: "s", DstIP: dst,
			Proto: 6, TargetUE: "ue0", SecondUE: "ue1", LTEFraction: 0.5, Hold: hold,
			SecondPathDelay: 10 * time.Millisecond}}}); err != nil {
			t.Fatal(err)
		}
		n, closeSink := sinkPort(t, l, "ue0", "10.77.0.10", port)
		before := tcpExt(t, l.ns["srv"])
		stop := sourcePort(t, l, "10.77.0.10", port)
		time.Sleep(4 * time.Second)
		stop()
		closeSink()
		after := tcpExt(t, l.ns["srv"])
		d := map[string]int64{}
		for _, k := range keys {
			d[k] = after[k] - before[k]
		}
		return d, n.Load()
	}
	noHold, bytes0 := phase(1, 0, 5301)
	held, bytes1 := phase(2, 30*time.Millisecond, 5302)
	t.Logf("50%% split, 10 ms skew, 4 s each: no hold %v (%.1f Mbit/s); 30 ms hold %v (%.1f Mbit/s)",
		noHold, float64(bytes0)*8/4e6, held, float64(bytes1)*8/4e6)
	reorder := func(m map[string]int64) int64 { return m["TCPSACKReorder"] + m["TCPTSReorder"] + m["TCPRenoReorder"] }
	if reorder(noHold) == 0 && noHold["TCPFastRetrans"] == 0 {
		t.Fatalf("no reordering seen by the sender without hold: %v", noHold)
	}
	if reorder(held)+held["TCPFastRetrans"] >= reorder(noHold)+noHold["TCPFastRetrans"] {
		t.Errorf("hold time did not reduce reordering events: %v -> %v", noHold, held)
	}
	if bytes0 == 0 || bytes1 == 0 {
		t.Errorf("no data delivered: %d %d", bytes0, bytes1)
	}
}
