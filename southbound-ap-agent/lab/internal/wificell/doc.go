// Package wificell emulates a shared radio cell on top of a real Linux queue.
//
// The cell's downlink is one egress device with an HTB tree: a parent class
// whose rate is the cell's current capacity and one child class per station
// (u32 match on the station's IPv4 address, pfifo leaf). HTB lends the parent's
// rate to the children by deficit round robin with each child's quantum, so
// equal quanta give packet-level fairness (Wi-Fi DCF) and quanta proportional
// to the PHY rate give equal airtime (LTE proportional fair with full buffers).
// The leaf pfifo queues are the AP's MAC queue that the AP agent reads.
//
// What HTB cannot know is the airtime each packet costs. Capacity recomputes it
// every interval from the stations' observed behaviour: a packet of S bytes
// to station i takes k̄·S/r_i of airtime, where r_i is the station's PHY rate
// and k̄ the mean number of transmissions per packet, which grows with the
// number of contending stations. With backlogged stations B sharing by quanta
// q_i and demand-limited stations L sending x_j, the airtime budget
//
//	Σ_{j∈L} k̄·x_j/r_j + y·Σ_{i∈B} k̄·q_i/r_i = 1
//
// gives the per-quantum rate y and the capacity Σ_L x_j + y·Σ_B q_i. With every
// station backlogged and equal quanta this is the paper's Eq. (2),
// T_w = N / (k̄ Σ 1/r_i), so a weak extra station lowers the cell's total.
package wificell
