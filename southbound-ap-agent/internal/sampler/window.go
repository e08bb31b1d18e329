package sampler

import (
	"errors"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// Mode chooses how a poll's window starts.
type Mode int

const (
	// SinceLastPoll windows start at the previous SinceLastPoll poll (at most
	// the asked maximum back), and each such poll starts the next window.
	SinceLastPoll Mode = iota
	// Sliding windows are the asked length before the poll, whatever other
	// polls did; they do not move the start of the next SinceLastPoll window.
	Sliding
)

// QueueWindow is the averaged state of one direction over a window.
type QueueWindow struct {
	Direction collector.Direction
	// Ratio is the mean occupancy over Count samples.
	Ratio float64
	Count uint32
	// Last is the newest sample in the window.
	Last collector.QueueSample
	// Drops is the drop-counter increase over the window.
	Drops uint64
	// Stations are the direction's per-station queues over the same window.
	Stations []StationWindow
}

// Window is the result of one poll.
type Window struct {
	Mode Mode
	// Start is the window's start (or the oldest sample averaged, if older);
	// End is the time of the poll.
	Start, End time.Time
	// Newest is when the newest sample averaged was taken (≤ End).
	Newest      time.Time
	Queues      []QueueWindow
	CapacityBps uint64
}

// Window averages the samples since the previous SinceLastPoll poll (at most
// maxWindow back; 0 means the configured maximum) and starts a new window.
// It fails when the sources are unhealthy.
func (s *Sampler) Window(maxWindow time.Duration) (Window, error) {
	return s.poll(maxWindow, SinceLastPoll)
}

// SlidingWindow averages the samples of the last length before the call (0
// or more than the configured maximum: the maximum), independent of other
// polls. It fails when the sources are unhealthy.
func (s *Sampler) SlidingWindow(length time.Duration) (Window, error) {
	return s.poll(length, Sliding)
}

func (s *Sampler) poll(length time.Duration, mode Mode) (Window, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if err := s.healthLocked(now); err != nil {
		return Window{}, err
	}
	if length <= 0 || length > s.cfg.MaxWindow {
		length = s.cfg.MaxWindow
	}
	start := now.Add(-length)
	if mode == SinceLastPoll && s.lastPoll.After(start) {
		start = s.lastPoll
	}
	w := Window{Mode: mode, Start: start, End: now, CapacityBps: s.capacity}
	for _, d := range s.dirs {
		r := s.rings[d]
		if r.n == 0 {
			continue
		}
		q, oldest := directionWindow(r, start)
		q.Direction = d
		w.Start = minTime(w.Start, oldest)
		if t := r.at(0).t; t.After(w.Newest) {
			w.Newest = t
		}
		w.Queues = append(w.Queues, q)
	}
	if len(w.Queues) == 0 {
		return Window{}, errors.New("no queue samples yet")
	}
	if mode == SinceLastPoll {
		s.lastPoll = now
	}
	return w, nil
}

// directionWindow averages the points of r taken after start (the newest
// one if none is) and returns the window and its oldest point's time.
func directionWindow(r *ring, start time.Time) (QueueWindow, time.Time) {
	var sum float64
	n := 0
	for ; n < r.n; n++ {
		p := r.at(n)
		if !p.t.After(start) {
			break
		}
		sum += p.ratio
	}
	newest := r.at(0)
	if n == 0 {
		// Polled again before a new sample: report the newest one.
		sum, n = newest.ratio, 1
	}
	var drops uint64
	if n < r.n { // a sample before the window is the baseline
		drops = counterDelta(r.at(n).s.Drops, newest.s.Drops)
	} else if oldest := r.at(r.n - 1).s.Drops; newest.s.Drops >= oldest {
		drops = newest.s.Drops - oldest
	}
	return QueueWindow{Ratio: sum / float64(n), Count: uint32(n), Last: newest.s, Drops: drops,
		Stations: stationWindows(r, n)}, r.at(n - 1).t
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
