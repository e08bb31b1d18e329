package delayline

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/pktio"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// Two hosts joined through a middle namespace whose only path is the delay
// line: pings take at least the two one-way delays, none is lost, and a
// frame the line carried is counted in its direction.
func TestDelayLineRoot(t *testing.T) {
	a := testutil.NewNS(t, "dla")
	m := testutil.NewNS(t, "dlm")
	b := testutil.NewNS(t, "dlb")
	a.Run(t, "ip", "link", "add", "a0", "type", "veth", "peer", "name", "m0", "netns", m.Name)
	b.Run(t, "ip", "link", "add", "b0", "type", "veth", "peer", "name", "m1", "netns", m.Name)
	a.Run(t, "ip", "addr", "add", "10.207.0.1/24", "dev", "a0")
	b.Run(t, "ip", "addr", "add", "10.207.0.2/24", "dev", "b0")
	for _, x := range []struct {
		ns  *testutil.NS
		dev string
	}{{a, "a0"}, {b, "b0"}, {m, "m0"}, {m, "m1"}} {
		x.ns.Run(t, "ip", "link", "set", "dev", x.dev, "up")
		// as the lab's veths: a frame read from a packet socket carries no checksum the NIC was to fill in
		x.ns.Run(t, "ethtool", "-K", x.dev, "tx", "off")
	}
	var pa, pb *pktio.Port
	if err := m.Do(func() (err error) {
		if pa, err = pktio.OpenPort("m0"); err != nil {
			return err
		}
		pb, err = pktio.OpenPort("m1")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	ab := &Direction{In: pa, Out: pb, Delay: 15 * time.Millisecond}
	ba := &Direction{In: pb, Out: pa, Delay: 5 * time.Millisecond}
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, d := range []*Direction{ab, ba} {
		wg.Add(1)
		go func(d *Direction) { defer wg.Done(); d.Run(ctx) }(d)
	}
	defer func() { stop(); wg.Wait() }()
	min, got := echoes(t, a, b, 10)
	if got != 10 {
		t.Fatalf("%d of 10 echoes came back through the line (carried a->b %d, b->a %d, write errors %d/%d)", got,
			ab.C.Frames.Load(), ba.C.Frames.Load(), ab.C.WriteErrors.Load(), ba.C.WriteErrors.Load())
	}
	if min < 20*time.Millisecond {
		t.Fatalf("min RTT %v through 15 + 5 ms of delay", min)
	}
	if ab.C.Frames.Load() < 10 || ba.C.Frames.Load() < 10 || ab.C.Dropped.Load()+ba.C.Dropped.Load() != 0 {
		t.Fatalf("carried a->b %d, b->a %d, dropped %d/%d", ab.C.Frames.Load(), ba.C.Frames.Load(),
			ab.C.Dropped.Load(), ba.C.Dropped.Load())
	}
}

// echoes sends n UDP datagrams from a to an echo server in b, one at a time,
// and returns the shortest round trip and how many came back.
func echoes(t *testing.T, a, b *testutil.NS, n int) (time.Duration, int) {
	var srv net.PacketConn
	if err := b.Do(func() (err error) { srv, err = net.ListenPacket("udp", "10.207.0.2:9100"); return err }); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	go func() {
		buf := make([]byte, 1500)
		for {
			k, from, err := srv.ReadFrom(buf)
			if err != nil {
				return
			}
			_, _ = srv.WriteTo(buf[:k], from)
		}
	}()
	var c net.Conn
	if err := a.Do(func() (err error) { c, err = net.Dial("udp", "10.207.0.2:9100"); return err }); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	min, got := time.Duration(1<<62), 0
	buf := make([]byte, 1500)
	for i := 0; i < n; i++ {
		start := time.Now()
		if _, err := c.Write([]byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
		_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
		if k, err := c.Read(buf); err != nil || k != 1 || buf[0] != byte(i) {
			continue
		}
		got++
		if d := time.Since(start); d < min {
			min = d
		}
	}
	return min, got
}
