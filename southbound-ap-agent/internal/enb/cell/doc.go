// Package cell is the reference programmable eNB's downlink, as pure code:
// per-UE queues, a channel model per UE, the two-tier cluster scheduler
// (package sched) and the split flows (package mux). Time is the TTI count:
// every call to Step is one TTI of 1 ms, so a cell driven by a test is fully
// deterministic; cmd/mpsdn-enb drives it from a wall-clock ticker.
//
// Each TTI, Step draws every UE's rate from its channel, lets the scheduler
// grant bits to the backlogged UEs and transmits the queued packets up to the
// grant (a packet larger than the grant is segmented: its remaining bits stay
// at the head of the queue, as RLC would do). A packet of a split flow was
// put on the target's own queue (LTE path) or on the second-path UE's queue
// by the demux; once transmitted it reaches the target's in-order mux, after
// second_path_delay for the second path. The mux holds out-of-order packets
// up to the hold time; times are counted in whole TTIs (1 ms resolution).
//
// A split with SharedBuffer is the paper's demux (Gasparis et al., Sections
// III-A and IV-A: "frames are copied to the buffers of the candidate next
// hops; whenever the scheduler pulls a block from one buffer, the demux
// removes it from all buffers"): its packets wait in one FIFO that both links
// see. Each link's backlog, as the scheduler sees it, is its own queue plus
// the shared buffers it takes part in; a granted link serves its own packets
// and the shared ones in arrival order, and a shared packet taken by one link
// is gone from the other. Limits of the model: a packet segmented across TTIs
// keeps its progress if the other link finishes it (block granularity), and
// when both links of one shared buffer get a grant in the same TTI the second
// grant may find the buffer emptied by the first (those bits go unused).
// Frames still in a shared buffer when its split is replaced move to the
// target's own queue.
package cell
