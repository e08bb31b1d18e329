package pktio

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	enbv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/enb/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/policysvc"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
)

func sh(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// inNetns runs fn on a thread switched into the named network namespace.
func inNetns(t *testing.T, ns string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread() // never unlocked: the thread dies with the goroutine
		target, err := os.Open("/run/netns/" + ns)
		if err != nil {
			t.Errorf("netns %s: %v", ns, err)
			return
		}
		defer target.Close()
		if err := unix.Setns(int(target.Fd()), unix.CLONE_NEWNET); err != nil {
			t.Errorf("setns %s: %v", ns, err)
			return
		}
		fn()
	}()
	<-done
}

// lab is: srv --- [enb: up | u0 u1] --- ue0, ue1, one /24, bridged by the eNB.
type lab struct {
	ns     map[string]string
	ifaces map[string]string
}

func newLab(t *testing.T) *lab {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatal("this test needs root (network namespaces); CI runs it as root")
	}
	id := fmt.Sprintf("%d", os.Getpid()%100000)
	l := &lab{ns: map[string]string{}, ifaces: map[string]string{}}
	for _, n := range []string{"srv", "enb", "ue0", "ue1"} {
		l.ns[n] = "enbt" + id + "-" + n
		sh(t, "ip", "netns", "add", l.ns[n])
		name := l.ns[n]
		t.Cleanup(func() { _ = exec.Command("ip", "netns", "del", name).Run() })
	}
	pairs := [][2]string{{"srv", "up"}, {"ue0", "u0"}, {"ue1", "u1"}}
	addr := map[string]string{"srv": "10.77.0.1/24", "ue0": "10.77.0.10/24", "ue1": "10.77.0.11/24"}
	for _, p := range pairs {
		host, enbSide := "h"+p[0]+id, "e"+p[1]+id
		l.ifaces[p[1]] = enbSide
		sh(t, "ip", "link", "add", host, "netns", l.ns[p[0]], "type", "veth", "peer", "name", enbSide, "netns", l.ns["enb"])
		sh(t, "ip", "-n", l.ns[p[0]], "addr", "add", addr[p[0]], "dev", host)
		for _, side := range [][2]string{{l.ns[p[0]], host}, {l.ns["enb"], enbSide}} {
			sh(t, "ip", "-n", side[0], "link", "set", side[1], "up")
			sh(t, "ip", "netns", "exec", side[0], "ethtool", "-K", side[1], "tx", "off", "tso", "off", "gso", "off", "gro", "off")
		}
		sh(t, "ip", "-n", l.ns[p[0]], "link", "set", "lo", "up")
	}
	return l
}

// sink accepts one TCP connection in ns and counts the bytes received.
func sink(t *testing.T, l *lab, ns string, ip string) (*atomic.Int64, func()) {
	return sinkPort(t, l, ns, ip, 5201)
}

func sinkPort(t *testing.T, l *lab, ns string, ip string, port int) (*atomic.Int64, func()) {
	t.Helper()
	var lis net.Listener
	inNetns(t, l.ns[ns], func() {
		var err error
		lis, err = net.Listen("tcp", fmt.Sprintf("%s:%d", ip, port))
		if err != nil {
			t.Errorf("listen: %v", err)
		}
	})
	if lis == nil {
		t.FailNow()
	}
	n := &atomic.Int64{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c, err := lis.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 64<<10)
		for {
			k, err := c.Read(buf)
			n.Add(int64(k))
			if err != nil {
				return
			}
		}
	}()
	return n, func() { lis.Close(); wg.Wait() }
}

// source connects from the server namespace and sends until stopped.
func source(t *testing.T, l *lab, dst string) func() {
	return sourcePort(t, l, dst, 5201)
}

func sourcePort(t *testing.T, l *lab, dst string, port int) func() {
	t.Helper()
	var conn net.Conn
	inNetns(t, l.ns["srv"], func() {
		var err error
		conn, err = net.DialTimeout("tcp", fmt.Sprintf("%s:%d", dst, port), 5*time.Second)
		if err != nil {
			t.Errorf("dial %s: %v", dst, err)
		}
	})
	if conn == nil {
		t.FailNow()
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		buf := make([]byte, 32<<10)
		for {
			select {
			case <-stop:
				return
			default:
			}
			_ = conn.SetWriteDeadline(time.Now().Add(200 * time.Millisecond))
			if _, err := conn.Write(buf); err != nil && !os.IsTimeout(err) {
				return
			}
		}
	}()
	return func() { close(stop); wg.Wait(); conn.Close() }
}

