package sampler

import (
	"context"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// BenchmarkSampleOnceFake measures the sampler's own cost per round (ring,
// averaging bookkeeping) with a free source; the real qdisc cost is measured
// by BenchmarkQdiscSampleRound in the collector package (root).
func BenchmarkSampleOnceFake(b *testing.B) {
	src := &script{dir: collector.Downlink, backlog: 10}
	s, err := New(Config{RateHz: 10, MaxWindow: 10 * time.Second, Collectors: []collector.Collector{src}})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.SampleOnce(ctx)
		if i%20 == 19 {
			_, _ = s.Window(0)
		}
	}
}
