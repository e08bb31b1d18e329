package collector

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const enbStationDoc = `{"version":1,"timestamp_ms":5,"capacity_bps":1,
 "queues":{"downlink":{"backlog_packets":30,"limit_packets":1000},"uplink":{"limit_bytes":1}},
 "ues":[
  {"imsi":"001010000000001","ue_id":"ue0","ips":["10.45.0.2"],
   "queues":{"downlink":{"backlog_packets":25,"backlog_bytes":37500,"limit_packets":500,"drops":4,"sent_bytes":900000},
             "uplink":{"backlog_bytes":100,"limit_bytes":1000,"sent_bytes":5}}},
  {"ue_id":"ue1","ips":["10.45.0.3"],"queues":{"downlink":{"backlog_packets":5,"limit_packets":500}}},
  {"rnti":71,"queues":{"downlink":{"limit_packets":500}}},
  {"ips":["10.45.0.9"],"dl_bytes":77}
 ]}`

// Each UE's own queue in a configured direction is a station queue; a UE
// without per-UE queues (an older eNB) has none.
func TestENBStationQueues(t *testing.T) {
	file := filepath.Join(t.TempDir(), "enb.json")
	if err := os.WriteFile(file, []byte(enbStationDoc), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := NewENB(file, []Direction{Downlink}, time.Second, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, q := range r.StationQueues {
		ids = append(ids, q.QueueID)
	}
	if !slices.Equal(ids, []string{"001010000000001", "ue1", "rnti:71"}) || len(r.Stations) != 4 {
		t.Fatalf("station queues %v (stations %d), want the three UEs with downlink queues", ids, len(r.Stations))
	}
	q := r.StationQueues[0]
	if q.UEID != "001010000000001" || q.IPs[0] != "10.45.0.2" || q.Direction != Downlink || q.Source != "enb" ||
		q.BacklogPackets != 25 || q.BacklogBytes != 37500 || q.LimitPackets != 500 || q.Drops != 4 || q.SentBytes != 900000 {
		t.Fatalf("UE 0 downlink %+v", q)
	}
	if r.StationQueues[1].UEID != "ue1" || r.StationQueues[2].UEID != "" {
		t.Fatalf("UE ids %q %q, want ue1 and none", r.StationQueues[1].UEID, r.StationQueues[2].UEID)
	}
	// Both directions configured: the uplink queue of UE 0 too.
	m, err := ParseENBMetrics([]byte(enbStationDoc))
	if err != nil {
		t.Fatal(err)
	}
	both := ENBStationQueues(m, []Direction{Downlink, Uplink})
	if len(both) != 4 || both[3].Direction != Uplink || both[3].BacklogBytes != 100 || both[3].SentBytes != 5 {
		t.Fatalf("both directions %+v", both)
	}
	if ENBStationQueues(m, nil) != nil {
		t.Fatalf("a station-only eNB source reports no queues")
	}
}

func TestParseENBMetricsPerUEQueueErrors(t *testing.T) {
	for want, doc := range map[string]string{
		"ues[1].queues: direction \"sideways\"": `{"version":1,"timestamp_ms":5,"ues":[{},{"queues":{"sideways":{"limit_packets":1}}}]}`,
		"ues[0].queues.downlink: limit":         `{"version":1,"timestamp_ms":5,"ues":[{"queues":{"downlink":{"backlog_packets":1}}}]}`,
	} {
		if _, err := ParseENBMetrics([]byte(doc)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err %v, want one naming %s", err, want)
		}
	}
}
