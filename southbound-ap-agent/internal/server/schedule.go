package server

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
)

// keptStatuses is how many statuses a schedule keeps for subscribers that
// resume, and how many windows it runs on without a subscriber before it
// stops: at a 2 s period, a controller that comes back within 16 s misses
// nothing.
const keptStatuses = 8

// maxSchedules bounds the distinct (period, phase) schedules at once: one
// controller, or two during an ownership move, need one or two.
const maxSchedules = 4

// scheduleKey identifies a window schedule: windows of period ms ending at
// wall-clock times t with t mod period = phase (ms since the Unix epoch).
type scheduleKey struct {
	periodMs, phaseMs int64
}

// nextEnd returns the first window end of the schedule strictly after t
// (ms since the Unix epoch).
func (k scheduleKey) nextEnd(t int64) int64 {
	n := (t - k.phaseMs) / k.periodMs
	if t-k.phaseMs < 0 && (t-k.phaseMs)%k.periodMs != 0 {
		n-- // floor division
	}
	return k.phaseMs + (n+1)*k.periodMs
}

// schedule produces one status per window for its subscribers and keeps the
// last keptStatuses of them, oldest first.
type schedule struct {
	key     scheduleKey
	mu      sync.Mutex
	kept    []*agentv1.ApStatus
	changed chan struct{} // closed and replaced when a status is added
	subs    int
	idle    int // windows produced since the last subscriber left
}

// after returns the kept statuses with a sequence above seq and the channel
// closed when the next one comes.
func (sc *schedule) after(seq uint64) ([]*agentv1.ApStatus, <-chan struct{}) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	i := len(sc.kept)
	for i > 0 && sc.kept[i-1].GetSequence() > seq {
		i--
	}
	return append([]*agentv1.ApStatus(nil), sc.kept[i:]...), sc.changed
}

// newest returns the sequence of the newest kept status (0: none).
func (sc *schedule) newest() uint64 {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if len(sc.kept) == 0 {
		return 0
	}
	return sc.kept[len(sc.kept)-1].GetSequence()
}

// add keeps a status (nil: a skipped window) and wakes the subscribers. It
// returns false once the schedule has run keptStatuses windows with no
// subscriber.
func (sc *schedule) add(st *agentv1.ApStatus) bool {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if st != nil {
		sc.kept = append(sc.kept, st)
		if len(sc.kept) > keptStatuses {
			sc.kept = append(sc.kept[:0], sc.kept[1:]...)
		}
		close(sc.changed)
		sc.changed = make(chan struct{})
	}
	if sc.subs > 0 {
		sc.idle = 0
		return true
	}
	sc.idle++
	return sc.idle < keptStatuses
}

// subscribe returns the running schedule of key, starting it if needed.
func (s *Service) subscribe(key scheduleKey) (*schedule, error) {
	s.schedMu.Lock()
	defer s.schedMu.Unlock()
	sc, ok := s.schedules[key]
	if !ok {
		if len(s.schedules) >= maxSchedules {
			return nil, status.Errorf(codes.ResourceExhausted,
				"%d window schedules are running; this agent serves at most %d", len(s.schedules), maxSchedules)
		}
		sc = &schedule{key: key, changed: make(chan struct{})}
		s.schedules[key] = sc
		go s.run(sc)
	}
	sc.mu.Lock()
	sc.subs++
	sc.mu.Unlock()
	return sc, nil
}

// unsubscribe leaves a schedule; it runs on for keptStatuses windows.
func (s *Service) unsubscribe(sc *schedule) {
	sc.mu.Lock()
	sc.subs--
	sc.mu.Unlock()
}

// run produces the schedule's windows until it has had no subscriber for
// keptStatuses windows. Each wait is computed from the wall clock, so the
// windows stay on the schedule's boundaries whatever the timer's slack.
func (s *Service) run(sc *schedule) {
	last := int64(0)
	for {
		end := sc.key.nextEnd(max(time.Now().UnixMilli(), last))
		time.Sleep(time.Until(time.UnixMilli(end)))
		last = end
		st := s.windowStatus(sc.key, end)
		if sc.add(st) {
			continue
		}
		s.schedMu.Lock()
		sc.mu.Lock()
		stop := sc.subs == 0
		if stop {
			delete(s.schedules, sc.key)
		}
		sc.mu.Unlock()
		s.schedMu.Unlock()
		if stop {
			return
		}
	}
}

// windowStatus builds the status of the window of key that ended at end (ms
// since the Unix epoch): a sliding window of one period. It returns nil when
// the sources are unhealthy (the window is skipped).
func (s *Service) windowStatus(key scheduleKey, end int64) *agentv1.ApStatus {
	w, err := s.cfg.Sampler.SlidingWindow(time.Duration(key.periodMs) * time.Millisecond)
	if err != nil {
		s.cfg.observe(codes.Unavailable, nil)
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.StationTimeout)
	defer cancel()
	st, err := s.complete(ctx, w)
	if err != nil {
		s.cfg.observe(status.Code(err), nil)
		return nil
	}
	st.WindowEndUnixMs = uint64(end)
	s.cfg.observe(codes.OK, st)
	return st
}
