package sampler

import (
	"fmt"
	"sort"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// StationWindow is one station queue averaged over a window.
type StationWindow struct {
	// Last is the station queue's newest sample in the window.
	Last collector.StationQueueSample
	// Ratio is the mean occupancy over the Count samples of this queue in the
	// window (fewer than the direction's when the station appeared in it).
	Ratio float64
	Count uint32
	// Empty is how many of the Count samples found the queue empty (no
	// packet and no byte): a served queue empties between its service turns,
	// a station short of airtime keeps a standing backlog.
	Empty uint32
	// Drops and SentBytes are the counters' increases over the window, from
	// the sample before the window (or the queue's oldest one in it).
	Drops     uint64
	SentBytes uint64
}

// stationWindows averages the station queues of the newest inWindow points
// of r; the point after them, if any, is the counters' baseline. The result
// is ordered by source and queue id.
func stationWindows(r *ring, inWindow int) []StationWindow {
	type acc struct {
		w      StationWindow
		sum    float64
		oldest collector.StationQueueSample
	}
	accs := map[string]*acc{}
	for i := 0; i < inWindow; i++ {
		for _, sp := range r.at(i).stations {
			a := accs[sp.key]
			if a == nil {
				a = &acc{w: StationWindow{Last: sp.s}}
				accs[sp.key] = a
			}
			a.sum += sp.ratio
			a.w.Count++
			if sp.s.BacklogPackets == 0 && sp.s.BacklogBytes == 0 {
				a.w.Empty++
			}
			a.oldest = sp.s
		}
	}
	if len(accs) == 0 {
		return nil
	}
	base := map[string]collector.StationQueueSample{}
	if inWindow < r.n {
		for _, sp := range r.at(inWindow).stations {
			base[sp.key] = sp.s
		}
	}
	keys := make([]string, 0, len(accs))
	for k := range accs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]StationWindow, 0, len(keys))
	for _, k := range keys {
		a := accs[k]
		b, ok := base[k]
		if !ok {
			b = a.oldest
		}
		a.w.Ratio = a.sum / float64(a.w.Count)
		a.w.Drops = counterDelta(b.Drops, a.w.Last.Drops)
		a.w.SentBytes = counterDelta(b.SentBytes, a.w.Last.SentBytes)
		out = append(out, a.w)
	}
	return out
}

// stationPoints turns one reading's station queues of direction d into
// points; a queue that repeats a key of the same reading is ignored.
func stationPoints(qs []collector.StationQueueSample, d collector.Direction) ([]stationPoint, error) {
	var out []stationPoint
	seen := map[string]bool{}
	for _, q := range qs {
		if q.Direction != d {
			continue
		}
		key := q.Source + "\x00" + q.QueueID
		if seen[key] {
			continue
		}
		seen[key] = true
		ratio, err := q.Ratio()
		if err != nil {
			return nil, fmt.Errorf("station queue %s: %w", q.QueueID, err)
		}
		out = append(out, stationPoint{key: key, ratio: ratio, s: q})
	}
	return out, nil
}
