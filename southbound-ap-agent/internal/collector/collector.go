// Package collector reads the Linux and eNB sources an mpsdn AP agent reports:
// one source per file, each behind the small Collector interface (in the style
// of node_exporter's collectors).
//
// Sources:
//   - qdisc.go: Linux qdisc backlog and limit of an interface's egress queue via
//     rtnetlink (emulated and qdisc-based APs).
//   - txq.go: mac80211 TXQ backlog and limits of a wiphy via nl80211 (real Wi-Fi
//     APs, where the qdisc is noqueue and the queue lives in mac80211).
//   - stations.go: associated stations via nl80211, with IPs from the
//     neighbour table (neigh.go).
//   - enb.go: an LTE eNB's queue and UE metrics read from a JSON document served
//     over HTTP or written to a file; the format is documented in enb_format.go.
//
// factory.go builds the sources an agent configuration names (FromConfig).
//
// Malformed kernel or network data never panics: parsers return errors naming
// the field, and the sampler counts the failure and marks the agent NOT_SERVING.
package collector

import (
	"context"
	"fmt"
	"math"
)

// Direction of traffic as seen from the UE.
type Direction int

const (
	// Downlink is towards the UE.
	Downlink Direction = 1
	// Uplink is from the UE.
	Uplink Direction = 2
)

// String returns "downlink" or "uplink".
func (d Direction) String() string {
	switch d {
	case Downlink:
		return "downlink"
	case Uplink:
		return "uplink"
	default:
		return fmt.Sprintf("direction(%d)", int(d))
	}
}

// ParseDirection parses "downlink" or "uplink".
func ParseDirection(s string) (Direction, error) {
	switch s {
	case "downlink":
		return Downlink, nil
	case "uplink":
		return Uplink, nil
	default:
		return 0, fmt.Errorf("direction %q: want downlink or uplink", s)
	}
}

// QueueSample is one reading of one direction's queue.
type QueueSample struct {
	Direction      Direction
	BacklogPackets uint64
	BacklogBytes   uint64
	// Limits; 0 when the source does not know that unit.
	LimitPackets uint64
	LimitBytes   uint64
	// Drops is a cumulative counter (the sampler takes differences).
	Drops uint64
	// Source names the collector kind, e.g. "qdisc".
	Source string
}

// Ratio returns the occupancy backlog/limit in [0, 1]. When both units are
// known the larger ratio wins (the queue is full when either limit is hit).
// It returns an error when no limit is known.
func (q QueueSample) Ratio() (float64, error) {
	r, known := 0.0, false
	if q.LimitPackets > 0 {
		r, known = math.Max(r, float64(q.BacklogPackets)/float64(q.LimitPackets)), true
	}
	if q.LimitBytes > 0 {
		r, known = math.Max(r, float64(q.BacklogBytes)/float64(q.LimitBytes)), true
	}
	if !known {
		return 0, fmt.Errorf("%s %s queue: no limit known", q.Source, q.Direction)
	}
	if r > 1 {
		r = 1
	}
	return r, nil
}

// StationQueueSample is one reading of the queue that holds one station's
// (one UE's) traffic in one direction: a per-station qdisc leaf, the
// station's mac80211 TXQs, or an eNB UE queue. Drops and SentBytes are
// cumulative counters (the sampler takes differences).
type StationQueueSample struct {
	QueueSample
	// QueueID identifies the queue within its source and direction: the
	// leaf's class ("1:100"), the station MAC, or the eNB's UE id.
	QueueID string
	// Station identity, whatever the source knows (empty when unknown).
	MAC  string
	IPs  []string
	UEID string
	// SentBytes counts the bytes the queue sent towards the station.
	SentBytes uint64
}

// Station is one associated station (UE interface).
type Station struct {
	MAC           string // lower-case, colon-separated; empty for LTE UEs without one
	IPs           []string
	RSSIdBm       float64 // 0 when unknown
	TxPhyRateBps  uint64
	RxPhyRateBps  uint64
	TxBytes       uint64
	RxBytes       uint64
	InactiveMilli uint32
}

// Reading is what one Collect call returns. Queue collectors fill Queues,
// StationQueues where the source tells stations apart (each with the
// direction of one of Queues), and CapacityBps when the source knows it;
// station collectors fill Stations.
type Reading struct {
	Queues        []QueueSample
	StationQueues []StationQueueSample
	Stations      []Station
	CapacityBps   uint64
}

// Collector reads one source.
type Collector interface {
	// Name identifies the source instance in logs, metrics and errors.
	Name() string
	// Collect reads the source once.
	Collect(ctx context.Context) (*Reading, error)
}
