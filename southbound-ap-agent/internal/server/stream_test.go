package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
)

// openStream subscribes with the given request; the stream ends with the test.
func openStream(t *testing.T, cc *grpc.ClientConn, req *agentv1.StreamStatusRequest) (agentv1.ApAgent_StreamStatusClient, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	s, err := agentv1.NewApAgentClient(cc).StreamStatus(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return s, cancel
}

func recvN(t *testing.T, s agentv1.ApAgent_StreamStatusClient, n int) []*agentv1.ApStatus {
	t.Helper()
	var out []*agentv1.ApStatus
	for len(out) < n {
		st, err := s.Recv()
		if err != nil {
			t.Fatalf("after %d statuses: %v", len(out), err)
		}
		out = append(out, st)
	}
	return out
}

// checkContiguous fails unless the statuses are consecutive windows of the
// schedule with increasing sequence numbers of one boot.
func checkContiguous(t *testing.T, sts []*agentv1.ApStatus, period, phase uint64) {
	t.Helper()
	for i, st := range sts {
		if st.GetWindowEndUnixMs()%period != phase {
			t.Fatalf("status %d ends at %d, not on the schedule %d mod %d", i, st.GetWindowEndUnixMs(), phase, period)
		}
		if i == 0 {
			continue
		}
		p := sts[i-1]
		if st.GetWindowEndUnixMs() != p.GetWindowEndUnixMs()+period || st.GetSequence() <= p.GetSequence() ||
			st.GetBootId() != p.GetBootId() {
			t.Fatalf("status %d (end %d seq %d) does not follow (end %d seq %d)", i,
				st.GetWindowEndUnixMs(), st.GetSequence(), p.GetWindowEndUnixMs(), p.GetSequence())
		}
	}
}

func TestStreamSendsOneStatusPerAlignedWindow(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	s, _ := openStream(t, cc, &agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 200, PhaseMs: 70})
	sts := recvN(t, s, 3)
	checkContiguous(t, sts, 200, 70)
	if sts[0].GetApId() != "ap1" || len(sts[0].GetStations()) != 1 || sts[0].GetQueues()[0].GetOccupancyRatio() != 0.9 {
		t.Fatalf("status %v", sts[0])
	}
	modes, sizes := e.win.polls()
	if len(modes) < 3 || modes[0] != sampler.Sliding || sizes[0] != 200*time.Millisecond {
		t.Fatalf("windows asked %v %v, want sliding 200ms", modes, sizes)
	}
}

func TestStreamResumesWithNoDuplicateAndNoGap(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	req := &agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 100, PhaseMs: 0}
	s, cancel := openStream(t, cc, req)
	first := recvN(t, s, 2)
	cancel()
	time.Sleep(350 * time.Millisecond) // about three windows while no one listens
	last := first[len(first)-1]
	req.ResumeAfter = &agentv1.StreamPosition{BootId: last.GetBootId(), Sequence: last.GetSequence()}
	s2, _ := openStream(t, cc, req)
	second := recvN(t, s2, 5)
	checkContiguous(t, append(first, second...), 100, 0)

	// Another boot id (the controller knew an earlier run): the stream starts with the next window.
	req.ResumeAfter = &agentv1.StreamPosition{BootId: last.GetBootId() + 2, Sequence: 1}
	s3, _ := openStream(t, cc, req)
	opened := uint64(time.Now().UnixMilli())
	third := recvN(t, s3, 1)
	if third[0].GetWindowEndUnixMs() <= opened-100 || third[0].GetSequence() <= second[4].GetSequence() {
		t.Fatalf("fresh subscription got an old window: end %d seq %d, opened at %d", third[0].GetWindowEndUnixMs(),
			third[0].GetSequence(), opened)
	}
}

func TestStreamRequestsRefused(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	for _, tc := range []struct {
		req  *agentv1.StreamStatusRequest
		code codes.Code
		want string
	}{
		{&agentv1.StreamStatusRequest{ApId: "", PeriodMs: 1000}, codes.InvalidArgument, "ap_id"},
		{&agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 50}, codes.InvalidArgument, "period_ms 50"},
		{&agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 20000}, codes.InvalidArgument, "period_ms 20000"},
		{&agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 1000, PhaseMs: 1000}, codes.InvalidArgument, "phase_ms 1000"},
		{&agentv1.StreamStatusRequest{ApId: "ap2", PeriodMs: 1000}, codes.PermissionDenied, "ap2"},
	} {
		s, _ := openStream(t, cc, tc.req)
		_, err := s.Recv()
		if status.Code(err) != tc.code || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %v %q", tc.req, err, tc.code, tc.want)
		}
	}
	for i := 0; i < maxSchedules; i++ {
		s, _ := openStream(t, cc, &agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 1000, PhaseMs: uint32(i)})
		recvN(t, s, 1)
	}
	s, _ := openStream(t, cc, &agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 1000, PhaseMs: 999})
	if _, err := s.Recv(); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("schedule %d: err %v, want RESOURCE_EXHAUSTED", maxSchedules+1, err)
	}
}

func TestCloseEndsTheStreams(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	s, _ := openStream(t, cc, &agentv1.StreamStatusRequest{ApId: "ap1", PeriodMs: 5000})
	e.svc.Close()
	if _, err := s.Recv(); status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "shutting down") {
		t.Fatalf("err %v, want UNAVAILABLE: shutting down", err)
	}
}

func TestScheduleNextEnd(t *testing.T) {
	k := scheduleKey{periodMs: 2000, phaseMs: 1900}
	for _, tc := range []struct{ t, want int64 }{{0, 1900}, {1899, 1900}, {1900, 3900}, {-1, 1900}, {-101, -100}, {10_000, 11_900}} {
		if got := k.nextEnd(tc.t); got != tc.want {
			t.Errorf("nextEnd(%d) = %d, want %d", tc.t, got, tc.want)
		}
	}
}
