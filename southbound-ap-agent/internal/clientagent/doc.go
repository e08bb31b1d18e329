// Package clientagent is the MPTCP client side of mpsdn's client weights: it
// subscribes to the controller's ClientWeights service, applies each new
// weight set through an Applier backend, acknowledges it, and reports
// per-subflow RTT and rate read from the kernel (ss -tin).
package clientagent
