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
	// before any measurement the reference is the initial 10 Mbit/s: lte0 gets 10 * 30 / 200
	if !r.ran("tbf replace lte0 rate 1500000 burst 3028 limit 12403") {
		t.Errorf("lte0 not shaped from the initial reference: %q", r.cmds)
	}
	// the reference delivers 20 Mbit/s: lte0 follows at 3 Mbit/s; a 0.5 % change is ignored
	if err := s.Follow(context.Background(), Snapshot{DeliveredBps: map[string]float64{"wlan0": 20e6}}); err != nil {
		t.Fatal(err)
	}
	if !r.ran("tbf change lte0 rate 3000000 burst 3028 limit 21778") {
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

// TestShapingMeasuredShapesADownloadingClientFromTheInitialReference: a
// client that only downloads delivers ~0 of its own data (it sends ACKs), so
// its held reference would decay to ~0 and shape the lighter path to the
// 64 kbit/s floor; it stays at InitialRefBps x w / wmax instead, whichever
// path is the reference, and the reference path is never shaped.
func TestShapingMeasuredShapesADownloadingClientFromTheInitialReference(t *testing.T) {
	for _, tc := range []struct {
		weights []Weight
		lte0    uint64
	}{{[]Weight{{"wlan0", 200}, {"lte0", 30}}, 1_500_000}, {[]Weight{{"wlan0", 100}, {"lte0", 100}}, 10_000_000}} {
		r := newFake()
		s, err := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeMeasured})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Apply(context.Background(), tc.weights) {
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
			if rs := s.Rates(); rs["wlan0"] != 0 || rs["lte0"] != tc.lte0 {
				t.Fatalf("weights %v, sample %d: rates %v, want lte0 at %d", tc.weights, i, rs, tc.lte0)
			}
		}
		for _, c := range r.cmds {
			if strings.HasPrefix(c, "qdisc del") || strings.Contains(c, "wlan0 rate") {
				t.Errorf("weights %v: %q", tc.weights, c)
			}
		}
	}
}

// TestShapingMeasuredFollowsTheReferenceOnlyWhileTheClientSends: an upload
// shapes the lighter path from the reference's delivered rate; once the held
// peak of it has decayed under MinSendBps the path goes back to the initial
// reference (the tbf stays), and a new upload follows the reference again.
func TestShapingMeasuredFollowsTheReferenceOnlyWhileTheClientSends(t *testing.T) {
	r := newFake()
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeMeasured, MinSendBps: 1_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 30}})
	// 900 kbit/s is under the threshold: the initial 10 Mbit/s x 30 / 200
	_ = s.Follow(context.Background(), Snapshot{Interval: time.Second, DeliveredBps: map[string]float64{"wlan0": 9e5}})
	if s.Rates()["lte0"] != 1_500_000 {
		t.Fatalf("under MinSendBps: %v", s.Rates())
	}
	_ = s.Follow(context.Background(), Snapshot{Interval: time.Second, DeliveredBps: map[string]float64{"wlan0": 20e6}})
	if got := s.Rates()["lte0"]; got != 3_000_000 {
		t.Fatalf("uploading client not shaped from the reference: %v", s.Rates())
	}
	// upload stops: 20 Mbit/s halves every 5 s; the reference follows the decay while the peak is at least 1 Mbit/s
	for i := 0; i < 4; i++ {
		_ = s.Follow(context.Background(), Snapshot{Interval: 5 * time.Second, DeliveredBps: map[string]float64{"wlan0": 0}})
		want := uint64(20e6/float64(uint64(1)<<(i+1))) * 30 / 200
		if got := s.Rates()["lte0"]; got != want {
			t.Fatalf("after %d half-lives: lte0 at %d, want %d", i+1, got, want)
		}
	}
	_ = s.Follow(context.Background(), Snapshot{Interval: 5 * time.Second, DeliveredBps: map[string]float64{"wlan0": 0}})
	if got := s.Rates()["lte0"]; got != 1_500_000 {
		t.Fatalf("the peak under 1 Mbit/s: lte0 at %d, want the initial reference's 1.5 Mbit/s", got)
	}
	for _, c := range r.cmds {
		if strings.HasPrefix(c, "qdisc del lte0") {
			t.Fatalf("tbf removed: %q", r.cmds)
		}
	}
	_ = s.Follow(context.Background(), Snapshot{Interval: 500 * time.Millisecond, DeliveredBps: map[string]float64{"wlan0": 8e6}})
	if got := s.Rates()["lte0"]; got != 1_200_000 {
		t.Fatalf("a new upload does not follow the reference: %v", s.Rates())
	}
}
