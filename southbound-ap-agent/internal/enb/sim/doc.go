// Package sim reproduces the Markov-channel experiment of Gasparis et al.
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
package sim
