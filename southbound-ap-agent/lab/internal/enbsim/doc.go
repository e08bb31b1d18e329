// Package enbsim reproduces the Markov-channel experiment of Gasparis et al.
// (Fig. 6) at the MAC level with the reference eNB's own scheduler and
// channel model: a target host with a direct LTE link and a relay UE whose
// LTE link reaches the host over a non-bottleneck D2D hop. Each scenario
// draws p and q uniformly in (0, 1) for each of the two LTE links; queues are
// full (saturated downlink), so the target's throughput is what the eNB
// serves on the links that reach it:
//
//	single flow:  the host link alone (the relay carries nothing)
//	PFS:          host and relay links as two flows under plain PFS
//	Max C/I:      host and relay links in one cluster, Max C/I inside
//
// TCP is not modelled: these are the scheduler's upper bounds for the
// paper's demuxed-TCP / two-flow / MPTCP curves.
//
// RunDemux runs the demuxed flow through the reference eNB's cell (package
// cell) with a window-limited source, comparing the fixed-share demux
// (lte_fraction 0.5) with the paper's shared-buffer demux. Measured with
// `MPSDN_DEMUX_SCENARIOS=100 go test -run Demux -v ./lab/internal/enbsim/`
// (seed 7, 100 scenarios x 20000 TTIs, window 300 frames, hold 20 ms, D2D
// 2 ms): shared buffer better than the fixed split by > 5 % in 84 of 100
// scenarios, never worse; bottom-10 % 31.2 vs 18.4 Mbit/s, median 42.7 vs
// 33.1 Mbit/s; mux gap skips 0 vs 2728777.
package enbsim
