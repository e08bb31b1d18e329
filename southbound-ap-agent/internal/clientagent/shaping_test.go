package clientagent

import (
	"context"
	"net/netip"
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
