package clientagent

import (
	"context"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestShapingMeasuredShapesTheLighterPathAndFollowsTheReference(t *testing.T) {
	r := newFake()
	r.eps = []Endpoint{{Addr: netip.MustParseAddr("10.1.2.2"), ID: 1, Flags: EndpointSubflow | EndpointBackup}}
	r.rootTbf["lte0"] = true
	s, err := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeMeasured, RefHalfLife: 5 * time.Second, ChangeInPlace: true})
	if err != nil {
		t.Fatal(err)
	}
	res := s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 30}})
	for _, x := range res {
		if x.Err != nil {
			t.Fatalf("apply: %+v", res)
		}
	}
	// lte0 was a backup: cleared; wlan0 (reference) is not touched by tbf (noqueue there)
	if !r.ran("endpoint set-flags id 1 flags 0x2") {
		t.Errorf("backup not cleared: %q", r.cmds)
	}
	if r.ran("qdisc del wlan0") {
		t.Errorf("deleted a qdisc the agent did not install: %q", r.cmds)
	}
	// before any measurement nothing is shaped: a leftover tbf goes
	if !r.ran("qdisc del lte0") || r.rootTbf["lte0"] || s.Rates()["lte0"] != 0 {
		t.Errorf("lte0 shaped before any measurement: %q", r.cmds)
	}
	// the reference delivers 20 Mbit/s: lte0 follows at 3 Mbit/s; a 0.5 % change is ignored
	if err := s.Follow(context.Background(), Snapshot{DeliveredBps: map[string]float64{"wlan0": 20e6}}); err != nil {
		t.Fatal(err)
	}
	if !r.ran("tbf replace lte0 rate 3000000 burst 3028 limit 21778") {
		t.Errorf("lte0 did not follow: %q", r.cmds)
	}
	n := len(r.cmds)
	_ = s.Follow(context.Background(), Snapshot{DeliveredBps: map[string]float64{"wlan0": 20.1e6}})
	if len(r.cmds) != n {
		t.Errorf("reshaped within hysteresis: %q", r.cmds[n:])
	}
	if s.Rates()["lte0"] != 3_000_000 || s.Rates()["wlan0"] != 0 {
		t.Errorf("rates %v", s.Rates())
	}
	// a dip of the reference to 5 Mbit/s for one half-life holds the reference at half its peak (20.1 Mbit/s)
	_ = s.Follow(context.Background(), Snapshot{Interval: 5 * time.Second, DeliveredBps: map[string]float64{"wlan0": 5e6}})
	if s.Rates()["lte0"] != 1_507_500 {
		t.Errorf("after a dip: rates %v, want lte0 at 1.5075 Mbit/s", s.Rates())
	}
}

// TestShapingMeasuredLeavesADownloadingClientUnshaped: a client that only
// downloads delivers ~0 of its own data (it sends ACKs), so no interface gets
// a tbf, whichever path is the reference; the old behaviour shaped every
// other path from the initial reference, then down to the 64 kbit/s floor.
func TestShapingMeasuredLeavesADownloadingClientUnshaped(t *testing.T) {
	for _, weights := range [][]Weight{{{"wlan0", 200}, {"lte0", 30}}, {{"wlan0", 100}, {"lte0", 100}}} {
		r := newFake()
		s, err := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeMeasured})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Apply(context.Background(), weights) {
			if x.Err != nil {
				t.Fatalf("apply: %+v", x)
			}
		}
		for i := 0; i < 40; i++ { // 20 s of samples: ACK-only traffic
			snap := Snapshot{Interval: 500 * time.Millisecond,
				DeliveredBps:  map[string]float64{"wlan0": 30e3, "lte0": 5e3},
				DeliveredBits: map[string]float64{"wlan0": 15e3, "lte0": 2.5e3}}
			if err := s.Follow(context.Background(), snap); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range r.cmds {
			if strings.HasPrefix(c, "tbf ") {
				t.Errorf("weights %v: a downloading client was shaped: %q", weights, c)
			}
		}
		if rs := s.Rates(); rs["wlan0"] != 0 || rs["lte0"] != 0 {
			t.Errorf("weights %v: rates %v", weights, rs)
		}
	}
}

// TestShapingMeasuredStopsShapingWhenTheClientStopsSending: an upload shapes
// the lighter path; once the held peak of the reference's delivered rate has
// decayed under MinSendBps the tbf goes, and a new upload shapes it again.
func TestShapingMeasuredStopsShapingWhenTheClientStopsSending(t *testing.T) {
	r := newFake()
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeMeasured, MinSendBps: 1_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 30}})
	// 900 kbit/s is under the threshold: still unshaped
	_ = s.Follow(context.Background(), Snapshot{Interval: time.Second, DeliveredBps: map[string]float64{"wlan0": 9e5}})
	if s.Rates()["lte0"] != 0 {
		t.Fatalf("shaped under MinSendBps: %v", s.Rates())
	}
	_ = s.Follow(context.Background(), Snapshot{Interval: time.Second, DeliveredBps: map[string]float64{"wlan0": 8e6}})
	// 8 Mbit/s: shaped to 8 x 30 / 200 (the initial 10 Mbit/s has decayed under it)
	if got := s.Rates()["lte0"]; got != 1_200_000 {
		t.Fatalf("uploading client not shaped from the reference: %v", s.Rates())
	}
	// upload stops: 8 Mbit/s halves every 5 s; under 1 Mbit/s after 3 half-lives
	for i := 0; i < 3; i++ {
		_ = s.Follow(context.Background(), Snapshot{Interval: 5 * time.Second, DeliveredBps: map[string]float64{"wlan0": 0}})
		if s.Rates()["lte0"] == 0 {
			t.Fatalf("unshaped after %d half-lives, before the peak fell under 1 Mbit/s", i+1)
		}
	}
	n := len(r.cmds)
	_ = s.Follow(context.Background(), Snapshot{Interval: 5 * time.Second, DeliveredBps: map[string]float64{"wlan0": 0}})
	if s.Rates()["lte0"] != 0 || !strings.Contains(strings.Join(r.cmds[n:], "|"), "qdisc del lte0") {
		t.Fatalf("tbf kept after the client stopped sending: %v %q", s.Rates(), r.cmds[n:])
	}
	_ = s.Follow(context.Background(), Snapshot{Interval: 500 * time.Millisecond, DeliveredBps: map[string]float64{"wlan0": 20e6}})
	if !r.ran("tbf replace lte0 rate 3000000 burst 3028 limit 21778") {
		t.Fatalf("a new upload is not shaped: %q", r.cmds)
	}
}
