package testutil

import (
	"context"
	"net"
	"sync/atomic"
	"time"
)

// UDPSink receives and discards datagrams in a namespace, counting bytes.
type UDPSink struct {
	conn  *net.UDPConn
	Bytes atomic.Uint64
}

// NewUDPSink listens on addr (host:port) inside ns.
func NewUDPSink(ns *NS, addr string) (*UDPSink, error) {
	var c *net.UDPConn
	err := ns.Do(func() error {
		ua, err := net.ResolveUDPAddr("udp4", addr)
		if err != nil {
			return err
		}
		c, err = net.ListenUDP("udp4", ua)
		return err
	})
	if err != nil {
		return nil, err
	}
	s := &UDPSink{conn: c}
	go func() {
		buf := make([]byte, 65536)
		for {
			n, _, err := c.ReadFromUDP(buf)
			if err != nil {
				return
			}
			s.Bytes.Add(uint64(n))
		}
	}()
	return s, nil
}

// Close stops the sink.
func (s *UDPSink) Close() { s.conn.Close() }

// BlastUDP sends payload-sized datagrams from inside ns to dst at about
// rateBps until ctx is done; it returns the bytes handed to the kernel.
// Send errors (a full qdisc returns ENOBUFS) are counted and ignored.
func BlastUDP(ctx context.Context, ns *NS, dst string, rateBps float64, payload int) (sent uint64, errs uint64, err error) {
	var c *net.UDPConn
	err = ns.Do(func() error {
		ua, err := net.ResolveUDPAddr("udp4", dst)
		if err != nil {
			return err
		}
		c, err = net.DialUDP("udp4", nil, ua)
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	defer c.Close()
	buf := make([]byte, payload)
	// Send in bursts every 2 ms to keep the syscall rate modest.
	tick := 2 * time.Millisecond
	perTick := int(rateBps / 8 * tick.Seconds() / float64(payload))
	if perTick < 1 {
		perTick = 1
	}
	tk := time.NewTicker(tick)
	defer tk.Stop()
	for {
		select {
		case <-ctx.Done():
			return sent, errs, nil
		case <-tk.C:
		}
		for i := 0; i < perTick; i++ {
			if _, werr := c.Write(buf); werr != nil {
				errs++
				continue
			}
			sent += uint64(payload)
		}
	}
}
