package pktio

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
)

// Counters of the bridge.
type Counters struct {
	Scheduled, Flooded, Uplink, Malformed, WriteErrors atomic.Uint64
}

// Bridge connects the ports to a cell.
type Bridge struct {
	Cell   *cell.Cell
	Uplink *Port
	UEs    []*Port // index = cell UE index
	Log    *slog.Logger
	C      Counters
}

// Run reads all ports and drives the cell every TTI until ctx ends.
func (b *Bridge) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); b.readUplink() }()
	for _, p := range b.UEs {
		wg.Add(1)
		go func(p *Port) { defer wg.Done(); b.readUE(p) }(p)
	}
	RunTicker(ctx, b.Cell, func(ds []cell.Delivery) {
		for _, d := range ds {
			if err := b.UEs[d.UE].Write(d.Data); err != nil {
				b.C.WriteErrors.Add(1)
			}
		}
	})
	_ = b.Uplink.Close()
	for _, p := range b.UEs {
		_ = p.Close()
	}
	wg.Wait()
	_ = b.Uplink.release()
	for _, p := range b.UEs {
		_ = p.release()
	}
	return ctx.Err()
}

func (b *Bridge) readUplink() {
	buf := make([]byte, 65536)
	for {
		n, err := b.Uplink.Read(buf)
		if err != nil {
			return
		}
		frame := append([]byte(nil), buf[:n]...)
		f, perr := packet.Parse(frame)
		if perr == nil && b.Cell.Enqueue(frame, f) {
			b.C.Scheduled.Add(1)
			continue
		}
		if perr != nil && perr != packet.ErrNotIP {
			b.C.Malformed.Add(1)
		}
		b.C.Flooded.Add(1)
		for _, p := range b.UEs {
			if err := p.Write(frame); err != nil {
				b.C.WriteErrors.Add(1)
			}
		}
	}
}

func (b *Bridge) readUE(p *Port) {
	buf := make([]byte, 65536)
	for {
		n, err := p.Read(buf)
		if err != nil {
			return
		}
		b.C.Uplink.Add(1)
		if err := b.Uplink.Write(buf[:n]); err != nil {
			b.C.WriteErrors.Add(1)
		}
	}
}

// maxCatchUp bounds the TTIs run at once after the process was descheduled.
const maxCatchUp = 50

// RunTicker steps c once per elapsed TTI of wall-clock time until ctx ends,
// passing each TTI's deliveries to out. When it falls more than maxCatchUp
// TTIs behind it skips the lost time instead of bursting.
func RunTicker(ctx context.Context, c *cell.Cell, out func([]cell.Delivery)) {
	t := time.NewTicker(cell.TTI)
	defer t.Stop()
	start := time.Now()
	var done int64
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			due := int64(now.Sub(start) / cell.TTI)
			if due-done > maxCatchUp {
				c.NoteSkipped(uint64(due - maxCatchUp - done))
				done = due - maxCatchUp
			}
			for ; done < due; done++ {
				if ds := c.StepLate(done < due-1); len(ds) > 0 {
					out(ds)
				}
			}
		}
	}
}
