package sampler

import (
	"math"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// A sliding window is the asked length ending at the request: it covers the
// samples taken in it whatever other polls did, ends at the request time, and
// reports when its newest sample was taken.
func TestSlidingWindowEndsAtRequestTime(t *testing.T) {
	src := &script{dir: collector.Downlink}
	s, clk, _ := newTest(t, src)
	for i := 1; i <= 10; i++ { // samples at +100 ms .. +1000 ms, backlog 10..100
		src.backlog = uint64(10 * i)
		step(t, s, clk)
	}
	newest := clk.t
	if _, err := s.Window(0); err != nil { // a since-last-poll poll does not shorten sliding windows
		t.Fatal(err)
	}
	clk.t = clk.t.Add(60 * time.Millisecond) // the request comes 60 ms after the newest sample
	w, err := s.SlidingWindow(500 * time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !w.End.Equal(clk.t) || !w.Start.Equal(clk.t.Add(-500*time.Millisecond)) || !w.Newest.Equal(newest) || w.Mode != Sliding {
		t.Fatalf("window %v..%v newest %v mode %v, want %v..%v newest %v sliding",
			w.Start, w.End, w.Newest, w.Mode, clk.t.Add(-500*time.Millisecond), clk.t, newest)
	}
	// (request - 500 ms, request] holds the samples at +600 .. +1000 ms: backlog 60..100
	if q := w.Queues[0]; q.Count != 5 || math.Abs(q.Ratio-0.8) > 1e-12 || q.Last.BacklogPackets != 100 {
		t.Fatalf("sliding window %+v, want 5 samples averaging 0.8", q)
	}
	// Asked again at once: the same window, not an empty or shortened one.
	if w2, _ := s.SlidingWindow(500 * time.Millisecond); w2.Queues[0].Count != 5 || w2.Queues[0].Ratio != w.Queues[0].Ratio {
		t.Fatalf("second sliding window %+v", w2.Queues[0])
	}
}

// Sliding polls leave the since-last-poll window alone: the next Window
// still starts at the previous Window.
func TestSlidingPollsDoNotMoveSinceLastPollStart(t *testing.T) {
	src := &script{dir: collector.Downlink}
	s, clk, _ := newTest(t, src)
	step(t, s, clk)
	if _, err := s.Window(0); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		src.backlog = 20
		step(t, s, clk)
		if _, err := s.SlidingWindow(100 * time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	w, err := s.Window(0)
	if err != nil {
		t.Fatal(err)
	}
	if q := w.Queues[0]; q.Count != 4 || w.Mode != SinceLastPoll {
		t.Fatalf("since-last-poll window after sliding polls: %+v mode %v, want the 4 samples since the last Window", q, w.Mode)
	}
}

// A sliding length of 0 or beyond the configured maximum is the maximum.
func TestSlidingWindowLengthCapped(t *testing.T) {
	src := &script{dir: collector.Downlink}
	s, clk, _ := newTest(t, src) // max window 1 s
	for i := 0; i < 30; i++ {
		step(t, s, clk)
	}
	for _, d := range []time.Duration{0, time.Hour} {
		w, err := s.SlidingWindow(d)
		if err != nil {
			t.Fatal(err)
		}
		if q := w.Queues[0]; q.Count != 10 || w.End.Sub(w.Start) != time.Second {
			t.Fatalf("length %v: %d samples over %v, want 10 over 1s", d, q.Count, w.End.Sub(w.Start))
		}
	}
}
