package clientagent

import (
	"context"
	"net/netip"
	"testing"
)

func TestShapingWeightZeroMakesABackup(t *testing.T) {
	r := newFake()
	r.eps = []Endpoint{{Addr: netip.MustParseAddr("10.1.2.2"), ID: 3, Flags: EndpointSubflow}}
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("endpoint add 10.1.1.2 flags 0x4 ifindex 0") {
		t.Errorf("wlan0 (no endpoint) not made a backup: %q", r.cmds)
	}
	if !r.ran("tbf replace lte0 rate 10000000 burst 6250 limit 68750") {
		t.Errorf("static aggregate not applied: %q", r.cmds)
	}
	if _, err := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic}); err == nil {
		t.Error("static without aggregate accepted")
	}
}
