package clientagent

import (
	"io"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
	"github.com/vishvananda/netlink"
)

// mptcpLab is a client namespace with two paths (c1 10.9.1.1, c2 10.9.2.1)
// to a server namespace (s1 10.9.1.2, s2 10.9.2.2) listening with MPTCP on
// 10.9.1.2:5201; the client routes what leaves from 10.9.2.1 through c2.
type mptcpLab struct {
	client, server *testutil.NS
	paths          []Path
	server1        netip.AddrPort
}

func newMPTCPLab(t *testing.T) *mptcpLab {
	c, s := testutil.NewNS(t, "cli"), testutil.NewNS(t, "srv")
	testutil.VethPair(t, c, "c1", "10.9.1.1/24", s, "s1", "10.9.1.2/24")
	testutil.VethPair(t, c, "c2", "10.9.2.1/24", s, "s2", "10.9.2.2/24")
	c.Run(t, "ip", "route", "add", "10.9.1.2/32", "via", "10.9.2.2", "dev", "c2", "table", "100")
	c.Run(t, "ip", "rule", "add", "from", "10.9.2.1", "table", "100")
	l := &mptcpLab{client: c, server: s, server1: netip.MustParseAddrPort("10.9.1.2:5201"), paths: []Path{
		{ID: "c1", Interface: "c1", Addresses: []netip.Addr{netip.MustParseAddr("10.9.1.1")}},
		{ID: "c2", Interface: "c2", Addresses: []netip.Addr{netip.MustParseAddr("10.9.2.1")}},
	}}
	for i := range l.paths {
		if err := c.Do(func() error {
			ifi, err := net.InterfaceByName(l.paths[i].Interface)
			if err == nil {
				l.paths[i].IfIndex = int32(ifi.Index)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	var lc net.ListenConfig
	lc.SetMultipathTCP(true)
	var lis net.Listener
	if err := s.Do(func() (err error) { lis, err = lc.Listen(t.Context(), "tcp", l.server1.String()); return }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lis.Close() })
	go func() {
		for {
			conn, err := lis.Accept()
			if err != nil {
				return
			}
			go io.Copy(io.Discard, conn)
		}
	}()
	return l
}

// dial opens an MPTCP connection from 10.9.1.1 and keeps sending on it.
func (l *mptcpLab) dial(t *testing.T) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("10.9.1.1")}}
	d.SetMultipathTCP(true)
	var conn net.Conn
	if err := l.client.Do(func() (err error) { conn, err = d.Dial("tcp", l.server1.String()); return }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() {
		buf := make([]byte, 16384)
		for {
			if _, err := conn.Write(buf); err != nil {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
}

// open returns the real kernel interfaces, opened in the client namespace.
func (l *mptcpLab) open(t *testing.T) (Kernel, *NetlinkPM, *DiagSubflows) {
	var k Kernel
	var pm *NetlinkPM
	var diag *DiagSubflows
	err := l.client.Do(func() error {
		q, err := NewNetlinkQdiscs()
		if err != nil {
			return err
		}
		t.Cleanup(q.Close)
		if pm, err = NewNetlinkPM(); err != nil {
			return err
		}
		t.Cleanup(func() { pm.Close() })
		if diag, err = NewDiagSubflows(); err != nil {
			return err
		}
		t.Cleanup(func() { diag.Close() })
		k = Kernel{Qdiscs: q, PM: pm, Sysctls: nsSysctls{l.client}, Subflows: diag}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return k, pm, diag
}

// nsSysctls reads and writes /proc/sys from a thread in the namespace.
type nsSysctls struct{ ns *testutil.NS }

func (s nsSysctls) Get(key string) (v string, err error) {
	err = s.ns.Do(func() error { v, err = ProcSysctls{}.Get(key); return err })
	return v, err
}

func (s nsSysctls) Set(key, value string) error {
	return s.ns.Do(func() error { return ProcSysctls{}.Set(key, value) })
}

// waitSubflows waits until cond holds for the client's MPTCP subflows.
func waitSubflows(t *testing.T, d *DiagSubflows, what string, cond func([]Subflow) bool) []Subflow {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		sfs, err := d.Subflows()
		if err != nil {
			t.Fatal(err)
		}
		if cond(sfs) {
			return sfs
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; subflows: %+v", what, sfs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func onPath(sfs []Subflow, local string) (Subflow, bool) {
	for _, sf := range sfs {
		if sf.Local.Addr() == netip.MustParseAddr(local) {
			return sf, true
		}
	}
	return Subflow{}, false
}

func TestNetlinkTbfOnARealInterface(t *testing.T) {
	l := newMPTCPLab(t)
	k, _, _ := l.open(t)
	if err := k.Qdiscs.SetTbf("c2", TbfSpec{RateBps: 1_500_000, BurstBytes: 3028, LimitBytes: 12403}, false); err != nil {
		t.Fatal(err)
	}
	if err := k.Qdiscs.SetTbf("c2", TbfSpec{RateBps: 3_000_000, BurstBytes: 3028, LimitBytes: 21778}, true); err != nil {
		t.Fatal(err)
	}
	var qs []netlink.Qdisc
	if err := l.client.Do(func() error {
		link, err := netlink.LinkByName("c2")
		if err == nil {
			qs, err = netlink.QdiscList(link)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	tbf, ok := qs[0].(*netlink.Tbf)
	if len(qs) != 1 || !ok || tbf.Rate != 3_000_000/8 || tbf.Limit != 21778 {
		t.Fatalf("root qdisc after change: %+v", qs)
	}
	if is, err := k.Qdiscs.RootIsTbf("c2"); err != nil || !is {
		t.Fatalf("RootIsTbf: %v %v", is, err)
	}
	if is, err := k.Qdiscs.RootIsTbf("c1"); err != nil || is {
		t.Fatalf("RootIsTbf of an unshaped interface: %v %v", is, err)
	}
	if err := k.Qdiscs.DelRoot("c2"); err != nil {
		t.Fatal(err)
	}
	if is, _ := k.Qdiscs.RootIsTbf("c2"); is {
		t.Fatal("tbf still there after DelRoot")
	}
}

// TestKernelPathManagerEndpointBackup: the in-kernel path manager opens the
// c2 subflow from an endpoint; weight 0 on c2 sets the endpoint's backup flag
// over mptcp_pm, and the subflow carries it (sock_diag).
func TestKernelPathManagerEndpointBackup(t *testing.T) {
	l := newMPTCPLab(t)
	k, pm, diag := l.open(t)
	if err := pm.AddEndpoint(Endpoint{Addr: netip.MustParseAddr("10.9.2.1"), Flags: EndpointSubflow, IfIndex: l.paths[1].IfIndex}); err != nil {
		t.Fatal(err)
	}
	eps, err := pm.Endpoints()
	if err != nil || len(eps) != 1 || eps[0].Flags != EndpointSubflow || eps[0].IfIndex != l.paths[1].IfIndex {
		t.Fatalf("endpoints %+v %v", eps, err)
	}
	l.dial(t)
	sfs := waitSubflows(t, diag, "two subflows", func(s []Subflow) bool { return len(s) == 2 })
	if sfs[0].Token != sfs[1].Token || sfs[0].Token == 0 {
		t.Fatalf("subflows of one connection with tokens %08x and %08x", sfs[0].Token, sfs[1].Token)
	}
	s, err := NewShaping(k, l.paths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Apply(t.Context(), []Weight{{"c1", 10}, {"c2", 0}}) {
		if r.Err != nil {
			t.Fatalf("apply: %+v", r)
		}
	}
	waitSubflows(t, diag, "the c2 subflow marked backup", func(s []Subflow) bool {
		sf, ok := onPath(s, "10.9.2.1")
		return ok && sf.Backup
	})
	if eps, _ := pm.Endpoints(); len(eps) != 1 || eps[0].Flags != EndpointSubflow|EndpointBackup {
		t.Fatalf("after weight 0 on c2: endpoints %+v, want only c2's, with subflow and backup", eps)
	}
	if sf, _ := onPath(waitSubflows(t, diag, "subflows", func([]Subflow) bool { return true }), "10.9.1.1"); sf.Backup {
		t.Fatal("the c1 subflow (weight 10) is a backup")
	}
}
