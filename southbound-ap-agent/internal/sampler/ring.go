package sampler

import (
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// point is one direction's reading of one sampling round: the queue and the
// per-station queues of that direction.
type point struct {
	t        time.Time
	ratio    float64
	s        collector.QueueSample
	stations []stationPoint
}

// stationPoint is one station queue's reading; key is unique within a point.
type stationPoint struct {
	key   string
	ratio float64
	s     collector.StationQueueSample
}

// ring holds a direction's newest points, sized for the longest window.
type ring struct {
	buf  []point
	head int // next write
	n    int
}

func (r *ring) push(p point) {
	r.buf[r.head] = p
	r.head = (r.head + 1) % len(r.buf)
	if r.n < len(r.buf) {
		r.n++
	}
}

// at returns the i-th newest point (0 = newest).
func (r *ring) at(i int) point {
	return r.buf[(r.head-1-i+2*len(r.buf))%len(r.buf)]
}

// counterDelta is the increase of a cumulative counter from base to newest;
// a counter that went backwards was reset, and counts from zero.
func counterDelta(base, newest uint64) uint64 {
	if newest >= base {
		return newest - base
	}
	return newest
}
