package cell

// ClockStats counts how the wall clock drove the cell: TTIs stepped late (in a
// catch-up after the process was descheduled), TTIs skipped (lost time beyond
// the catch-up bound), and TTIs with no backlog at all, on time and late. A
// late TTI with no backlog may be capacity lost to the emulation: frames that
// arrived during the stall were not read yet.
type ClockStats struct {
	LateTTIs     uint64 `json:"late_ttis"`
	SkippedTTIs  uint64 `json:"skipped_ttis"`
	IdleTTIs     uint64 `json:"idle_ttis"`
	LateIdleTTIs uint64 `json:"late_idle_ttis"`
}

// count counts one stepped TTI.
func (s *ClockStats) count(late, idle bool) {
	if late {
		s.LateTTIs++
	}
	if idle {
		s.IdleTTIs++
		if late {
			s.LateIdleTTIs++
		}
	}
}

func idle(backlog []float64) bool {
	for _, b := range backlog {
		if b > 0 {
			return false
		}
	}
	return true
}

// NoteSkipped counts TTIs of wall-clock time the cell never stepped.
func (c *Cell) NoteSkipped(n uint64) {
	c.mu.Lock()
	c.clock.SkippedTTIs += n
	c.mu.Unlock()
}
