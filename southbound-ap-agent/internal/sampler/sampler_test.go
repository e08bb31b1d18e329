package sampler

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// script is a collector returning queued readings.
type script struct {
	dir     collector.Direction
	backlog uint64
	drops   uint64
	err     error
}

func (s *script) Name() string { return "script" }
func (s *script) Collect(context.Context) (*collector.Reading, error) {
	if s.err != nil {
		return nil, s.err
	}
	return &collector.Reading{CapacityBps: 1000, Queues: []collector.QueueSample{{Direction: s.dir,
		BacklogPackets: s.backlog, LimitPackets: 100, Drops: s.drops, Source: "script"}}}, nil
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newTest(t *testing.T, cs ...collector.Collector) (*Sampler, *clock, *[]error) {
	t.Helper()
	clk := &clock{t: time.Unix(1000, 0)}
	var health []error
	s, err := New(Config{RateHz: 10, MaxWindow: time.Second, Collectors: cs, Now: clk.now,
		OnHealth: func(err error) { health = append(health, err) }})
	if err != nil {
		t.Fatal(err)
	}
	return s, clk, &health
}

func step(t *testing.T, s *Sampler, clk *clock) {
	t.Helper()
	clk.t = clk.t.Add(100 * time.Millisecond)
	if err := s.SampleOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestWindowAveragesSincePreviousPoll(t *testing.T) {
	src := &script{dir: collector.Downlink}
	s, clk, _ := newTest(t, src)
	for _, b := range []uint64{10, 20, 30, 40} {
		src.backlog = b
		step(t, s, clk)
	}
	w, err := s.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	q := w.Queues[0]
	if q.Count != 4 || math.Abs(q.Ratio-0.25) > 1e-12 || q.Last.BacklogPackets != 40 || w.CapacityBps != 1000 {
		t.Fatalf("window %+v", q)
	}
	// The next window holds only the samples after the poll.
	src.backlog, src.drops = 90, 5
	step(t, s, clk)
	step(t, s, clk)
	w, _ = s.Window(0)
	if q := w.Queues[0]; q.Count != 2 || math.Abs(q.Ratio-0.9) > 1e-12 || q.Drops != 5 {
		t.Fatalf("second window %+v", q)
	}
	if got := w.End.Sub(w.Start); got != 200*time.Millisecond {
		t.Fatalf("window length %v, want 200ms", got)
	}
}

func TestWindowCappedByMaxWindowAndRing(t *testing.T) {
	src := &script{dir: collector.Uplink}
	s, clk, _ := newTest(t, src)
	for i := 0; i < 30; i++ { // 3 s of samples; max window 1 s
		src.backlog = uint64(i)
		step(t, s, clk)
	}
	w, err := s.Window(500 * time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	q := w.Queues[0]
	// samples 25..29 (the last 500 ms)
	if q.Count != 5 || math.Abs(q.Ratio-0.27) > 1e-12 {
		t.Fatalf("window %+v", q)
	}
}

func TestPollBeforeNewSampleRepeatsNewest(t *testing.T) {
	src := &script{dir: collector.Downlink, backlog: 50}
	s, clk, _ := newTest(t, src)
	step(t, s, clk)
	if _, err := s.Window(0); err != nil {
		t.Fatal(err)
	}
	w, err := s.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	if q := w.Queues[0]; q.Count != 1 || q.Ratio != 0.5 {
		t.Fatalf("window %+v", q)
	}
}

func TestSourceFailureIsUnhealthyNotOldValues(t *testing.T) {
	src := &script{dir: collector.Downlink, backlog: 50}
	s, clk, health := newTest(t, src)
	step(t, s, clk)
	src.err = errors.New("netlink: boom")
	clk.t = clk.t.Add(100 * time.Millisecond)
	if err := s.SampleOnce(context.Background()); err == nil {
		t.Fatal("want error")
	}
	if _, err := s.Window(0); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("window after failure: %v", err)
	}
	src.err = nil
	step(t, s, clk)
	if _, err := s.Window(0); err != nil {
		t.Fatalf("recovered: %v", err)
	}
	if len(*health) != 3 || (*health)[0] != nil || (*health)[1] == nil || (*health)[2] != nil {
		t.Fatalf("health transitions %v, want ok, fail, ok", *health)
	}
	st := s.Stats()
	if st.Rounds != 3 || st.RoundErrors != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestStalledSamplingIsUnhealthy(t *testing.T) {
	src := &script{dir: collector.Downlink}
	s, clk, _ := newTest(t, src)
	step(t, s, clk)
	clk.t = clk.t.Add(10 * time.Second)
	if err := s.Health(); err == nil || !strings.Contains(err.Error(), "stalled") {
		t.Fatalf("health %v", err)
	}
}

func TestNewValidates(t *testing.T) {
	src := &script{}
	for _, c := range []Config{
		{RateHz: 0, MaxWindow: time.Second, Collectors: []collector.Collector{src}},
		{RateHz: math.NaN(), MaxWindow: time.Second, Collectors: []collector.Collector{src}},
		{RateHz: 10, MaxWindow: 0, Collectors: []collector.Collector{src}},
		{RateHz: 10, MaxWindow: time.Second},
	} {
		if _, err := New(c); err == nil {
			t.Errorf("%+v: want error", c)
		}
	}
}
