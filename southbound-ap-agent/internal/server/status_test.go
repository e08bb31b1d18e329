package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
)

func callMode(t *testing.T, e *env, mode agentv1.WindowMode, maxWin uint32) (*agentv1.ApStatus, error) {
	t.Helper()
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return agentv1.NewApAgentClient(cc).GetStatus(ctx,
		&agentv1.GetStatusRequest{ApId: "ap1", MaxWindowMs: maxWin, WindowMode: mode})
}

// A request that does not name a mode gets the original since-last-poll
// window, and the reply says which mode was applied.
func TestUnspecifiedModeIsSinceLastPoll(t *testing.T) {
	e := start(t)
	st, err := callMode(t, e, agentv1.WindowMode_WINDOW_MODE_UNSPECIFIED, 0)
	if err != nil {
		t.Fatal(err)
	}
	if st.WindowMode != agentv1.WindowMode_WINDOW_MODE_SINCE_LAST_POLL {
		t.Fatalf("window_mode %v, want SINCE_LAST_POLL", st.WindowMode)
	}
	if asked, sizes := e.win.polls(); len(asked) != 1 || asked[0] != sampler.SinceLastPoll || sizes[0] != 0 {
		t.Fatalf("polls %v %v, want one since-last-poll window of the default size", asked, sizes)
	}
}

// A sliding request reaches the sampler's sliding window with its length,
// and the reply carries the mode, the newest sample's monotonic time and
// the per-station queues.
func TestSlidingModeStationQueuesAndNewestSample(t *testing.T) {
	e := start(t)
	st, err := callMode(t, e, agentv1.WindowMode_WINDOW_MODE_SLIDING, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if asked, sizes := e.win.polls(); len(asked) != 1 || asked[0] != sampler.Sliding || sizes[0] != 2*time.Second {
		t.Fatalf("polls %v %v, want one sliding 2 s window", asked, sizes)
	}
	if st.WindowMode != agentv1.WindowMode_WINDOW_MODE_SLIDING {
		t.Fatalf("window_mode %v, want SLIDING", st.WindowMode)
	}
	if age := st.MonotonicNs - st.NewestSampleMonotonicNs; st.NewestSampleMonotonicNs == 0 || age != uint64(80*time.Millisecond) {
		t.Fatalf("newest sample %d, monotonic %d: age %d, want 80 ms", st.NewestSampleMonotonicNs, st.MonotonicNs, age)
	}
	if len(st.StationQueues) != 1 {
		t.Fatalf("station queues %v, want 1", st.StationQueues)
	}
	q := st.StationQueues[0]
	if q.Direction != agentv1.Direction_DIRECTION_DOWNLINK || q.Source != "qdisc" || q.QueueId != "1:100" ||
		len(q.Ips) != 1 || q.Ips[0] != "10.0.0.2" || q.OccupancyRatio != 0.75 || q.SampleCount != 19 ||
		q.BacklogPackets != 30 || q.LimitPackets != 40 || q.Drops != 3 || q.SentBytes != 64000 ||
		q.EmptySamples == nil || q.GetEmptySamples() != 2 {
		t.Fatalf("station queue %v", q)
	}
}

func TestUnknownWindowModeIsInvalid(t *testing.T) {
	e := start(t)
	_, err := callMode(t, e, agentv1.WindowMode(7), 0)
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "window_mode 7") {
		t.Fatalf("err %v, want INVALID_ARGUMENT naming window_mode 7", err)
	}
	if asked, _ := e.win.polls(); len(asked) != 0 {
		t.Fatalf("an invalid request polled the sampler: %v", asked)
	}
}
