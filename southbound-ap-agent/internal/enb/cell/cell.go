package cell

import (
	"fmt"
	"net/netip"
	"sync"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/mux"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

// TTI is the scheduling interval.
const TTI = time.Millisecond

type item struct {
	data      []byte
	remaining float64 // bits still to transmit
	split     *splitState
	seq       uint64
	second    bool
	arrival   uint64 // enqueue order, to serve own and shared frames FIFO
}

type ue struct {
	id         string
	ips        []netip.Addr
	ch         channel.Model
	limit      int
	q          []item
	backlogB   float64 // bits
	backlogBy  int64   // bytes
	rate       float64
	served     uint64 // bytes delivered
	servedTTI  float64
	enq        uint64
	drops      uint64
	lastActive uint64 // TTI of the last enqueue or service
}

// Delivery is a frame leaving the cell towards a UE.
type Delivery struct {
	UE   int
	Data []byte
}

// Cell is the eNB downlink. Its methods are safe for concurrent use.
type Cell struct {
	mu       sync.Mutex
	enbID    string
	peak     float64
	ues      []*ue
	byIP     map[netip.Addr]int
	sched    *sched.Scheduler
	splits   []*splitState
	retired  []*splitState
	splitCfg SplitConfig
	tti      uint64
	arrivals uint64
	unknown  uint64
	rates    []float64
	backlog  []float64
	clock    ClockStats
}

// New builds a cell.
func New(cfg Config) (*Cell, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	ids := make([]string, len(cfg.UEs))
	for i, u := range cfg.UEs {
		ids[i] = u.ID
	}
	s, err := sched.New(ids)
	if err != nil {
		return nil, fmt.Errorf("ues: %w", err)
	}
	c := &Cell{enbID: cfg.ENBID, peak: cfg.PeakRateBps, byIP: map[netip.Addr]int{}, sched: s,
		rates: make([]float64, len(ids)), backlog: make([]float64, len(ids))}
	for i, u := range cfg.UEs {
		lim := u.QueueLimit
		if lim == 0 {
			lim = DefaultQueueLimit
		}
		c.ues = append(c.ues, &ue{id: u.ID, ips: append([]netip.Addr(nil), u.IPs...), ch: u.Channel, limit: lim})
		for _, ip := range u.IPs {
			c.byIP[ip] = i
		}
	}
	return c, nil
}

// ENBID returns the eNB identifier.
func (c *Cell) ENBID() string { return c.enbID }

// UEIDs returns the UE identifiers in index order.
func (c *Cell) UEIDs() []string { return c.sched.UEs() }

// Policy returns the installed scheduling policy.
func (c *Cell) Policy() sched.Policy {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sched.Policy()
}

// SetPolicy validates and installs a scheduling policy.
func (c *Cell) SetPolicy(p sched.Policy) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sched.SetPolicy(p)
}

// Splits returns the installed split configuration.
func (c *Cell) Splits() SplitConfig {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.splitCfg
}

