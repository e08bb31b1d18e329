package collector_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// stationTree builds, in fresh namespaces, an AP (ap0) and a UE side (ue0)
// holding two station addresses, and on ap0 an htb tree with one pfifo leaf
// per station and a default leaf, each station's leaf chosen by a u32 filter
// on its address (the lab's Wi-Fi cell layout). It returns the AP namespace,
// a 10 Hz sampler over ap0 and a UDP sink per station.
func stationTree(t *testing.T) (*testutil.NS, *sampler.Sampler, [2]*testutil.UDPSink) {
	t.Helper()
	ap := testutil.NewNS(t, "ap")
	ue := testutil.NewNS(t, "ue")
	testutil.VethPair(t, ap, "ap0", "10.202.0.1/24", ue, "ue0", "10.202.0.2/24")
	ue.Run(t, "ip", "addr", "add", "10.202.0.3/24", "dev", "ue0")
	tc := func(args ...string) { ap.Run(t, "tc", args...) }
	tc("qdisc", "add", "dev", "ap0", "root", "handle", "1:", "htb", "default", "9")
	tc("class", "add", "dev", "ap0", "parent", "1:", "classid", "1:1", "htb", "rate", "2mbit", "ceil", "2mbit")
	for _, minor := range []string{"9", "100", "101"} {
		tc("class", "add", "dev", "ap0", "parent", "1:1", "classid", "1:"+minor, "htb", "rate", "8kbit", "ceil", "2mbit",
			"quantum", "1514")
		tc("qdisc", "add", "dev", "ap0", "parent", "1:"+minor, "handle", minor+":", "pfifo", "limit", "40")
	}
	for addr, class := range map[string]string{"10.202.0.2": "1:100", "10.202.0.3": "1:101"} {
		tc("filter", "add", "dev", "ap0", "parent", "1:", "protocol", "ip", "prio", "1", "u32",
			"match", "ip", "dst", addr+"/32", "flowid", class)
	}
	var sinks [2]*testutil.UDPSink
	for i, addr := range []string{"10.202.0.2:9000", "10.202.0.3:9000"} {
		s, err := testutil.NewUDPSink(ue, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		sinks[i] = s
	}
	c, err := collector.NewQdisc(collector.Downlink, "ap0", ap.Handle)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	smp, err := sampler.New(sampler.Config{RateHz: 10, MaxWindow: 10 * time.Second, Collectors: []collector.Collector{c}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go smp.Run(ctx)
	return ap, smp, sinks
}

// Loading one station's leaf shows in that station's queue only; the
// aggregate occupancy (backlog over the sum of every leaf's limit) is diluted
// by the idle leaves, which is why the controller needs the per-station view.
func TestQdiscPerStationLeavesUnderLoadRoot(t *testing.T) {
	ap, smp, sinks := stationTree(t)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, _, err := testutil.BlastUDP(ctx, ap, "10.202.0.2:9000", 12e6, 1200); err != nil {
			t.Errorf("blast: %v", err)
		}
	}()
	time.Sleep(1900 * time.Millisecond) // 0.4 s to fill the loaded station's leaf, then the 1.5-s window
	w, err := smp.SlidingWindow(1500 * time.Millisecond)
	stop()
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Queues) != 1 {
		t.Fatalf("queues %+v", w.Queues)
	}
	agg, st := w.Queues[0], w.Queues[0].Stations
	if len(st) != 2 || st[0].Last.QueueID != "1:100" || st[1].Last.QueueID != "1:101" {
		t.Fatalf("station queues %+v, want 1:100 and 1:101 (the default leaf has no station)", st)
	}
	loaded, idle := st[0], st[1]
	t.Logf("aggregate %.3f; loaded %.3f over %d samples, backlog %d/%d pkts, drops %d, sent %d B; idle %.3f",
		agg.Ratio, loaded.Ratio, loaded.Count, loaded.Last.BacklogPackets, loaded.Last.LimitPackets,
		loaded.Drops, loaded.SentBytes, idle.Ratio)
	if st := smp.Stats(); st.Rounds > 0 {
		t.Logf("sampling cost with the filter dump: %.0f us per round", float64(st.Nanos)/float64(st.Rounds)/1e3)
	}
	if !slices.Equal(loaded.Last.IPs, []string{"10.202.0.2"}) || !slices.Equal(idle.Last.IPs, []string{"10.202.0.3"}) {
		t.Errorf("station IPs %v and %v, want 10.202.0.2 and 10.202.0.3", loaded.Last.IPs, idle.Last.IPs)
	}
	if loaded.Ratio <= occupancyThreshold || loaded.Count < 10 || loaded.Last.LimitPackets != 40 {
		t.Errorf("loaded station: occupancy %.3f over %d samples (limit %d), want > %.2f over >= 10, limit 40",
			loaded.Ratio, loaded.Count, loaded.Last.LimitPackets, occupancyThreshold)
	}
	if loaded.Drops == 0 {
		t.Errorf("loaded station: no drops at 6x its rate")
	}
	// 2 Mb/s for 1.5 s is 375 kB; allow for the window's edges.
	if loaded.SentBytes < 250_000 || loaded.SentBytes > 450_000 {
		t.Errorf("loaded station sent %d B in 1.5 s, want about 375000 (2 Mb/s)", loaded.SentBytes)
	}
	if idle.Ratio > 0.02 || idle.Drops != 0 || idle.SentBytes != 0 {
		t.Errorf("idle station: occupancy %.3f, drops %d, sent %d B, want ~0, 0, 0", idle.Ratio, idle.Drops, idle.SentBytes)
	}
	if agg.Ratio > 0.5 {
		t.Errorf("aggregate %.3f: a full leaf of three should read about 1/3", agg.Ratio)
	}
	if sinks[0].Bytes.Load() == 0 || sinks[1].Bytes.Load() != 0 {
		t.Errorf("sinks received %d and %d B, want traffic to the loaded station only", sinks[0].Bytes.Load(), sinks[1].Bytes.Load())
	}
}
