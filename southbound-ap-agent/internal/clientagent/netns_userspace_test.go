package clientagent

import (
	"context"
	"io"
	"log/slog"
	"testing"
)

// TestUserspacePathManagerOpensSubflowsAndSetsBackupPerSubflow: with
// -path-manager userspace the agent switches the namespace's path manager,
// opens the c2 subflow of each new connection itself (no endpoint exists), and
// weight 0 marks that path's subflows backup one by one (MP_PRIO with token,
// local and remote address); a connection opened later gets the flag from
// the next sample.
func TestUserspacePathManagerOpensSubflowsAndSetsBackupPerSubflow(t *testing.T) {
	l := newMPTCPLab(t)
	k, pm, diag := l.open(t)
	mode, restore, err := ResolvePathManager(PMUserspace, k.Sysctls)
	if err != nil || mode != PMUserspace || restore == nil {
		t.Fatalf("resolve: %q %v (restore %v)", mode, err, restore != nil)
	}
	if have, _ := NamespacePathManager(k.Sysctls); have != PMUserspace {
		t.Fatalf("namespace path manager %q after switching", have)
	}
	s, err := NewShaping(k, l.paths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000, PerConnectionBackup: true})
	if err != nil {
		t.Fatal(err)
	}
	var evs *PMEvents
	if err := l.client.Do(func() (err error) { evs, err = NewPMEvents(); return }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	c := &SubflowCreator{PM: pm, Paths: l.paths, Backup: s.BackupWanted, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	go c.Run(ctx, evs)

	l.dial(t)
	waitSubflows(t, diag, "the agent's join from c2", func(s []Subflow) bool { _, ok := onPath(s, "10.9.2.1"); return len(s) == 2 && ok })
	if eps, _ := pm.Endpoints(); len(eps) != 0 {
		t.Fatalf("userspace mode created in-kernel endpoints: %+v", eps)
	}
	for _, r := range s.Apply(t.Context(), []Weight{{"c1", 10}, {"c2", 0}}) {
		if r.Err != nil {
			t.Fatalf("apply: %+v", r)
		}
	}
	waitSubflows(t, diag, "c2 backup, c1 not", func(s []Subflow) bool {
		a, _ := onPath(s, "10.9.1.1")
		b, _ := onPath(s, "10.9.2.1")
		return b.Backup && !a.Backup
	})
	for _, r := range s.Apply(t.Context(), []Weight{{"c1", 0}, {"c2", 10}}) {
		if r.Err != nil {
			t.Fatalf("apply: %+v", r)
		}
	}
	waitSubflows(t, diag, "c1 backup, c2 not", func(s []Subflow) bool {
		a, _ := onPath(s, "10.9.1.1")
		b, _ := onPath(s, "10.9.2.1")
		return a.Backup && !b.Backup
	})
	// a second connection: its c2 join is opened without the flag, its initial
	// c1 subflow gets it from the next sample (Follow)
	l.dial(t)
	sfs := waitSubflows(t, diag, "four subflows", func(s []Subflow) bool { return len(s) == 4 })
	snap := Snapshot{}
	for _, sf := range sfs {
		snap.Subflows = append(snap.Subflows, SubflowRate{Subflow: sf})
	}
	if err := s.Follow(t.Context(), snap); err != nil {
		t.Fatal(err)
	}
	waitSubflows(t, diag, "both connections: c1 backup, c2 not", func(s []Subflow) bool {
		for _, sf := range s {
			if sf.Backup != (sf.Local.Addr() == l.paths[0].Addresses[0]) {
				return false
			}
		}
		return len(s) == 4
	})
	if err := restore(); err != nil {
		t.Fatal(err)
	}
	if have, _ := NamespacePathManager(k.Sysctls); have != PMKernel {
		t.Fatalf("namespace path manager %q after restore", have)
	}
}

func TestResolvePathManagerRefusesKernelModeInAUserspaceNamespace(t *testing.T) {
	f := newFake()
	f.sysctls["net.mptcp.path_manager"] = "userspace"
	if _, _, err := ResolvePathManager(PMKernel, f); err == nil {
		t.Fatal("kernel mode accepted in a userspace namespace")
	}
	if m, r, err := ResolvePathManager(PMAuto, f); m != PMUserspace || r != nil || err != nil {
		t.Fatalf("auto: %q %v", m, err)
	}
	f = newFake() // a 5.19-6.14 kernel: pm_type only
	f.sysctls["net.mptcp.pm_type"] = "0"
	m, r, err := ResolvePathManager(PMUserspace, f)
	if m != PMUserspace || err != nil || f.sysctls["net.mptcp.pm_type"] != "1" {
		t.Fatalf("pm_type kernel: %q %v %v", m, err, f.sysctls)
	}
	if r() != nil || f.sysctls["net.mptcp.pm_type"] != "0" {
		t.Fatalf("restore: %v", f.sysctls)
	}
	f = newFake() // no sysctl at all: only the in-kernel path manager
	if m, _, err := ResolvePathManager(PMAuto, f); m != PMKernel || err != nil {
		t.Fatalf("old kernel: %q %v", m, err)
	}
	if _, _, err := ResolvePathManager(PMUserspace, f); err == nil {
		t.Fatal("userspace accepted on a kernel without it")
	}
	if _, _, err := ResolvePathManager("mptcpd", f); err == nil {
		t.Fatal("unknown choice accepted")
	}
}

func TestSubflowCreatorOpensOneSubflowPerOtherPath(t *testing.T) {
	f := newFake()
	c := &SubflowCreator{PM: f, Paths: testPaths, Backup: func(id string) bool { return id == "lte0" }}
	ev := PMEvent{Type: pmEventEstablished, Token: 0xab, Local: mustAP("10.1.1.2:4000"), Remote: mustAP("10.1.3.2:5201")}
	if errs := c.Handle(ev); len(errs) != 0 {
		t.Fatal(errs)
	}
	if len(f.cmds) != 1 || !f.ran("subflow create token 000000ab 10.1.2.2 id 2 flags 0x4 ifindex 0 -> 10.1.3.2:5201") {
		t.Fatalf("%q", f.cmds)
	}
	for _, ev := range []PMEvent{
		{Type: pmEventEstablished, Token: 1, Local: mustAP("10.1.1.2:1"), Remote: mustAP("10.1.3.2:1"), ServerSide: true},
		{Type: pmEventClosed, Token: 1},
		{Type: pmEventEstablished, Token: 1, Local: mustAP("[fd00::2]:1"), Remote: mustAP("[fd00::9]:1")}, // no IPv6 path address
	} {
		f.cmds = nil
		c.Handle(ev)
		if len(f.cmds) != 0 {
			t.Errorf("%+v: %q", ev, f.cmds)
		}
	}
}
