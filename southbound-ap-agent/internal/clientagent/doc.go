// Package clientagent is the MPTCP client side of mpsdn's client weights: it
// subscribes to one of the controller's ClientWeights endpoints (moving to the
// next when its controller goes away), applies each new weight set through an
// Applier backend, acknowledges it, and reports per-subflow RTT and rate read
// from the kernel. It talks to the kernel only over netlink (kernel.go).
package clientagent