// SetSplits validates and installs a split configuration, replacing the
// previous one. Packets of replaced splits still in the cell are delivered
// without holding.
func (c *Cell) SetSplits(cfg SplitConfig) error {
	ids := c.sched.UEs()
	if err := ValidateSplits(cfg, ids, "config"); err != nil {
		return err
	}
	index := map[string]int{}
	for i, u := range ids {
		index[u] = i
	}
	var states []*splitState
	for _, s := range cfg.Splits {
		d, err := mux.NewDemux(s.LTEFraction)
		if err != nil {
			return err
		}
		states = append(states, &splitState{spec: s, target: index[s.TargetUE], second: index[s.SecondUE],
			demux: d, reorder: mux.NewReorder[[]byte](s.Hold, maxHeldPackets)})
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range states {
		st.sharedLimit = c.ues[st.target].limit
	}
	for _, old := range c.splits {
		old.retired = true
		c.retired = append(c.retired, old)
		// Frames still in a shared buffer go on the target's own queue
		// (delivered without holding, like the rest of a replaced split).
		for _, it := range old.shared {
			c.ues[old.target].q = append(c.ues[old.target].q, it)
			c.ues[old.target].backlogB += it.remaining
			c.ues[old.target].backlogBy += int64(len(it.data))
		}
		old.shared, old.sharedBits, old.sharedBytes = nil, 0, 0
	}
	c.splits = states
	c.splitCfg = SplitConfig{Version: cfg.Version, Splits: append([]SplitSpec(nil), cfg.Splits...)}
	return nil
}

// UEForIP returns the index of the UE owning ip.
func (c *Cell) UEForIP(ip netip.Addr) (int, bool) {
	i, ok := c.byIP[ip]
	return i, ok
}

// Enqueue queues a downlink frame classified as f. It returns false when no
// UE owns f.Dst (the caller decides what to do with the frame). A frame that
// finds its queue full is dropped and counted.
func (c *Cell) Enqueue(frame []byte, f packet.Flow) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.splits {
		if s.spec.matches(f) && s.spec.SharedBuffer {
			if len(s.shared) >= s.sharedLimit {
				s.sharedDrops++
				c.ues[s.target].drops++
				return true
			}
			c.arrivals++
			it := item{data: frame, split: s, seq: s.nextSeq, arrival: c.arrivals,
				remaining: float64(len(frame)) * 8}
			s.nextSeq++
			s.shared = append(s.shared, it)
			s.sharedBits += it.remaining
			s.sharedBytes += int64(len(frame))
			c.ues[s.target].enq++
			c.ues[s.target].lastActive = c.tti
			return true
		}
		if s.spec.matches(f) {
			path, seq := s.demux.Next()
			u, second := s.target, false
			if path == mux.PathSecond {
				u, second = s.second, true
				s.sentSecond++
			} else {
				s.sentLTE++
			}
			c.push(u, item{data: frame, split: s, seq: seq, second: second})
			return true
		}
	}
	u, ok := c.byIP[f.Dst]
	if !ok {
		c.unknown++
		return false
	}
	c.push(u, item{data: frame})
	return true
}

func (c *Cell) push(i int, it item) {
	u := c.ues[i]
	if len(u.q) >= u.limit {
		u.drops++
		return
	}
	it.remaining = float64(len(it.data)) * 8
	c.arrivals++
	it.arrival = c.arrivals
	u.q = append(u.q, it)
	u.backlogB += it.remaining
	u.backlogBy += int64(len(it.data))
	u.enq++
	u.lastActive = c.tti
}

// Step runs one TTI and returns the frames that leave the cell in it.
func (c *Cell) Step() []Delivery { return c.StepLate(false) }

// StepLate is Step for a TTI the wall clock drives on time (late false) or in a
// catch-up (late true); it only differs in what ClockStats counts.
func (c *Cell) StepLate(late bool) []Delivery {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tti++
	now := time.Duration(c.tti) * TTI
	for i, u := range c.ues {
		u.rate = u.ch.Next()
		c.rates[i] = u.rate
		c.backlog[i] = u.backlogB
	}
	for _, s := range c.splits {
		if s.sharedBits > 0 {
			c.backlog[s.target] += s.sharedBits
			c.backlog[s.second] += s.sharedBits
		}
	}
	c.clock.count(late, idle(c.backlog))
	var out []Delivery
	for _, g := range c.sched.Schedule(c.rates, c.backlog) {
		out = c.transmit(g, now, out)
	}
	for _, s := range c.splits {
		out = c.advance(s, now, out)
	}
	kept := c.retired[:0]
	for _, s := range c.retired {
		out = c.advance(s, now, out)
		if len(s.delayed) > 0 || s.reorder.Held() > 0 {
			kept = append(kept, s)
		}
	}
	c.retired = kept
	return out
}

