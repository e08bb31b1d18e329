// Package packet classifies Ethernet frames for the reference eNB: it reads
// the IPv4/IPv6 addresses, protocol and TCP/UDP ports of a frame (one 802.1Q
// tag allowed). Malformed frames are reported as errors, never panics.
package packet
