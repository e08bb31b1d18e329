// Package channel holds the per-UE downlink channel models of the reference
// eNB: the two-state Markov model of Gasparis et al. (Section V-B: the upper
// half of the LTE rate table is the Good state, the lower half the Bad state,
// p = P(Bad->Good), q = P(Good->Bad) per scheduling interval, and the rate is
// drawn uniformly from the current state's rates every interval) and a
// piecewise-constant rate trace. Models are deterministic given their
// injected random source; they advance one TTI per call to Next.
package channel
