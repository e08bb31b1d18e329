// Package wificell emulates a shared radio cell on top of a real Linux queue.
//
// The cell is one egress device with an HTB tree whose parent class rate is
// the cell's current capacity. It has two queue modes.
//
// Per station (the default): one child class per station (u32 match on the
// station's IPv4 address, pfifo leaf). HTB lends the parent's rate to the
// children by deficit round robin with each child's quantum, so equal quanta
// give packet-level fairness (Wi-Fi DCF) and quanta proportional to the PHY
// rate give equal airtime (LTE proportional fair with full buffers). The
// leaf pfifo queues are the AP's MAC queues that the AP agent reads.
//
// Shared FIFO: one child class, the default for every packet, with one pfifo
// leaf of the given limit: every station's packets wait in one queue and
// leave in arrival order, as in an AP with one MAC FIFO (the paper's
// testbed). There are no filters, so the agent's qdisc source reports the
// FIFO's fill as the AP's occupancy and no per-station queue. The leaf
// cannot tell stations apart; a packet socket on the device (Tap) counts
// each station's bytes as they leave the FIFO.
//
// What HTB cannot know is the airtime each packet costs. The controller
// recomputes it every interval from the stations' observed behaviour: a
// packet of S bytes to station i takes k̄·S/r_i of airtime, where r_i is the
// station's PHY rate and k̄ the mean number of transmissions per packet,
// which grows with the number of contending stations.
//
// Per station, with backlogged stations B sharing by quanta q_i and
// demand-limited stations L sending x_j, the airtime budget
//
//	Σ_{j∈L} k̄·x_j/r_j + y·Σ_{i∈B} k̄·q_i/r_i = 1
//
// gives the per-quantum rate y and the capacity Σ_L x_j + y·Σ_B q_i. With every
// station backlogged and equal quanta this is the paper's Eq. (2),
// T_w = N / (k̄ Σ 1/r_i), so a weak extra station lowers the cell's total.
//
// In the shared FIFO the order of service is the order of arrival, so the
// cell's byte mix is whatever the FIFO accepted: with f_i station i's share
// of the bytes that left the FIFO in the last interval (smoothed like the
// per-station rates), Σ C·f_i·k̄/r_i = 1 gives C = 1 / (k̄ Σ f_i/r_i)
// (FIFOCapacity). The approximation: HTB releases the FIFO's packets at the
// rate C of the last interval's mix, not packet by packet at k̄·S/r_i each,
// so within one interval (100 ms) a run of packets for a weak station leaves
// as fast as one for a near station; over an interval the airtime budget
// holds. Equal shares (and no traffic at all) give Eq. (2) again.
//
// A station's PHY rate may change while the cell runs (a radio event): the
// controller re-reads the AP agent's station document when it changes and
// moves the tree to the capacity at the new rates (DocWatcher).
//
// Direction: a downlink cell matches a station by destination address, an
// uplink cell by source address, on the device that carries the stations'
// traffic toward the AP's wired side.
//
// Shared channel: one Wi-Fi channel carries both directions, so an AP with
// both cells gives each the other's status file (Peer). Each cell then solves
// the airtime budget over its own stations and the peer's (the peer's rates,
// backlog, PHY rates and quanta of its last interval) and shapes its own
// stations to their part (CapacityOf): backlogged stations of both directions
// share the channel by quanta, and a direction's limited stations leave the
// rest to the other up to their turn: a limited station that sent more than
// the backlogged ones' per-quantum rate shares as backlogged (fairShares), so
// a greedy download never leaves its own ACKs less than their turn. Both
// cells solve the same budget from data at most one interval old, so their
// parts add up to the channel's capacity.
package wificell