func served(c *cell.Cell) [2]uint64 {
	m := c.Snapshot()
	return [2]uint64{m.UEs[0].ServedBytes, m.UEs[1].ServedBytes}
}

// Real TCP crosses the reference eNB; switching the pushed policy from PFS
// to Max C/I visibly moves the cell from equal time shares to the better UE.
func TestNamespaceTCPPolicyChange(t *testing.T) {
	l := newLab(t)
	c, err := cell.New(cell.Config{ENBID: "enb1", PeakRateBps: 75e6, UEs: []cell.UEConfig{
		{ID: "ue0", IPs: []netip.Addr{netip.MustParseAddr("10.77.0.10")}, Channel: channel.Constant(20e6), QueueLimit: 300},
		{ID: "ue1", IPs: []netip.Addr{netip.MustParseAddr("10.77.0.11")}, Channel: channel.Constant(10e6), QueueLimit: 300},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b := &Bridge{Cell: c}
	inNetns(t, l.ns["enb"], func() {
		var err error
		if b.Uplink, err = OpenPort(l.ifaces["up"]); err != nil {
			t.Error(err)
			return
		}
		for _, n := range []string{"u0", "u1"} {
			p, err := OpenPort(l.ifaces[n])
			if err != nil {
				t.Error(err)
				return
			}
			b.UEs = append(b.UEs, p)
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	ctx, cancel := context.WithCancel(context.Background())
	runDone := make(chan struct{})
	go func() { defer close(runDone); _ = b.Run(ctx) }()
	defer func() { cancel(); <-runDone }()

	n0, close0 := sink(t, l, "ue0", "10.77.0.10")
	n1, close1 := sink(t, l, "ue1", "10.77.0.11")
	stop0 := source(t, l, "10.77.0.10")
	stop1 := source(t, l, "10.77.0.11")

	measure := func() (bps [2]float64) {
		time.Sleep(time.Second) // settle
		a, t0 := served(c), time.Now()
		time.Sleep(3 * time.Second)
		z, dt := served(c), time.Since(t0).Seconds()
		for i := range bps {
			bps[i] = float64(z[i]-a[i]) * 8 / dt
		}
		return bps
	}
	pfs := measure()
	// Push Max C/I over gRPC (loopback) and read it back.
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	enbv1.RegisterEnbPolicyServer(srv, policysvc.New(c, nil))
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	cl := enbv1.NewEnbPolicyClient(conn)
	want := &enbv1.SchedulingPolicy{Version: 1, InterCluster: enbv1.Discipline_DISCIPLINE_MAX_CI}
	if _, err := cl.SetSchedulingPolicy(ctx, &enbv1.SetSchedulingPolicyRequest{EnbId: "enb1", Policy: want}); err != nil {
		t.Fatal(err)
	}
	got, err := cl.GetSchedulingPolicy(ctx, &enbv1.GetSchedulingPolicyRequest{EnbId: "enb1"})
	if err != nil || !proto.Equal(got.GetPolicy(), want) {
		t.Fatalf("read back %v (%v)", got, err)
	}
	maxci := measure()
	stop0()
	stop1()
	close0()
	close1()
	t.Logf("PFS: ue0 %.2f ue1 %.2f Mbit/s; Max C/I: ue0 %.2f ue1 %.2f Mbit/s; received %d/%d bytes; bridge: scheduled %d flooded %d uplink %d write-errors %d",
		pfs[0]/1e6, pfs[1]/1e6, maxci[0]/1e6, maxci[1]/1e6, n0.Load(), n1.Load(),
		b.C.Scheduled.Load(), b.C.Flooded.Load(), b.C.Uplink.Load(), b.C.WriteErrors.Load())
	// PFS with constant rates 20/10 Mbit/s: equal time, so ~10 and ~5 Mbit/s.
	if share := pfs[1] / (pfs[0] + pfs[1]); share < 0.2 || share > 0.5 || pfs[0] < 6e6 {
		t.Errorf("PFS: ue1 byte share %.2f (want ~1/3), ue0 %.2f Mbit/s", share, pfs[0]/1e6)
	}
	// Max C/I: ue0 (better rate) takes the cell.
	if maxci[0] < 1.5*pfs[0] || maxci[1] > 0.3*pfs[1] {
		t.Errorf("Max C/I did not move the cell to ue0: %v -> %v bit/s", pfs, maxci)
	}
	if n0.Load() == 0 || n1.Load() == 0 {
		t.Errorf("receivers got %d and %d bytes", n0.Load(), n1.Load())
	}
}
