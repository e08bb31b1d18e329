package clientagent

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestKernelPathManagerBackupOfTheInitialSubflowSendsMPPrio: the lab's
// multipath UE, with the in-kernel path manager: a subflow endpoint for its
// second address (c2) and none for the address of the initial subflow (c1).
// Weight 0 on c1 must reach the server (MP_PRIO on the open connection's
// initial subflow), a positive weight again must clear it, and Close must
// leave the flags as it found them without closing the initial subflow.
func TestKernelPathManagerBackupOfTheInitialSubflowSendsMPPrio(t *testing.T) {
	l := newMPTCPLab(t)
	k, pm, diag := l.open(t)
	if err := pm.AddEndpoint(Endpoint{Addr: l.paths[1].Addresses[0], Flags: EndpointSubflow, IfIndex: l.paths[1].IfIndex}); err != nil {
		t.Fatal(err)
	}
	var srv *DiagSubflows
	if err := l.server.Do(func() (err error) { srv, err = NewDiagSubflows(); return }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	l.dial(t)
	waitSubflows(t, diag, "two client subflows", func(s []Subflow) bool { return len(s) == 2 })
	// the server's view: its subflow from the client's c1 (initial) and c2 (join) address
	peerBackup := func(what string, c1, c2 bool) {
		t.Helper()
		waitSubflows(t, srv, what, func(s []Subflow) bool {
			a, okA := onRemote(s, "10.9.1.1")
			b, okB := onRemote(s, "10.9.2.1")
			return len(s) == 2 && okA && okB && a.PeerBackup == c1 && b.PeerBackup == c2
		})
	}
	peerBackup("server: no backup yet", false, false)
	prio0 := mpPrioRx(t, l)

	s, err := NewShaping(k, l.paths, ShapingConfig{Mode: ModeMeasured})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Apply(t.Context(), []Weight{{"c1", 0}, {"c2", 10}}) {
		if r.Err != nil {
			t.Fatalf("apply: %+v", r)
		}
	}
	peerBackup("server: the initial subflow (c1) a backup, c2 not", true, false)
	if n := mpPrioRx(t, l); n <= prio0 {
		t.Fatalf("server MPTcpExtMPPrioRx %d, was %d: no MP_PRIO received", n, prio0)
	}
	eps, err := pm.Endpoints()
	if err != nil || len(eps) != 2 {
		t.Fatalf("endpoints %+v %v", eps, err)
	}
	for _, e := range eps {
		if want := map[bool]uint32{true: EndpointBackup, false: EndpointSubflow}[e.Addr == l.paths[0].Addresses[0]]; e.Flags != want {
			t.Errorf("endpoint %s flags %#x, want %#x", e.Addr, e.Flags, want)
		}
	}
	// the data moves to c2: the client's scheduler skips its backup subflow too
	sent := func() (c1, c2 uint64) {
		sfs := waitSubflows(t, diag, "subflows", func(s []Subflow) bool { return len(s) == 2 })
		a, _ := onPath(sfs, "10.9.1.1")
		b, _ := onPath(sfs, "10.9.2.1")
		return a.BytesSent, b.BytesSent
	}
	a0, b0 := sent()
	time.Sleep(time.Second)
	a1, b1 := sent()
	t.Logf("in 1 s after backing up c1: c1 sent %d bytes, c2 %d", a1-a0, b1-b0)
	if b1-b0 < 100_000 || (a1-a0)*20 > b1-b0 {
		t.Errorf("in 1 s after backing up c1: c1 sent %d bytes, c2 %d", a1-a0, b1-b0)
	}

	for _, r := range s.Apply(t.Context(), []Weight{{"c1", 10}, {"c2", 0}}) {
		if r.Err != nil {
			t.Fatalf("apply: %+v", r)
		}
	}
	peerBackup("server: c1 cleared, c2 a backup", false, true)

	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	peerBackup("server after Close: no backup, the initial subflow still open", false, false)
	eps, _ = pm.Endpoints()
	for _, e := range eps {
		if want := map[bool]uint32{true: 0, false: EndpointSubflow}[e.Addr == l.paths[0].Addresses[0]]; e.Flags != want {
			t.Errorf("after Close: endpoint %s flags %#x, want %#x", e.Addr, e.Flags, want)
		}
	}
}

func onRemote(sfs []Subflow, remote string) (Subflow, bool) {
	for _, sf := range sfs {
		if sf.Remote.Addr().String() == remote {
			return sf, true
		}
	}
	return Subflow{}, false
}

// mpPrioRx reads the server namespace's MPTcpExtMPPrioRx counter.
func mpPrioRx(t *testing.T, l *mptcpLab) uint64 {
	t.Helper()
	for _, line := range strings.Split(l.server.Run(t, "nstat", "-asz", "MPTcpExtMPPrioRx"), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MPTcpExtMPPrioRx" {
			n, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("nstat: no MPTcpExtMPPrioRx")
	return 0
}
