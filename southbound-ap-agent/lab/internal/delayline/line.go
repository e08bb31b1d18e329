// Package delayline carries Ethernet frames between two interfaces with a
// fixed one-way delay per direction: the lab's path between the server and
// an AP's switch, so that TCP runs at a path RTT of a real access network
// instead of the sub-millisecond RTT of bare veth links.
//
// This kernel has no netem (CONFIG_NET_SCH_NETEM unset), and a qdisc delay on
// the sending host would hold the sender's own skbs (TCP small queues). A
// frame read from an AF_PACKET socket and written again is a new skb owned by
// this process, as on a router.
package delayline

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/pktio"
)

// MaxQueued bounds the frames in flight in one direction; a frame beyond it
// is dropped and counted (the path's buffer, far above any lab BDP: 40 ms of
// 100 Mb/s is ~340 full frames).
const MaxQueued = 20000

// Counters of one direction.
type Counters struct {
	Frames, Dropped, WriteErrors atomic.Uint64
}

type frame struct {
	due  time.Time
	data []byte
}

// Direction carries frames read from In to Out, each written Delay after it
// was read, in the order read.
type Direction struct {
	In, Out *pktio.Port
	Delay   time.Duration
	C       Counters
}

// Run carries frames until ctx ends or In fails; it closes In on return.
func (d *Direction) Run(ctx context.Context) {
	q := make(chan frame, MaxQueued)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); d.write(q) }()
	go func() { <-ctx.Done(); _ = d.In.Close() }()
	buf := make([]byte, 65536)
	for {
		n, err := d.In.Read(buf)
		if err != nil {
			break
		}
		f := frame{due: time.Now().Add(d.Delay), data: append([]byte(nil), buf[:n]...)}
		select {
		case q <- f:
		default:
			d.C.Dropped.Add(1)
		}
	}
	close(q)
	wg.Wait()
}

// write sends each frame at its due time (a constant delay keeps the queue
// in due order).
func (d *Direction) write(q <-chan frame) {
	for f := range q {
		if w := time.Until(f.due); w > 0 {
			time.Sleep(w)
		}
		if err := d.Out.Write(f.data); err != nil {
			d.C.WriteErrors.Add(1)
			continue
		}
		d.C.Frames.Add(1)
	}
}
