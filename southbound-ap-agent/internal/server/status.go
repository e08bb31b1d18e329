package server

import (
	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"google.golang.org/protobuf/proto"
)

// windowModes maps the request's window mode to the sampler's; UNSPECIFIED
// keeps the original since-last-poll behaviour.
var windowModes = map[agentv1.WindowMode]sampler.Mode{
	agentv1.WindowMode_WINDOW_MODE_UNSPECIFIED:     sampler.SinceLastPoll,
	agentv1.WindowMode_WINDOW_MODE_SINCE_LAST_POLL: sampler.SinceLastPoll,
	agentv1.WindowMode_WINDOW_MODE_SLIDING:         sampler.Sliding,
}

// statusFromWindow builds the window's part of a status. monoNs is the
// agent's monotonic clock now, taken as the window's end: the newest
// sample's monotonic time is monoNs less its age at the window's end.
func statusFromWindow(w sampler.Window, monoNs uint64) *agentv1.ApStatus {
	out := &agentv1.ApStatus{
		MonotonicNs: monoNs,
		WindowMs:    uint32(min(w.End.Sub(w.Start).Milliseconds(), int64(^uint32(0)))),
		CapacityBps: w.CapacityBps,
		WindowMode:  agentv1.WindowMode_WINDOW_MODE_SINCE_LAST_POLL,
	}
	if w.Mode == sampler.Sliding {
		out.WindowMode = agentv1.WindowMode_WINDOW_MODE_SLIDING
	}
	if !w.Newest.IsZero() {
		age := uint64(max(0, w.End.Sub(w.Newest)))
		out.NewestSampleMonotonicNs = monoNs - min(age, monoNs)
	}
	for _, q := range w.Queues {
		out.Queues = append(out.Queues, &agentv1.QueueOccupancy{
			Direction:      toProtoDirection(q.Direction),
			OccupancyRatio: q.Ratio,
			SampleCount:    q.Count,
			LimitPackets:   q.Last.LimitPackets,
			LimitBytes:     q.Last.LimitBytes,
			BacklogPackets: q.Last.BacklogPackets,
			BacklogBytes:   q.Last.BacklogBytes,
			Drops:          q.Drops,
			Source:         q.Last.Source,
		})
		for _, sw := range q.Stations {
			out.StationQueues = append(out.StationQueues, toProtoStationQueue(q.Direction, sw))
		}
	}
	return out
}

func toProtoStationQueue(d collector.Direction, sw sampler.StationWindow) *agentv1.StationQueue {
	l := sw.Last
	return &agentv1.StationQueue{
		Direction:      toProtoDirection(d),
		Source:         l.Source,
		QueueId:        l.QueueID,
		Mac:            l.MAC,
		Ips:            l.IPs,
		UeId:           l.UEID,
		OccupancyRatio: sw.Ratio,
		SampleCount:    sw.Count,
		LimitPackets:   l.LimitPackets,
		LimitBytes:     l.LimitBytes,
		BacklogPackets: l.BacklogPackets,
		BacklogBytes:   l.BacklogBytes,
		Drops:          sw.Drops,
		SentBytes:      sw.SentBytes,
		EmptySamples:   proto.Uint32(sw.Empty),
	}
}

func toProtoDirection(d collector.Direction) agentv1.Direction {
	switch d {
	case collector.Downlink:
		return agentv1.Direction_DIRECTION_DOWNLINK
	case collector.Uplink:
		return agentv1.Direction_DIRECTION_UPLINK
	}
	return agentv1.Direction_DIRECTION_UNSPECIFIED
}
