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
//	    {"imsi": "001010123456789", "rnti": 70, "ips": ["10.45.0.2"],
//	     "rsrp_dbm": -95.5, "dl_phy_rate_bps": 20000000, "ul_phy_rate_bps": 5000000,
//	     "dl_bytes": 123456, "ul_bytes": 2345, "inactive_ms": 10}
//	  ]
//	}
//
// Counters are unsigned integers; drops is cumulative since eNB start; a
// queue needs limit_bytes or limit_packets > 0. Unknown fields are ignored so
// the eNB may add more. A document older than the collector's max age is
// refused as stale.
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
}

// ENBUE is one attached UE.
type ENBUE struct {
	IMSI         string   `json:"imsi"`
	RNTI         uint32   `json:"rnti"`
	IPs          []string `json:"ips"`
	RSRPdBm      float64  `json:"rsrp_dbm"`
	DLPhyRateBps uint64   `json:"dl_phy_rate_bps"`
	ULPhyRateBps uint64   `json:"ul_phy_rate_bps"`
	DLBytes      uint64   `json:"dl_bytes"`
	ULBytes      uint64   `json:"ul_bytes"`
	InactiveMs   uint64   `json:"inactive_ms"`
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
	for name, q := range m.Queues {
		if _, err := ParseDirection(name); err != nil {
			return nil, fmt.Errorf("eNB metrics: queues: %w", err)
		}
		if q.LimitBytes == 0 && q.LimitPackets == 0 {
			return nil, fmt.Errorf("eNB metrics: queues.%s: limit_bytes or limit_packets must be > 0", name)
		}
	}
	for i, ue := range m.UEs {
		if math.IsNaN(ue.RSRPdBm) || math.IsInf(ue.RSRPdBm, 0) {
			return nil, fmt.Errorf("eNB metrics: ues[%d].rsrp_dbm is not finite", i)
		}
	}
	return &m, nil
}
