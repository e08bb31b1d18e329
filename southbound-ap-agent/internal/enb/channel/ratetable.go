package channel

// cqiEfficiency is the spectral efficiency (bit/symbol) of CQI indices 1..15,
// 3GPP TS 36.213 Table 7.2.3-1 (4-bit CQI table).
var cqiEfficiency = [15]float64{
	0.1523, 0.2344, 0.3770, 0.6016, 0.8770, 1.1758, 1.4766,
	1.9141, 2.4063, 2.7305, 3.3223, 3.9023, 4.5234, 5.1152, 5.5547,
}

// PaperPeakBps is the LTE peak rate of the paper's emulator (75 Mbit/s).
const PaperPeakBps = 75e6

// RateTable is an ascending list of LTE transmission rates in bit/s.
type RateTable []float64

// LTERateTable returns the 15 CQI rates scaled so that CQI 15 gives peakBps.
func LTERateTable(peakBps float64) RateTable {
	t := make(RateTable, len(cqiEfficiency))
	for i, e := range cqiEfficiency {
		t[i] = peakBps * e / cqiEfficiency[len(cqiEfficiency)-1]
	}
	return t
}

// Halves splits the table into the Bad (lower) and Good (upper) halves. With
// an odd length the middle entry goes to the Good half (CQI 8..15 for the
// 15-entry table), so both halves are non-empty for len >= 2.
func (t RateTable) Halves() (bad, good []float64) {
	n := len(t) / 2
	return t[:n], t[n:]
}
