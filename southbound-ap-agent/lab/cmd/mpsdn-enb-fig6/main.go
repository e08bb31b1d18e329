// Command mpsdn-enb-fig6 runs the Markov-channel experiment of Gasparis et
// al. (Fig. 6) with the reference eNB's scheduler (see lab/internal/enbsim) and
// prints a Markdown report: CDF points of the target's throughput for the
// single flow, PFS and Max C/I intra-cluster cases, and the bottom-10 %,
// bottom-30 % and median gains next to the paper's numbers. With -csv it
// also writes one line per scenario.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/lab/internal/enbsim"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	n := flag.Int("scenarios", 100, "number of random (p, q) scenarios")
	ttis := flag.Int("ttis", 300000, "TTIs (ms) per session; the paper ran 5 min sessions")
	csv := flag.String("csv", "", "write per-scenario results to this file")
	flag.Parse()
	ss, err := enbsim.Run(*seed, *n, *ttis)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *csv != "" {
		f, err := os.Create(*csv)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintln(f, "scenario,p_host,q_host,p_relay,q_relay,single_mbps,pfs_mbps,maxci_mbps")
		for i, s := range ss {
			fmt.Fprintf(f, "%d,%.4f,%.4f,%.4f,%.4f,%.3f,%.3f,%.3f\n", i, s.PHost, s.QHost, s.PRelay, s.QRelay,
				s.SingleBps/1e6, s.PFSBps/1e6, s.MaxCIBps/1e6)
		}
		f.Close()
	}
	single, pfs, maxci := enbsim.Column(ss, enbsim.Single), enbsim.Column(ss, enbsim.PFS), enbsim.Column(ss, enbsim.MaxCI)
	fmt.Printf("# Fig. 6 (Markov channels) with the reference eNB scheduler\n\n")
	fmt.Printf("seed %d, %d scenarios, %d TTIs (%.0f s) per session, LTE peak 75 Mbit/s, full buffers, no TCP.\n\n",
		*seed, *n, *ttis, float64(*ttis)/1000)
	fmt.Printf("| CDF point | single flow (Mbit/s) | PFS (Mbit/s) | Max C/I intra-cluster (Mbit/s) |\n|---|---|---|---|\n")
	for _, q := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		fmt.Printf("| %.0f %% | %.2f | %.2f | %.2f |\n", q*100, enbsim.Quantile(single, q)/1e6,
			enbsim.Quantile(pfs, q)/1e6, enbsim.Quantile(maxci, q)/1e6)
	}
	below := 0
	for i := range ss {
		if pfs[i] < single[i] {
			below++
		}
	}
	g := func(a, b []float64, q float64) float64 { return enbsim.Quantile(a, q) / enbsim.Quantile(b, q) }
	fmt.Printf("\n| gain | this simulation | paper (demuxed TCP, Fig. 6) |\n|---|---|---|\n")
	fmt.Printf("| Max C/I vs single, bottom 10 %% | %.2fx | 3.5x |\n", g(maxci, single, 0.1))
	fmt.Printf("| Max C/I vs single, bottom 30 %% | %.2fx | 2x |\n", g(maxci, single, 0.3))
	fmt.Printf("| Max C/I vs single, median | %+.0f %% | +34 %% |\n", (g(maxci, single, 0.5)-1)*100)
	fmt.Printf("| Max C/I vs PFS, bottom 10 %% | %+.0f %% | up to +34 %% (vs MPTCP with PFS) |\n", (g(maxci, pfs, 0.1)-1)*100)
	fmt.Printf("| Max C/I vs PFS, median | %+.0f %% | +23 %% (vs MPTCP with PFS) |\n", (g(maxci, pfs, 0.5)-1)*100)
	fmt.Printf("| scenarios where PFS is below single flow | %d of %d | about 30 %% |\n", below, len(ss))
}
