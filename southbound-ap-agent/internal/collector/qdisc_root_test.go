package collector_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// occupancyThreshold is the regulation threshold CTh the controller compares
// MacOcc against (MP-SDN uses 0.85).
const occupancyThreshold = 0.85

// bottleneck builds two fresh namespaces (ap, ue) joined by a veth pair and
// runs setup to install the qdisc on the AP side (ap0). It returns a sampler
// at 10 Hz over that qdisc and a UDP sink in the UE namespace.
func bottleneck(t *testing.T, setup ...[]string) (*testutil.NS, *sampler.Sampler, *testutil.UDPSink) {
	t.Helper()
	ap := testutil.NewNS(t, "ap")
	ue := testutil.NewNS(t, "ue")
	testutil.VethPair(t, ap, "ap0", "10.201.0.1/24", ue, "ue0", "10.201.0.2/24")
	for _, cmd := range setup {
		ap.Run(t, cmd[0], cmd[1:]...)
	}
	sink, err := testutil.NewUDPSink(ue, "10.201.0.2:9000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sink.Close)
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
	return ap, smp, sink
}

func window(t *testing.T, smp *sampler.Sampler) sampler.QueueWindow {
	t.Helper()
	w, err := smp.Window(0)
	if err != nil {
		t.Fatalf("window: %v", err)
	}
	if len(w.Queues) != 1 || w.Queues[0].Direction != collector.Downlink {
		t.Fatalf("window queues = %+v, want one downlink queue", w.Queues)
	}
	return w.Queues[0]
}

// loadCycle asserts ~0 occupancy idle, > CTh under a UDP load 6x the
// bottleneck rate, and ~0 again after the load stops.
func loadCycle(t *testing.T, ap *testutil.NS, smp *sampler.Sampler, sink *testutil.UDPSink) {
	t.Helper()
	time.Sleep(400 * time.Millisecond)
	idle := window(t, smp)
	if idle.Ratio > 0.02 || idle.Count < 2 {
		t.Fatalf("idle: occupancy %.3f over %d samples, want ~0 over >= 2", idle.Ratio, idle.Count)
	}

	ctx, stop := context.WithCancel(context.Background())
	done := make(chan uint64, 1)
	go func() {
		sent, _, err := testutil.BlastUDP(ctx, ap, "10.201.0.2:9000", 12e6, 1200)
		if err != nil {
			t.Errorf("blast: %v", err)
		}
		done <- sent
	}()
	time.Sleep(400 * time.Millisecond) // fill the queue
	window(t, smp)                     // start a fresh window under load
	time.Sleep(1500 * time.Millisecond)
	loaded := window(t, smp)
	stop()
	sent := <-done
	t.Logf("loaded: occupancy %.3f over %d samples, backlog %d B / %d pkts, limit %d B / %d pkts, drops %d, sent %d B, received %d B",
		loaded.Ratio, loaded.Count, loaded.Last.BacklogBytes, loaded.Last.BacklogPackets,
		loaded.Last.LimitBytes, loaded.Last.LimitPackets, loaded.Drops, sent, sink.Bytes.Load())
	if loaded.Ratio <= occupancyThreshold {
		t.Errorf("under load: occupancy %.3f, want > %.2f", loaded.Ratio, occupancyThreshold)
	}
	if loaded.Count < 10 {
		t.Errorf("under load: %d samples in 1.5 s at 10 Hz, want >= 10", loaded.Count)
	}
	if sink.Bytes.Load() == 0 {
		t.Errorf("no traffic reached the UE namespace")
	}

	time.Sleep(500 * time.Millisecond) // drain
	window(t, smp)
	time.Sleep(time.Second)
	after := window(t, smp)
	if after.Ratio > 0.02 {
		t.Errorf("after load: occupancy %.3f, want ~0", after.Ratio)
	}
}

func TestQdiscTbfOccupancyRoot(t *testing.T) {
	ap, smp, sink := bottleneck(t,
		[]string{"tc", "qdisc", "add", "dev", "ap0", "root", "handle", "1:", "tbf", "rate", "2mbit", "burst", "5kb", "limit", "60kb"})
	loadCycle(t, ap, smp, sink)
	w, err := smp.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	if w.CapacityBps != 2_000_000 {
		t.Errorf("capacity from tbf rate = %d, want 2000000", w.CapacityBps)
	}
	if lim := w.Queues[0].Last.LimitBytes; lim != 60*1024 {
		t.Errorf("tbf limit = %d B, want %d", lim, 60*1024)
	}
}

// An htb root has no limit of its own: the pfifo leaf's limit (decoded from
// raw TCA_OPTIONS, qdisc_options.go) and backlog are used.
func TestQdiscHtbPfifoLeafOccupancyRoot(t *testing.T) {
	ap, smp, sink := bottleneck(t,
		[]string{"tc", "qdisc", "add", "dev", "ap0", "root", "handle", "1:", "htb", "default", "10"},
		[]string{"tc", "class", "add", "dev", "ap0", "parent", "1:", "classid", "1:10", "htb", "rate", "2mbit", "burst", "5kb"},
		[]string{"tc", "qdisc", "add", "dev", "ap0", "parent", "1:10", "handle", "10:", "pfifo", "limit", "40"})
	loadCycle(t, ap, smp, sink)
	w, err := smp.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	if lim := w.Queues[0].Last.LimitPackets; lim != 40 {
		t.Errorf("pfifo leaf limit = %d packets, want 40", lim)
	}
}

// A veth without a qdisc (noqueue) has no queue to observe: the collector
// fails, and the sampler reports unhealthy instead of a zero occupancy.
func TestQdiscNoqueueFailsRoot(t *testing.T) {
	_, smp, _ := bottleneck(t)
	time.Sleep(300 * time.Millisecond)
	if err := smp.Health(); err == nil || !strings.Contains(err.Error(), "noqueue") {
		t.Fatalf("health = %v, want an error naming noqueue", err)
	}
	if _, err := smp.Window(0); err == nil {
		t.Fatalf("window on noqueue succeeded, want an error")
	}
}
