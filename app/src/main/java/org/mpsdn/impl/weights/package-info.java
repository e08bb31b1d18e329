/**
 * MPTCP client weights: per-path weights computed from the regulation state (or set by intent), pruned with
 * MPTCP-rec's receive-buffer-blocking condition, and published to client agents over gRPC.
 * Pure logic plus a grpc-java server; no ONOS runtime is needed to use or test it.
 */
package org.mpsdn.impl.weights;
