package clientagent

import "maps"

// The share correction (ShapingConfig.ShareCorrection, ModeMeasured only).
//
// A slow path does not always fill its shaped rate (the kernel scheduler hands
// it data in bursts, and the connection stalls on the receive window while
// the slow path holds data back), so its delivered share ends below
// w / sum(w). A feedback loop corrects that: every ControlInterval the
// delivered ratio of each shaped path to the reference path is compared with
// w / w_max and the path's correction factor (which multiplies its shaped
// rate) moves by correctionGain of the relative error, at most
// correctionStepMax per interval, within [correctionMin, correctionMax]. A
// path that uses less than correctionUse of its shaped rate (idle, or limited
// by its own network) is not corrected, so the factor does not wind up. A new
// weight starts a path's correction afresh.

// Share correction bounds (ModeMeasured).
const (
	correctionGain    = 0.5  // fraction of the relative share error corrected per control interval
	correctionStepMax = 0.15 // largest relative change of the correction per interval
	correctionMin     = 0.5  // bounds of the correction factor
	correctionMax     = 2.0
	correctionUse     = 0.7 // a path is corrected only while it uses this much of its shaped rate
)

// resetCorrections forgets the correction of every path whose weight changes:
// the correction belongs to a path's rate regime.
func (s *Shaping) resetCorrections(weights []Weight) {
	for _, w := range weights {
		if prev, ok := s.weightOf(w.PathID); !ok || prev != w.Value {
			delete(s.corr, w.PathID)
		}
	}
}

// accumulate adds a snapshot's delivered bits and the bits each path's shaped
// rate allowed over its interval, and corrects once a control interval is full.
func (s *Shaping) accumulate(snap Snapshot, ref string) {
	dt := snap.Interval
	for _, w := range s.weights {
		s.accBits[w.PathID] += snap.DeliveredBits[w.PathID]
		s.accCap[w.PathID] += float64(s.rate[s.paths[w.PathID].Interface]) * dt.Seconds()
	}
	s.accTime += dt
	if s.accTime >= s.cfg.ControlInterval && s.cfg.ShareCorrection {
		s.correct(ref)
	}
}

// correct updates the share correction factors from the interval's totals.
func (s *Shaping) correct(ref string) {
	var wmax float64
	for _, w := range s.weights {
		wmax = max(wmax, float64(w.Value))
	}
	refBits := s.accBits[ref]
	for _, w := range s.weights {
		id := w.PathID
		if id == ref || w.Value == 0 || refBits <= 0 || s.accCap[id] <= 0 || s.accBits[id] < correctionUse*s.accCap[id] {
			continue
		}
		target := float64(w.Value) / wmax
		got := s.accBits[id] / refBits
		step := min(1+correctionStepMax, max(1-correctionStepMax, 1+correctionGain*(target-got)/target))
		s.corr[id] = min(correctionMax, max(correctionMin, s.factor(id)*step))
	}
	clear(s.accBits)
	clear(s.accCap)
	s.accTime = 0
}

func (s *Shaping) weightOf(id string) (uint32, bool) {
	for _, w := range s.weights {
		if w.PathID == id {
			return w.Value, true
		}
	}
	return 0, false
}

func (s *Shaping) factor(id string) float64 {
	if f, ok := s.corr[id]; ok {
		return f
	}
	return 1
}

// Corrections returns the share correction factor per path.
func (s *Shaping) Corrections() map[string]float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.corr)
}
