package enbsim

import (
	"os"
	"strconv"
	"testing"
)

// With a window-limited source, the fixed 50 % split leaves half the window
// behind the slower link, while the shared buffer lets whichever link the
// Max C/I cluster picks take the next packet: per scenario (same channels)
// the shared buffer delivers at least what the fixed split delivers, and
// more where the two links differ.
func TestSharedBufferDemuxBeatsFixedShare(t *testing.T) {
	n, ttis := 20, 5000
	if v, err := strconv.Atoi(os.Getenv("MPSDN_DEMUX_SCENARIOS")); err == nil && v > 0 {
		n, ttis = v, 20000
	}
	ss, err := RunDemux(7, n, ttis)
	if err != nil {
		t.Fatal(err)
	}
	better := 0
	for i, s := range ss {
		if s.SharedBps < s.FixedBps*0.99 {
			t.Errorf("scenario %d: shared %.1f Mbit/s below fixed %.1f", i, s.SharedBps/1e6, s.FixedBps/1e6)
		}
		if s.SharedBps > s.FixedBps*1.05 {
			better++
		}
	}
	if better == 0 {
		t.Errorf("shared buffer never better than the fixed split by > 5 %%")
	}
	fixed := make([]float64, len(ss))
	shared := make([]float64, len(ss))
	var fixedGaps, sharedGaps uint64
	for i, s := range ss {
		fixed[i], shared[i] = s.FixedBps, s.SharedBps
		fixedGaps += s.FixedGapSkips
		sharedGaps += s.SharedGaps
	}
	t.Logf("%d scenarios x %d TTIs: shared > fixed by >5%% in %d; bottom-10%% %.1f vs %.1f Mbit/s; "+
		"median %.1f vs %.1f Mbit/s; gap skips %d vs %d", n, ttis, better,
		Quantile(shared, 0.1)/1e6, Quantile(fixed, 0.1)/1e6, Quantile(shared, 0.5)/1e6, Quantile(fixed, 0.5)/1e6,
		sharedGaps, fixedGaps)
}
