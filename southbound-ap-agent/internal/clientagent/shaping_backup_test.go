package clientagent

import (
	"context"
	"net/netip"
	"strings"
	"testing"
)

func TestShapingWeightZeroMakesABackup(t *testing.T) {
	r := newFake()
	r.eps = []Endpoint{{Addr: netip.MustParseAddr("10.1.2.2"), ID: 3, Flags: EndpointSubflow}}
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// wlan0 has no endpoint (the initial subflow's address): an endpoint with no
	// flags first (ADD_ADDR sends no MP_PRIO and must open no subflow), then
	// the backup flag with SET_FLAGS, which sends MP_PRIO on existing subflows
	got := strings.Join(r.cmds, "|")
	if !strings.Contains(got, "endpoint add 10.1.1.2 flags 0x0 ifindex 0|endpoint show|endpoint set-flags id 4 flags 0x4") {
		t.Errorf("wlan0 (no endpoint) not made a backup by set-flags: %q", r.cmds)
	}
	if !r.ran("tbf replace lte0 rate 10000000 burst 6250 limit 68750") {
		t.Errorf("static aggregate not applied: %q", r.cmds)
	}
	// a positive weight again clears it on the endpoint now listed; no second add
	n := len(r.cmds)
	s.Apply(context.Background(), []Weight{{"wlan0", 5}, {"lte0", 5}})
	got = strings.Join(r.cmds[n:], "|")
	if !strings.Contains(got, "endpoint set-flags id 4 flags 0x0") || strings.Contains(got, "endpoint add") {
		t.Errorf("wlan0 backup not cleared: %q", r.cmds[n:])
	}
	if _, err := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic}); err == nil {
		t.Error("static without aggregate accepted")
	}
}

// TestShapingCloseRestoresEndpointBackupFlags: the lab's multipath UE has a
// subflow endpoint for its second address and none for the initial one. Close
// puts every backup flag the agent changed back as it found it (a backup
// configured before the agent included), and keeps the endpoint it added,
// with no flags (deleting it would close the initial subflows).
func TestShapingCloseRestoresEndpointBackupFlags(t *testing.T) {
	r := newFake()
	r.eps = []Endpoint{{Addr: netip.MustParseAddr("10.1.2.2"), ID: 1, Flags: EndpointSubflow}}
	paths := append(append([]Path(nil), testPaths...), Path{ID: "eth9", Interface: "eth9", Addresses: []netip.Addr{netip.MustParseAddr("10.1.9.2")}})
	r.eps = append(r.eps, Endpoint{Addr: netip.MustParseAddr("10.1.9.2"), ID: 2, Flags: EndpointSubflow | EndpointBackup})
	s, _ := NewShaping(r.kernel(), paths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}, {"eth9", 5}})
	s.Apply(context.Background(), []Weight{{"wlan0", 5}, {"lte0", 0}, {"eth9", 5}})
	n := len(r.cmds)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range r.cmds[n:] {
		if strings.HasPrefix(c, "endpoint del") || strings.HasPrefix(c, "endpoint add") {
			t.Errorf("close: %q", c)
		}
	}
	want := map[string]uint32{"10.1.2.2": EndpointSubflow, "10.1.9.2": EndpointSubflow | EndpointBackup, "10.1.1.2": 0}
	if len(r.eps) != len(want) {
		t.Fatalf("endpoints after close: %+v", r.eps)
	}
	for _, e := range r.eps {
		if f, ok := want[e.Addr.String()]; !ok || e.Flags != f {
			t.Errorf("endpoint %s flags %#x after close, want %#x (all %+v)", e.Addr, e.Flags, f, r.eps)
		}
	}
	// nothing changed since: a second close does nothing
	n = len(r.cmds)
	_ = s.Close()
	for _, c := range r.cmds[n:] {
		if strings.HasPrefix(c, "endpoint set-flags") {
			t.Errorf("second close: %q", c)
		}
	}
}

// TestShapingCloseClearsPerConnectionBackups: with the userspace path
// manager the backup bit the agent set per subflow is cleared on Close.
func TestShapingCloseClearsPerConnectionBackups(t *testing.T) {
	r := newFake()
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000, PerConnectionBackup: true})
	r.subflows = []Subflow{
		{Local: mustAP("10.1.1.2:4000"), Remote: mustAP("10.1.3.2:5201"), Token: 7},
		{Local: mustAP("10.1.2.2:4001"), Remote: mustAP("10.1.3.2:5201"), Token: 7},
	}
	s.Apply(context.Background(), []Weight{{"wlan0", 5}, {"lte0", 0}})
	if !r.ran("subflow set-flags token 00000007 10.1.2.2:4001 10.1.3.2:5201 backup true") {
		t.Fatalf("apply: %q", r.cmds)
	}
	r.subflows[1].Backup = true
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if !r.ran("subflow set-flags token 00000007 10.1.2.2:4001 10.1.3.2:5201 backup false") {
		t.Fatalf("close did not clear the backup bit: %q", r.cmds)
	}
	if r.ran("subflow set-flags token 00000007 10.1.1.2:4000 10.1.3.2:5201 backup false") {
		t.Fatalf("close touched a subflow without the bit: %q", r.cmds)
	}
}
