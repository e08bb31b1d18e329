package clientagent

import (
	"context"
	"strings"
	"testing"
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
	s, err := NewShaping(r, testPaths, ShapingConfig{Mode: ModeMeasured})
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
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 64000bit burst 3028 latency 50ms") {
		t.Errorf("lte0 not shaped at the floor: %q", r.cmds)
	}
	// the reference delivers 20 Mbit/s: lte0 follows at 3 Mbit/s; a 0.5 % change is ignored
	if err := s.Follow(context.Background(), Snapshot{DeliveredBps: map[string]float64{"wlan0": 20e6}}); err != nil {
		t.Fatal(err)
	}
	if !r.ran("tc qdisc replace dev lte0 root tbf rate 3000000bit burst 3028 latency 50ms") {
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
