package sampler

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// stations is a collector with one downlink queue and its station queues.
type stations struct {
	qs []collector.StationQueueSample
}

func (s *stations) Name() string { return "stations" }
func (s *stations) Collect(context.Context) (*collector.Reading, error) {
	return &collector.Reading{Queues: []collector.QueueSample{{Direction: collector.Downlink, LimitPackets: 100, Source: "qdisc"}},
		StationQueues: append([]collector.StationQueueSample(nil), s.qs...)}, nil
}

func sq(id string, backlog, drops, sent uint64) collector.StationQueueSample {
	return collector.StationQueueSample{QueueID: id, IPs: []string{"10.0.0." + id}, SentBytes: sent,
		QueueSample: collector.QueueSample{Direction: collector.Downlink, BacklogPackets: backlog, LimitPackets: 40,
			Drops: drops, Source: "qdisc"}}
}

// Each station queue is averaged over the poll's window; its counters are
// differenced from the sample before the window, or from its own first sample
// when it appeared during the window.
func TestStationQueuesAveragedOverTheWindow(t *testing.T) {
	src := &stations{qs: []collector.StationQueueSample{sq("2", 0, 5, 1000)}}
	s, clk, _ := newTest(t, src)
	step(t, s, clk) // baseline: station 2 has dropped 5 and sent 1000 B before the window
	if _, err := s.Window(0); err != nil {
		t.Fatal(err)
	}
	src.qs = []collector.StationQueueSample{sq("2", 40, 7, 4000)}
	step(t, s, clk)
	src.qs = []collector.StationQueueSample{sq("2", 20, 9, 9000), sq("3", 10, 100, 500)}
	step(t, s, clk)
	src.qs = []collector.StationQueueSample{sq("3", 30, 104, 2500), sq("2", 0, 9, 9000)} // order does not matter
	step(t, s, clk)
	w, err := s.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	st := w.Queues[0].Stations
	if len(st) != 2 || st[0].Last.QueueID != "2" || st[1].Last.QueueID != "3" {
		t.Fatalf("stations %+v, want 2 and 3 in order", st)
	}
	two, three := st[0], st[1]
	if two.Count != 3 || math.Abs(two.Ratio-0.5) > 1e-12 || two.Drops != 4 || two.SentBytes != 8000 || two.Last.BacklogPackets != 0 {
		t.Errorf("station 2: %+v, want 3 samples at (1+0.5+0)/3, 4 drops, 8000 B sent", two)
	}
	if two.Empty != 1 || three.Empty != 0 {
		t.Errorf("empty samples %d and %d, want 1 (station 2's last) and 0", two.Empty, three.Empty)
	}
	if three.Count != 2 || math.Abs(three.Ratio-0.5) > 1e-12 || three.Drops != 4 || three.SentBytes != 2000 ||
		three.Last.IPs[0] != "10.0.0.3" {
		t.Errorf("station 3: %+v, want 2 samples at (0.25+0.75)/2, 4 drops, 2000 B sent since it appeared", three)
	}
	// The next window starts after the poll: only the new sample, the baseline is the previous one.
	src.qs = []collector.StationQueueSample{sq("3", 40, 110, 3000)}
	step(t, s, clk)
	w, _ = s.Window(0)
	if st := w.Queues[0].Stations; len(st) != 1 || st[0].Count != 1 || st[0].Ratio != 1 || st[0].Drops != 6 || st[0].SentBytes != 500 {
		t.Fatalf("next window stations %+v", st)
	}
}

// A counter that goes backwards (the source restarted) counts from zero; a
// queue id repeated within one reading is counted once.
func TestStationQueueCounterResetAndDuplicates(t *testing.T) {
	src := &stations{qs: []collector.StationQueueSample{sq("2", 0, 50, 90000)}}
	s, clk, _ := newTest(t, src)
	step(t, s, clk)
	s.Window(0)
	src.qs = []collector.StationQueueSample{sq("2", 40, 3, 700), sq("2", 0, 0, 0)}
	step(t, s, clk)
	w, _ := s.Window(0)
	if st := w.Queues[0].Stations; len(st) != 1 || st[0].Count != 1 || st[0].Ratio != 1 || st[0].Drops != 3 || st[0].SentBytes != 700 {
		t.Fatalf("stations %+v, want one sample, counters from zero", st)
	}
}

// A station queue without a limit fails the round like a queue without one:
// no ratio is invented.
func TestStationQueueWithoutLimitFailsTheRound(t *testing.T) {
	bad := sq("2", 5, 0, 0)
	bad.LimitPackets = 0
	src := &stations{qs: []collector.StationQueueSample{bad}}
	s, _, _ := newTest(t, src)
	if err := s.SampleOnce(context.Background()); err == nil || !strings.Contains(err.Error(), "station queue 2") {
		t.Fatalf("err %v, want one naming station queue 2", err)
	}
	if _, err := s.Window(0); err == nil {
		t.Fatalf("window after a failed round succeeded")
	}
}

// A sample counts as empty only when neither packets nor bytes are queued
// (a byte-limited source may report bytes without packets).
func TestStationQueueEmptyNeedsNoPacketAndNoByte(t *testing.T) {
	bytesOnly := sq("2", 0, 0, 0)
	bytesOnly.BacklogBytes = 1500
	bytesOnly.LimitBytes = 60000
	src := &stations{qs: []collector.StationQueueSample{bytesOnly}}
	s, clk, _ := newTest(t, src)
	step(t, s, clk)
	src.qs = []collector.StationQueueSample{sq("2", 0, 0, 0)}
	step(t, s, clk)
	w, err := s.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	if st := w.Queues[0].Stations; len(st) != 1 || st[0].Count != 2 || st[0].Empty != 1 {
		t.Fatalf("stations %+v, want 2 samples of which 1 empty", st)
	}
}
