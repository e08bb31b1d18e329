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
