package metrics

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
)

type src struct{}

func (src) Name() string { return "src" }
func (src) Collect(context.Context) (*collector.Reading, error) {
	return &collector.Reading{Queues: []collector.QueueSample{{Direction: collector.Downlink, BacklogPackets: 1, LimitPackets: 4}}}, nil
}

func TestHandlerExposesCounters(t *testing.T) {
	s, err := sampler.New(sampler.Config{RateHz: 10, MaxWindow: time.Second, Collectors: []collector.Collector{src{}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		s.SampleOnce(context.Background())
	}
	m := New(s)
	m.Observe(codes.OK, &agentv1.ApStatus{Queues: []*agentv1.QueueOccupancy{{Direction: agentv1.Direction_DIRECTION_DOWNLINK, OccupancyRatio: 0.25}},
		MonotonicNs: 5_000_000_000, NewestSampleMonotonicNs: 4_950_000_000,
		StationQueues: []*agentv1.StationQueue{{QueueId: "1:100"}, {QueueId: "1:101"}}})
	m.Observe(codes.PermissionDenied, nil)
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		"mpsdn_agent_sample_rounds_total 3",
		"mpsdn_agent_sample_errors_total 0",
		`mpsdn_agent_getstatus_requests_total{code="PermissionDenied"} 1`,
		`mpsdn_agent_occupancy_ratio{direction="DIRECTION_DOWNLINK"} 0.25`,
		"mpsdn_agent_newest_sample_age_seconds 0.05",
		"mpsdn_agent_station_queues 2",
		"process_resident_memory_bytes",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}
