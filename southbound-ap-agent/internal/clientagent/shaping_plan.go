package clientagent

// Shaping modes.
const (
	// ModeMeasured leaves the heaviest path unshaped and shapes every other
	// weighted path to refRate * w / wmax, where refRate is the measured
	// delivered rate of the heaviest path: the paper's semantics ("LTE weight
	// x% of the Wi-Fi weight: LTE sends x% of what Wi-Fi sends"), with the
	// aggregate following what the network actually delivers.
	ModeMeasured = "measured"
	// ModeStatic shapes every weighted path to aggregate * w / sum(w) for a
	// configured aggregate rate.
	ModeStatic = "static"
)

// MinRateBps is the lowest rate a shaped path gets (tbf needs a positive rate;
// a path with a positive weight keeps a trickle even when the reference is idle).
const MinRateBps = 64_000

// PathAction says what to do with one path.
type PathAction struct {
	PathID  string
	Backup  bool   // weight 0: MPTCP backup flag, no shaping
	RateBps uint64 // 0: unshaped
}

// Plan turns weights into per-path actions. In ModeMeasured, rate is the
// measured delivered rate of the reference (heaviest; first on ties) path;
// in ModeStatic it is the aggregate. It also returns the reference path id
// (ModeMeasured) or "".
func Plan(mode string, weights []Weight, rate uint64) ([]PathAction, string) {
	var wmax, sum uint64
	ref := ""
	for _, w := range weights {
		sum += uint64(w.Value)
		if uint64(w.Value) > wmax {
			wmax, ref = uint64(w.Value), w.PathID
		}
	}
	out := make([]PathAction, 0, len(weights))
	for _, w := range weights {
		a := PathAction{PathID: w.PathID}
		switch {
		case w.Value == 0:
			a.Backup = true
		case mode == ModeStatic:
			a.RateBps = max(MinRateBps, rate*uint64(w.Value)/sum)
		case w.PathID == ref:
			// unshaped: its bottleneck is the network
		default:
			a.RateBps = max(MinRateBps, rate*uint64(w.Value)/wmax)
		}
		out = append(out, a)
	}
	if mode == ModeStatic {
		ref = ""
	}
	return out, ref
}
