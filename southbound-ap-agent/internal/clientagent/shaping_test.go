package clientagent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// scriptRunner answers commands from a table and records them.
type scriptRunner struct {
	cmds    []string
	answers map[string]string
}

func (r *scriptRunner) Run(_ context.Context, name string, args ...string) (string, error) {
	c := name + " " + strings.Join(args, " ")
	r.cmds = append(r.cmds, c)
	for prefix, out := range r.answers {
		if strings.HasPrefix(c, prefix) {
			return out, nil
		}
	}
	return "", nil
}

func (r *scriptRunner) ran(c string) bool {
	for _, x := range r.cmds {
		if x == c {
			return true
		}
	}
	return false
}

func TestShapingMeasuredShapesTheLighterPathAndFollowsTheReference(t *testing.T) {
	r := &scriptRunner{answers: map[string]string{
		"ip mptcp endpoint show":       "10.1.2.2 id 1 subflow backup dev lte0 \n",
		"tc qdisc show dev wlan0 root": "qdisc noqueue 0: root refcnt 2\n",
		"tc qdisc show dev lte0 root":  "qdisc tbf 8001: root refcnt 2 rate 1Mbit burst 3028b lat 50ms\n",
	}}
	s, err := NewShaping(r, testPaths, ShapingConfig{Mode: ModeMeasured, RefHalfLife: 5 * time.Second, ChangeInPlace: true})
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
	if !r.ran("ip mptcp endpoint change id 1 nobackup") {
		t.Errorf("backup not cleared: %q", r.cmds)
	}
	if r.ran("tc qdisc del dev wlan0 root") {
		t.Errorf("deleted a qdisc the agent did not install: %q", r.cmds)
	}
	// before any measurement the reference is the initial 10 Mbit/s: lte0 gets 10 * 30 / 200
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 1500000bit burst 3028 latency 50ms") {
		t.Errorf("lte0 not shaped from the initial reference: %q", r.cmds)
	}
	// the reference delivers 20 Mbit/s: lte0 follows at 3 Mbit/s; a 0.5 % change is ignored
	if err := s.Follow(context.Background(), Snapshot{DeliveredBps: map[string]float64{"wlan0": 20e6}}); err != nil {
		t.Fatal(err)
	}
	if !r.ran("tc qdisc change dev lte0 root tbf rate 3000000bit burst 3028 latency 50ms") {
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

func TestShapingWeightZeroMakesABackup(t *testing.T) {
	r := &scriptRunner{answers: map[string]string{"ip mptcp endpoint show": "10.1.2.2 id 3 subflow dev lte0\n"}}
	s, _ := NewShaping(r, testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("ip mptcp endpoint add 10.1.1.2 dev wlan0 backup") {
		t.Errorf("wlan0 (no endpoint) not made a backup: %q", r.cmds)
	}
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 10000000bit burst 6250 latency 50ms") {
		t.Errorf("static aggregate not applied: %q", r.cmds)
	}
	if _, err := NewShaping(r, testPaths, ShapingConfig{Mode: ModeStatic}); err == nil {
		t.Error("static without aggregate accepted")
	}
}

func TestShapingCorrectsAnUnderDeliveredShare(t *testing.T) {
	r := &scriptRunner{answers: map[string]string{"ip mptcp endpoint show": "10.1.2.2 id 1 subflow dev lte0\n"}}
	s, _ := NewShaping(r, testPaths, ShapingConfig{Mode: ModeMeasured, ControlInterval: time.Second, ShareCorrection: true})
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

func TestShapingMinLimitSizesTheTbfQueueInBytes(t *testing.T) {
	r := &scriptRunner{answers: map[string]string{"ip mptcp endpoint show": ""}}
	s, _ := NewShaping(r, testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000, MinLimitBytes: 65536})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// 10 Mbit/s x 50 ms = 62500 bytes + 6250 burst = 68750 > 65536
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 10000000bit burst 6250 limit 68750") {
		t.Errorf("queue not sized by rate x latency + burst: %q", r.cmds)
	}
	r2 := &scriptRunner{answers: map[string]string{"ip mptcp endpoint show": ""}}
	s2, _ := NewShaping(r2, testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 1_000_000, MinLimitBytes: 65536})
	s2.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// 1 Mbit/s x 50 ms + 3028 = 9278 < 65536: the floor applies
	if !r2.ran("tc qdisc replace dev lte0 root tbf rate 1000000bit burst 3028 limit 65536") {
		t.Errorf("queue floor not applied: %q", r2.cmds)
	}
}

func TestShapingNeverLowersTheBurstOfAnInstalledTbf(t *testing.T) {
	r := &scriptRunner{answers: map[string]string{"ip mptcp endpoint show": "", "tc qdisc show dev lte0 root": "qdisc tbf 8001: root\n"}}
	s, _ := NewShaping(r, testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 14_480_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// 14.48 Mbit/s / 8 / 200 = 9050 bytes
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 14480000bit burst 9050 latency 50ms") {
		t.Fatalf("first tbf: %q", r.cmds)
	}
	// a slightly lower rate keeps the burst: a queued 9 KB packet must still fit
	s.cfg.AggregateBps = 13_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 13000000bit burst 9050 latency 50ms") {
		t.Fatalf("burst lowered: %q", r.cmds)
	}
	// under half the burst: the tbf is removed (queue dropped) and installed with the rate's burst
	n := len(r.cmds)
	s.cfg.AggregateBps = 1_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	got := strings.Join(r.cmds[n:], "|")
	if !strings.Contains(got, "tc qdisc del dev lte0 root|tc qdisc replace dev lte0 root tbf rate 1000000bit burst 3028 latency 50ms") {
		t.Fatalf("much lower rate: want del then a 3028-byte burst: %q", got)
	}
	// a higher rate raises it
	s.cfg.AggregateBps = 16_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 16000000bit burst 10000 latency 50ms") {
		t.Fatalf("burst not raised: %q", r.cmds)
	}
	// once the tbf is removed (backup), a new one starts from the rate again
	s.cfg.AggregateBps = 16_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	s.Apply(context.Background(), []Weight{{"wlan0", 5}, {"lte0", 0}})
	s.cfg.AggregateBps = 1_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 1000000bit burst 3028 latency 50ms") {
		t.Fatalf("burst after removal: %q", r.cmds)
	}
}
