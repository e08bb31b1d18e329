// Package sched is the pure, deterministic two-tier downlink scheduler of the
// reference eNB (Gasparis et al., Section III-C). Radio links (UEs) are
// grouped into clusters C_1..C_M; every TTI the inter-cluster discipline
// picks a cluster and the cluster's intra-cluster discipline picks the
// member that is served:
//
//	intra PFS:     f* = argmax_{f in C} R(f) / T(f)
//	intra Max C/I: f* = argmax_{f in C} R(f)
//	R(C) = R(f*)
//	inter PFS:     C* = argmax_C R(C) / T(C)
//	inter Max C/I: C* = argmax_C R(C)
//
// R is the instantaneous rate of this TTI and T the exponentially weighted
// average of the served throughput over a window of W TTIs
// (T <- (1-1/W) T + (1/W) served), updated every TTI for every link and
// cluster (a cluster's served throughput is the sum over its members).
// Round robin serves backlogged members (or clusters) in declaration order.
//
// Only links with a backlog and a non-zero rate compete. When the chosen
// link empties its queue before the TTI ends, the rest of the TTI is offered
// to the next pick among the remaining links (work conserving); with full
// buffers exactly one link is served per TTI, as in the paper.
// Ties go to the lower index (cluster declaration order, then UE order).
// Nothing here reads a clock or a random source.
package sched
