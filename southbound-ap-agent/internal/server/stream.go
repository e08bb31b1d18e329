package server

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
)

// minPeriodMs is the shortest window a stream may ask for.
const minPeriodMs = 100

// StreamStatus implements agentv1.ApAgentServer: it sends the statuses of the
// requested schedule, first the kept ones after resume_after (same boot id
// only), until the controller cancels the stream.
func (s *Service) StreamStatus(req *agentv1.StreamStatusRequest, ss grpc.ServerStreamingServer[agentv1.ApStatus]) error {
	key, err := s.checkStream(req)
	if err != nil {
		s.cfg.observe(status.Code(err), nil)
		return err
	}
	sc, err := s.subscribe(key)
	if err != nil {
		s.cfg.observe(status.Code(err), nil)
		return err
	}
	defer s.unsubscribe(sc)
	last := sc.newest() // a new subscription starts with the next window
	if r := req.GetResumeAfter(); r != nil && r.GetBootId() == s.bootID {
		last = r.GetSequence()
	}
	for {
		batch, changed := sc.after(last)
		for _, st := range batch {
			if err := ss.Send(st); err != nil {
				return err
			}
			last = st.GetSequence()
		}
		select {
		case <-changed:
		case <-s.quit:
			return status.Error(codes.Unavailable, "the agent is shutting down")
		case <-ss.Context().Done():
			return status.FromContextError(ss.Context().Err()).Err()
		}
	}
}

// checkStream refuses a malformed request (INVALID_ARGUMENT) or one for
// another AP (PERMISSION_DENIED) and returns the schedule asked for.
func (s *Service) checkStream(req *agentv1.StreamStatusRequest) (scheduleKey, error) {
	if err := checkID(req.GetApId()); err != nil {
		return scheduleKey{}, err
	}
	maxMs := s.cfg.MaxWindow / time.Millisecond
	if p := req.GetPeriodMs(); p < minPeriodMs || time.Duration(p) > maxMs {
		return scheduleKey{}, status.Errorf(codes.InvalidArgument, "period_ms %d must be in %d..%d (the agent's maximum window)",
			p, minPeriodMs, maxMs)
	}
	if req.GetPhaseMs() >= req.GetPeriodMs() {
		return scheduleKey{}, status.Errorf(codes.InvalidArgument, "phase_ms %d must be below period_ms %d",
			req.GetPhaseMs(), req.GetPeriodMs())
	}
	return scheduleKey{periodMs: int64(req.GetPeriodMs()), phaseMs: int64(req.GetPhaseMs())}, s.checkSelf(req.GetApId())
}
