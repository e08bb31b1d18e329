package collector_test

import (
	"context"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// BenchmarkQdiscSampleRound measures one 10 Hz sampling round of the real
// qdisc collector (rtnetlink link lookup + qdisc dump + ring update) on a veth
// with a tbf root in a fresh namespace. Cost per second at 10 Hz is
// 10 x ns/op; the cpu-%-at-10Hz metric reports it as a share of one core.
func BenchmarkQdiscSampleRound(b *testing.B) {
	ap := testutil.NewNS(b, "bap")
	ue := testutil.NewNS(b, "bue")
	testutil.VethPair(b, ap, "ap0", "10.202.0.1/24", ue, "ue0", "10.202.0.2/24")
	ap.Run(b, "tc", "qdisc", "add", "dev", "ap0", "root", "tbf", "rate", "10mbit", "burst", "10kb", "limit", "100kb")
	c, err := collector.NewQdisc(collector.Downlink, "ap0", ap.Handle)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	s, err := sampler.New(sampler.Config{RateHz: 10, MaxWindow: 10 * time.Second, Collectors: []collector.Collector{c}})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.SampleOnce(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(perOp*10/1e9*100, "cpu-%-at-10Hz")
}
