package mux

import (
	"sort"
	"time"
)

// Stats counts what the mux did.
type Stats struct {
	InOrder    uint64 // delivered with the expected sequence number on arrival
	Released   uint64 // delivered from the hold buffer once the gap filled or expired
	GapSkips   uint64 // times the hold time expired and missing packets were given up
	Late       uint64 // arrived after their gap was skipped (delivered at once)
	Duplicates uint64 // sequence numbers already held (dropped)
	Overflows  uint64 // gaps skipped because the hold buffer was full
}

type held[T any] struct {
	seq     uint64
	arrival time.Duration
	v       T
}

// Reorder is the in-order mux of one split flow.
type Reorder[T any] struct {
	hold    time.Duration
	maxHeld int
	next    uint64
	buf     []held[T] // sorted by seq
	stats   Stats
}

// NewReorder returns a mux holding out-of-order packets for at most hold
// (0: never hold) and at most maxHeld packets (>= 1).
func NewReorder[T any](hold time.Duration, maxHeld int) *Reorder[T] {
	if maxHeld < 1 {
		maxHeld = 1
	}
	return &Reorder[T]{hold: hold, maxHeld: maxHeld}
}

// Stats returns the counters.
func (r *Reorder[T]) Stats() Stats { return r.stats }

// Held returns the number of packets in the hold buffer.
func (r *Reorder[T]) Held() int { return len(r.buf) }

// Push accepts packet seq arriving at now and appends what can be delivered
// to out, in delivery order.
func (r *Reorder[T]) Push(seq uint64, v T, now time.Duration, out []T) []T {
	switch {
	case seq == r.next:
		r.stats.InOrder++
		out = append(out, v)
		r.next++
		return r.drain(out)
	case seq < r.next:
		r.stats.Late++
		return append(out, v)
	case r.hold <= 0:
		// No holding: deliver out of order and move on.
		r.stats.InOrder++
		r.next = seq + 1
		return append(out, v)
	}
	i := sort.Search(len(r.buf), func(k int) bool { return r.buf[k].seq >= seq })
	if i < len(r.buf) && r.buf[i].seq == seq {
		r.stats.Duplicates++
		return out
	}
	r.buf = append(r.buf, held[T]{})
	copy(r.buf[i+1:], r.buf[i:])
	r.buf[i] = held[T]{seq: seq, arrival: now, v: v}
	if len(r.buf) > r.maxHeld {
		r.stats.Overflows++
		out = r.skip(out)
	}
	return out
}

// Expire delivers what the hold time releases at now.
func (r *Reorder[T]) Expire(now time.Duration, out []T) []T {
	for len(r.buf) > 0 {
		d, _ := r.NextDeadline()
		if now < d {
			break
		}
		r.stats.GapSkips++
		out = r.skip(out)
	}
	return out
}

// NextDeadline returns when the oldest held packet's hold time runs out.
func (r *Reorder[T]) NextDeadline() (time.Duration, bool) {
	if len(r.buf) == 0 {
		return 0, false
	}
	oldest := r.buf[0].arrival
	for _, h := range r.buf[1:] {
		if h.arrival < oldest {
			oldest = h.arrival
		}
	}
	return oldest + r.hold, true
}

// skip gives up the gap before the lowest held packet and drains.
func (r *Reorder[T]) skip(out []T) []T {
	r.next = r.buf[0].seq
	return r.drain(out)
}

func (r *Reorder[T]) drain(out []T) []T {
	k := 0
	for k < len(r.buf) && r.buf[k].seq == r.next {
		out = append(out, r.buf[k].v)
		r.stats.Released++
		r.next++
		k++
	}
	if k > 0 {
		var zero held[T]
		n := copy(r.buf, r.buf[k:])
		for j := n; j < len(r.buf); j++ {
			r.buf[j] = zero
		}
		r.buf = r.buf[:n]
	}
	return out
}