func (c *Cell) transmit(g sched.Grant, now time.Duration, out []Delivery) []Delivery {
	u := c.ues[g.UE]
	u.lastActive = c.tti
	if u.rate > 0 {
		u.servedTTI += g.Bits / (u.rate * sched.TTISeconds)
	}
	bits := g.Bits
	for bits > 1e-9 {
		// Head of line: the earliest arrival among the UE's own queue and
		// the shared buffers it takes part in.
		var sh *splitState
		for _, s := range c.splits {
			if len(s.shared) > 0 && (s.target == g.UE || s.second == g.UE) &&
				(sh == nil || s.shared[0].arrival < sh.shared[0].arrival) {
				sh = s
			}
		}
		if sh != nil && (len(u.q) == 0 || sh.shared[0].arrival < u.q[0].arrival) {
			bits, out = c.transmitShared(sh, g.UE, bits, now, out)
			continue
		}
		if len(u.q) == 0 {
			break
		}
		h := &u.q[0]
		if h.remaining > bits+1e-9 {
			h.remaining -= bits
			u.backlogB -= bits
			break
		}
		bits -= h.remaining
		u.backlogB -= h.remaining
		u.backlogBy -= int64(len(h.data))
		u.served += uint64(len(h.data))
		it := *h
		u.q[0] = item{}
		u.q = u.q[1:]
		out = c.deliver(g.UE, it, now, out)
	}
	if len(u.q) == 0 {
		u.backlogB, u.backlogBy = 0, 0
		u.q = nil
	}
	return out
}

// transmitShared sends up to bits of the head of a shared buffer over link
// ueIdx. A frame partly sent keeps its progress: whichever link finishes it
// carries it (the model's block granularity, see the package doc).
func (c *Cell) transmitShared(s *splitState, ueIdx int, bits float64, now time.Duration,
	out []Delivery) (float64, []Delivery) {
	h := &s.shared[0]
	if h.remaining > bits+1e-9 {
		h.remaining -= bits
		s.sharedBits -= bits
		return 0, out
	}
	bits -= h.remaining
	s.sharedBits -= h.remaining
	s.sharedBytes -= int64(len(h.data))
	it := *h
	s.shared[0] = item{}
	s.shared = s.shared[1:]
	if len(s.shared) == 0 {
		s.shared, s.sharedBits, s.sharedBytes = nil, 0, 0
	}
	c.ues[ueIdx].served += uint64(len(it.data))
	it.second = ueIdx == s.second
	if it.second {
		s.sentSecond++
	} else {
		s.sentLTE++
	}
	return bits, c.deliver(ueIdx, it, now, out)
}

func (c *Cell) deliver(ueIdx int, it item, now time.Duration, out []Delivery) []Delivery {
	s := it.split
	if s == nil {
		return append(out, Delivery{UE: ueIdx, Data: it.data})
	}
	if it.second && s.spec.SecondPathDelay > 0 {
		s.delayed = append(s.delayed, inflight{at: now + s.spec.SecondPathDelay, seq: it.seq, data: it.data})
		return out
	}
	return c.toMux(s, it.seq, it.data, now, out)
}

func (c *Cell) toMux(s *splitState, seq uint64, data []byte, now time.Duration, out []Delivery) []Delivery {
	if s.retired {
		return append(out, Delivery{UE: s.target, Data: data})
	}
	var frames [][]byte
	frames = s.reorder.Push(seq, data, now, frames)
	for _, f := range frames {
		out = append(out, Delivery{UE: s.target, Data: f})
	}
	return out
}

func (c *Cell) advance(s *splitState, now time.Duration, out []Delivery) []Delivery {
	k := 0
	for k < len(s.delayed) && s.delayed[k].at <= now {
		out = c.toMux(s, s.delayed[k].seq, s.delayed[k].data, now, out)
		k++
	}
	if k > 0 {
		s.delayed = append(s.delayed[:0], s.delayed[k:]...)
	}
	var frames [][]byte
	if s.retired {
		// Flush what a replaced split still holds.
		for s.reorder.Held() > 0 {
			frames = s.reorder.Expire(time.Duration(1<<62), frames)
		}
	} else {
		frames = s.reorder.Expire(now, frames)
	}
	for _, f := range frames {
		out = append(out, Delivery{UE: s.target, Data: f})
	}
	return out
}
