package clientagent

import (
	"context"
	"testing"
)

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
