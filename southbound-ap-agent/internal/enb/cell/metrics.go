package cell

import (
	"time"
)

// QueueMetrics sums the UE queues of the cell.
type QueueMetrics struct {
	BacklogPackets uint64 `json:"backlog_packets"`
	BacklogBytes   uint64 `json:"backlog_bytes"`
	LimitPackets   uint64 `json:"limit_packets"`
	LimitBytes     uint64 `json:"limit_bytes"` // always 0: queues are limited in packets
	Drops          uint64 `json:"drops"`
	// OccupancyRatio is BacklogPackets / LimitPackets at this instant.
	OccupancyRatio float64 `json:"occupancy_ratio"`
}

// UEQueueMetrics is one UE's own buffer in one direction (the agent's
// per-UE "queues" format, collector/enb_format.go).
type UEQueueMetrics struct {
	BacklogPackets uint64 `json:"backlog_packets"`
	BacklogBytes   uint64 `json:"backlog_bytes"`
	LimitPackets   uint64 `json:"limit_packets"`
	LimitBytes     uint64 `json:"limit_bytes"` // always 0: queues are limited in packets
	Drops          uint64 `json:"drops"`
	SentBytes      uint64 `json:"sent_bytes"` // = served_bytes
}

// UEMetrics is one UE's state.
type UEMetrics struct {
	ID              string   `json:"ue_id"`
	IPs             []string `json:"ips"`
	Channel         string   `json:"channel"`
	RateBps         float64  `json:"rate_bps"`
	DLPhyRateBps    uint64   `json:"dl_phy_rate_bps"` // rate_bps as an integer (agent format)
	DLBytes         uint64   `json:"dl_bytes"`        // = served_bytes (agent format)
	ULBytes         uint64   `json:"ul_bytes"`        // always 0: the uplink is not scheduled
	InactiveMs      uint64   `json:"inactive_ms"`     // since the UE's last enqueue or service
	AvgServedBps    float64  `json:"avg_served_bps"`
	ServedBytes     uint64   `json:"served_bytes"`
	ServedTTIs      float64  `json:"served_ttis"`
	EnqueuedPackets uint64   `json:"enqueued_packets"`
	BacklogPackets  uint64   `json:"backlog_packets"`
	BacklogBytes    uint64   `json:"backlog_bytes"`
	LimitPackets    uint64   `json:"limit_packets"`
	Drops           uint64   `json:"drops"`
	// Queues repeats the UE's buffer state per direction in the agent format
	// (key "downlink" only: the uplink is not scheduled).
	Queues map[string]UEQueueMetrics `json:"queues"`
}

// SplitMetrics is one split flow's state.
type SplitMetrics struct {
	ID           string `json:"split_id"`
	SentLTE      uint64 `json:"sent_lte"`
	SentSecond   uint64 `json:"sent_second"`
	Held         int    `json:"held"`
	InOrder      uint64 `json:"in_order"`
	Released     uint64 `json:"released"`
	GapSkips     uint64 `json:"gap_skips"`
	Late         uint64 `json:"late"`
	HoldTimeUs   int64  `json:"hold_time_us"`
	InFlightPath int    `json:"in_flight_second_path"`
	// Shared-buffer demux: frames waiting for either link, and drops at its limit.
	SharedBuffer         bool   `json:"shared_buffer"`
	SharedBacklogPackets int    `json:"shared_backlog_packets"`
	SharedDrops          uint64 `json:"shared_drops"`
}

// Metrics is a snapshot of the cell.
type Metrics struct {
	Version       int                     `json:"version"`      // document version, 1
	TimestampMs   int64                   `json:"timestamp_ms"` // Unix ms, set by the publisher
	ENBID         string                  `json:"enb_id"`
	TTI           uint64                  `json:"tti"`
	ElapsedMs     uint64                  `json:"elapsed_ms"`
	CapacityBps   uint64                  `json:"capacity_bps"`
	PolicyVersion uint64                  `json:"policy_version"`
	SplitVersion  uint64                  `json:"split_version"`
	Queues        map[string]QueueMetrics `json:"queues"` // key "downlink" only
	UEs           []UEMetrics             `json:"ues"`
	Splits        []SplitMetrics          `json:"splits"`
	UnknownDst    uint64                  `json:"unknown_dst_packets"`
	Clock         ClockStats              `json:"clock"`
}

// Snapshot returns the current metrics.
func (c *Cell) Snapshot() Metrics {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := Metrics{Version: 1, ENBID: c.enbID, TTI: c.tti,
		ElapsedMs:   uint64(time.Duration(c.tti) * TTI / time.Millisecond),
		CapacityBps: uint64(c.peak), PolicyVersion: c.sched.Policy().Version, SplitVersion: c.splitCfg.Version,
		UnknownDst: c.unknown, Clock: c.clock, UEs: []UEMetrics{}, Splits: []SplitMetrics{}}
	var q QueueMetrics
	for i, u := range c.ues {
		ips := make([]string, len(u.ips))
		for k, ip := range u.ips {
			ips[k] = ip.String()
		}
		um := UEMetrics{ID: u.id, IPs: ips, Channel: u.ch.Describe(), RateBps: u.rate,
			DLPhyRateBps: uint64(u.rate), DLBytes: u.served,
			InactiveMs:   uint64(time.Duration(c.tti-u.lastActive) * TTI / time.Millisecond),
			AvgServedBps: c.sched.LinkAverage(i), ServedBytes: u.served, ServedTTIs: u.servedTTI,
			EnqueuedPackets: u.enq, BacklogPackets: uint64(len(u.q)), BacklogBytes: uint64(u.backlogBy),
			LimitPackets: uint64(u.limit), Drops: u.drops}
		um.Queues = map[string]UEQueueMetrics{"downlink": {BacklogPackets: um.BacklogPackets,
			BacklogBytes: um.BacklogBytes, LimitPackets: um.LimitPackets, Drops: um.Drops, SentBytes: u.served}}
		m.UEs = append(m.UEs, um)
		q.BacklogPackets += um.BacklogPackets
		q.BacklogBytes += um.BacklogBytes
		q.LimitPackets += um.LimitPackets
		q.Drops += um.Drops
	}
	for _, s := range c.splits {
		q.BacklogPackets += uint64(len(s.shared))
		q.BacklogBytes += uint64(s.sharedBytes)
	}
	if q.LimitPackets > 0 {
		q.OccupancyRatio = float64(q.BacklogPackets) / float64(q.LimitPackets)
	}
	m.Queues = map[string]QueueMetrics{"downlink": q}
	for _, s := range c.splits {
		st := s.reorder.Stats()
		m.Splits = append(m.Splits, SplitMetrics{ID: s.spec.ID, SentLTE: s.sentLTE, SentSecond: s.sentSecond,
			Held: s.reorder.Held(), InOrder: st.InOrder, Released: st.Released, GapSkips: st.GapSkips,
			Late: st.Late, HoldTimeUs: s.spec.Hold.Microseconds(), InFlightPath: len(s.delayed),
			SharedBuffer: s.spec.SharedBuffer, SharedBacklogPackets: len(s.shared), SharedDrops: s.sharedDrops})
	}
	return m
}
