package clientagent

import (
	"context"
	"net/netip"
	"testing"
	"time"
)

func TestShapingCorrectsAnUnderDeliveredShare(t *testing.T) {
	r := newFake()
	r.eps = []Endpoint{{Addr: netip.MustParseAddr("10.1.2.2"), ID: 1, Flags: EndpointSubflow}}
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeMeasured, ControlInterval: time.Second, ShareCorrection: true})
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 60}})
	snap := func(wlan, lte float64) Snapshot {
		return Snapshot{Interval: 500 * time.Millisecond, DeliveredBps: map[string]float64{"wlan0": 20e6},
			DeliveredBits: map[string]float64{"wlan0": wlan / 2, "lte0": lte / 2}}
	}
	ctx := context.Background()
	// first sample sets lte0 to 6 Mbit/s; then it delivers 5.4 (0.27 of wlan0, target 0.3) using 90 % of its rate
	_ = s.Follow(ctx, snap(20e6, 5.4e6))
	_ = s.Follow(ctx, snap(20e6, 5.4e6))
	f := s.Corrections()["lte0"]
	// step = 1 + 0.5 * (0.3 - 0.27) / 0.3 = 1.05
	if f < 1.049 || f > 1.051 {
		t.Fatalf("correction %v, want 1.05", f)
	}
	if got := s.Rates()["lte0"]; got != 6_300_000 {
		t.Fatalf("lte0 rate %d, want 6.3 Mbit/s", got)
	}
	// an idle path (using < 70 % of its rate) is not corrected
	_ = s.Follow(ctx, snap(20e6, 1e6))
	_ = s.Follow(ctx, snap(20e6, 1e6))
	if g := s.Corrections()["lte0"]; g != f {
		t.Fatalf("idle path corrected: %v -> %v", f, g)
	}
	// over-delivery pulls it down, by at most 15 % per interval
	_ = s.Follow(ctx, snap(10e6, 6.3e6))
	_ = s.Follow(ctx, snap(10e6, 6.3e6))
	if g := s.Corrections()["lte0"]; g < f*0.849 || g > f*0.851 {
		t.Fatalf("correction %v, want %v", g, f*0.85)
	}
}
