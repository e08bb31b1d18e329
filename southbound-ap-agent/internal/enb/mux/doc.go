// Package mux holds the flow demultiplexer and the in-order multiplexer of
// the reference eNB (Gasparis et al., Section III-A/B). The demux splits one
// flow onto two paths by a fixed share and numbers its packets; the mux
// delivers them back in that order, holding an out-of-order packet for at
// most the configured hold time (DIDA's t_opt) while the earlier packets are
// missing. Both are pure: the caller passes the current time.
package mux
