package collector_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/metricshttp"
)

type snap cell.Metrics

func (s snap) Snapshot() cell.Metrics { return cell.Metrics(s) }

// The reference eNB's metrics endpoint and the agent's eNB source agree on
// the document format.
func TestENBSourceReadsReferenceENBEndpoint(t *testing.T) {
	m := cell.Metrics{Version: 1, ENBID: "enb1", CapacityBps: 75_000_000,
		Queues: map[string]cell.QueueMetrics{"downlink": {BacklogPackets: 500, BacklogBytes: 750000, LimitPackets: 2000, Drops: 7}},
		UEs: []cell.UEMetrics{{ID: "ue0", IPs: []string{"10.1.0.10"}, DLPhyRateBps: 52_000_000, DLBytes: 9000, InactiveMs: 1 << 40,
			Queues: map[string]cell.UEQueueMetrics{"downlink": {BacklogPackets: 400, BacklogBytes: 600000, LimitPackets: 500,
				Drops: 5, SentBytes: 9000}}}},
		Splits: []cell.SplitMetrics{}}
	srv := httptest.NewServer(metricshttp.Handler(snap(m), nil))
	defer srv.Close()
	e, err := collector.NewENB(srv.URL+metricshttp.Path, []collector.Direction{collector.Downlink}, time.Second, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ratio, err := r.Queues[0].Ratio()
	if err != nil || ratio != 0.25 || r.Queues[0].Drops != 7 || r.CapacityBps != 75_000_000 {
		t.Fatalf("queue %+v ratio %v err %v capacity %d", r.Queues[0], ratio, err, r.CapacityBps)
	}
	if len(r.Stations) != 1 || r.Stations[0].IPs[0] != "10.1.0.10" || r.Stations[0].TxPhyRateBps != 52_000_000 ||
		r.Stations[0].InactiveMilli != ^uint32(0) {
		t.Fatalf("stations %+v", r.Stations)
	}
	if len(r.StationQueues) != 1 {
		t.Fatalf("station queues %+v, want the UE's downlink queue", r.StationQueues)
	}
	sq := r.StationQueues[0]
	if ratio, err := sq.Ratio(); err != nil || ratio != 0.8 || sq.QueueID != "ue0" || sq.UEID != "ue0" || sq.IPs[0] != "10.1.0.10" ||
		sq.Drops != 5 || sq.SentBytes != 9000 || sq.BacklogBytes != 600000 {
		t.Fatalf("station queue %+v ratio %v err %v", sq, ratio, err)
	}
}
