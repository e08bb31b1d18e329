package collector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
)

// ENBMetrics is the document an LTE eNB publishes for the mpsdn agent, as JSON
// over HTTP (GET returns it with Content-Type application/json) or as a file
// the eNB rewrites atomically (write a temp file, then rename). Version 1:
//
//	{
//	  "version": 1,                      // required, must be 1
//	  "enb_id": "enb1",                  // informational
//	  "timestamp_ms": 1763728000000,     // Unix ms when the eNB produced it (required, > 0)
//	  "capacity_bps": 20000000,          // nominal downlink cell capacity, bit/s (0 = unknown)
//	  "queues": {                        // RLC/MAC buffers summed over the UEs, per direction
//	    "downlink": {"backlog_bytes": 12000, "backlog_packets": 8,
//	                 "limit_bytes": 150000, "limit_packets": 0, "drops": 3},
//	    "uplink":   {"backlog_bytes": 0, "backlog_packets": 0,
//	                 "limit_bytes": 150000, "limit_packets": 0, "drops": 0}
//	  },
//	  "ues": [
//	    {"imsi": "001010123456789", "rnti": 70, "ue_id": "ue0", "ips": ["10.45.0.2"],
//	     "rsrp_dbm": -95.5, "dl_phy_rate_bps": 20000000, "ul_phy_rate_bps": 5000000,
//	     "dl_bytes": 123456, "ul_bytes": 2345, "inactive_ms": 10,
//	     "queues": {                     // optional: this UE's own buffers, per direction
//	       "downlink": {"backlog_bytes": 3000, "backlog_packets": 2,
//	                    "limit_bytes": 0, "limit_packets": 500, "drops": 1, "sent_bytes": 123456}
//	     }}
//	  ]
//	}
//
// Counters are unsigned integers; drops and sent_bytes are cumulative since
// eNB start; a queue needs limit_bytes or limit_packets > 0. imsi, rnti and
// ue_id are optional identifiers (ue_id: the eNB's own name for the UE). A
// UE without "queues" has no per-UE queue data (eNBs that predate it), and
// the agent reports none for it. Unknown fields are ignored so the eNB may
// add more. A document older than the collector's max age is refused as
// stale.
type ENBMetrics struct {
	Version     int                 `json:"version"`
	ENBID       string              `json:"enb_id"`
	TimestampMs int64               `json:"timestamp_ms"`
	CapacityBps uint64              `json:"capacity_bps"`
	Queues      map[string]ENBQueue `json:"queues"`
	UEs         []ENBUE             `json:"ues"`
}

// ENBQueue is one direction's buffer state.
type ENBQueue struct {
	BacklogBytes   uint64 `json:"backlog_bytes"`
	BacklogPackets uint64 `json:"backlog_packets"`
	LimitBytes     uint64 `json:"limit_bytes"`
	LimitPackets   uint64 `json:"limit_packets"`
	Drops          uint64 `json:"drops"`
	// SentBytes counts the bytes sent from the buffer (per-UE queues; 0 if unknown).
	SentBytes uint64 `json:"sent_bytes"`
}

// ENBUE is one attached UE.
type ENBUE struct {
	IMSI         string              `json:"imsi"`
	RNTI         uint32              `json:"rnti"`
	UEID         string              `json:"ue_id"`
	Queues       map[string]ENBQueue `json:"queues"`
	IPs          []string            `json:"ips"`
	RSRPdBm      float64             `json:"rsrp_dbm"`
	DLPhyRateBps uint64              `json:"dl_phy_rate_bps"`
	ULPhyRateBps uint64              `json:"ul_phy_rate_bps"`
	DLBytes      uint64              `json:"dl_bytes"`
	ULBytes      uint64              `json:"ul_bytes"`
	InactiveMs   uint64              `json:"inactive_ms"`
}

// maxENBDocument bounds what the agent reads from the eNB.
const maxENBDocument = 4 << 20

// ParseENBMetrics decodes and validates an eNB metrics document.
func ParseENBMetrics(b []byte) (*ENBMetrics, error) {
	if len(b) > maxENBDocument {
		return nil, fmt.Errorf("eNB metrics: %d bytes, limit %d", len(b), maxENBDocument)
	}
	var m ENBMetrics
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("eNB metrics: %w", err)
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("eNB metrics: version %d, want 1", m.Version)
	}
	if m.TimestampMs <= 0 {
		return nil, fmt.Errorf("eNB metrics: timestamp_ms %d must be > 0", m.TimestampMs)
	}
	if err := checkENBQueues("queues", m.Queues); err != nil {
		return nil, err
	}
	for i, ue := range m.UEs {
		if math.IsNaN(ue.RSRPdBm) || math.IsInf(ue.RSRPdBm, 0) {
			return nil, fmt.Errorf("eNB metrics: ues[%d].rsrp_dbm is not finite", i)
		}
		if err := checkENBQueues(fmt.Sprintf("ues[%d].queues", i), ue.Queues); err != nil {
			return nil, err
		}
	}
	return &m, nil
}

func checkENBQueues(field string, qs map[string]ENBQueue) error {
	for name, q := range qs {
		if _, err := ParseDirection(name); err != nil {
			return fmt.Errorf("eNB metrics: %s: %w", field, err)
		}
		if q.LimitBytes == 0 && q.LimitPackets == 0 {
			return fmt.Errorf("eNB metrics: %s.%s: limit_bytes or limit_packets must be > 0", field, name)
		}
	}
	return nil
}

// ID returns the UE's identifier for station queues: the IMSI when the eNB
// reports one, else its ue_id (empty when it has neither).
func (ue ENBUE) ID() string {
	if ue.IMSI != "" {
		return ue.IMSI
	}
	return ue.UEID
}

// queueID names the UE's queue uniquely within the document: its ID, else
// its RNTI, else its first IP, else its position.
func (ue ENBUE) queueID(i int) string {
	switch {
	case ue.ID() != "":
		return ue.ID()
	case ue.RNTI != 0:
		return fmt.Sprintf("rnti:%d", ue.RNTI)
	case len(ue.IPs) > 0:
		return ue.IPs[0]
	}
	return fmt.Sprintf("ues[%d]", i)
}

// ENBStationQueues returns the per-UE queues of the directions dirs, in the
// document's UE order. UEs without a queue for a direction are left out.
func ENBStationQueues(m *ENBMetrics, dirs []Direction) []StationQueueSample {
	var out []StationQueueSample
	for _, d := range dirs {
		for i, ue := range m.UEs {
			q, ok := ue.Queues[d.String()]
			if !ok {
				continue
			}
			out = append(out, StationQueueSample{
				QueueSample: QueueSample{Direction: d, BacklogBytes: q.BacklogBytes, BacklogPackets: q.BacklogPackets,
					LimitBytes: q.LimitBytes, LimitPackets: q.LimitPackets, Drops: q.Drops, Source: "enb"},
				QueueID: ue.queueID(i), IPs: ue.IPs, UEID: ue.ID(), SentBytes: q.SentBytes,
			})
		}
	}
	return out
}
