package clientagent

// The notsent low-water mark (ShapingConfig.NotsentLowat): head-of-line
// blocking at the sender.
//
// The kernel's MPTCP scheduler keeps handing a subflow data while the
// subflow's socket has send memory free, so a shaped slow path ends up holding
// up to its whole send buffer unsent (measured: ~100 KB with the default
// net.ipv4.tcp_wmem, ~3.9 MB with a 4 MB default). That data waits queue/rate
// seconds (1-2 s at 0.5-1 Mbit/s) before the receiver can deliver it in order,
// and the connection-level send buffer fills with data the fast path already
// carried: MPTCP-rec's blocking condition, with the slow path's send queue as
// the delay. Setting net.ipv4.tcp_notsent_lowat (namespace-wide; it is read on
// every check, so it also applies to open sockets) makes a subflow refuse more
// data once that many bytes are unsent, which bounds the slow path's waiting
// data to the low-water mark plus its congestion window.
//
// The low-water mark is only set while it is needed: with Q the unsent data a
// slow path holds and B the connection's send buffer, the stall happens when
// Q / r_slow x r_aggregate > B, i.e. when the path's share r_slow / r_aggregate
// is below Q / B (measured: Q ~100 KB, B ~1.2 MB, so ~0.09: weights 10 and 2 of
// 200 stall, 30 does not). A namespace-wide low-water mark also keeps the fast
// path's queue short, and the kernel scheduler, which prefers the subflow with
// the shortest queue, then starves a heavy second path (measured at LTE weight
// 140: 14 % instead of 41 %), so it is not on for higher shares.

import (
	"fmt"
	"strconv"
	"strings"
)

// notsentLowatKey is the sysctl that caps a TCP socket's (and so an MPTCP
// subflow's) unsent data.
const notsentLowatKey = "net.ipv4.tcp_notsent_lowat"

// NeedsLowat reports whether a weighted path's share w / sum(w) is below
// threshold (a slow path that would stall the connection without a notsent
// low-water mark; see Shaping).
func NeedsLowat(weights []Weight, threshold float64) bool {
	var sum float64
	for _, w := range weights {
		sum += float64(w.Value)
	}
	for _, w := range weights {
		if w.Value > 0 && float64(w.Value)/sum < threshold {
			return true
		}
	}
	return false
}

// lowat sets or restores the low-water mark for weights.
func (s *Shaping) lowat(weights []Weight) error {
	if s.cfg.NotsentLowat == 0 {
		return nil
	}
	if NeedsLowat(weights, s.cfg.LowatBelowShare) {
		return s.setLowat()
	}
	return s.restoreLowat()
}

// restoreLowat puts back the value the agent replaced, if any.
func (s *Shaping) restoreLowat() error {
	if s.lowatOrig == "" {
		return nil
	}
	if err := s.k.Sysctls.Set(notsentLowatKey, s.lowatOrig); err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	s.lowatOrig = ""
	return nil
}

// setLowat sets net.ipv4.tcp_notsent_lowat to NotsentLowat, remembering the
// value it replaces.
func (s *Shaping) setLowat() error {
	if s.lowatOrig != "" {
		return nil
	}
	out, err := s.k.Sysctls.Get(notsentLowatKey)
	if err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	orig, err := parseLowat(out)
	if err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	if err := s.k.Sysctls.Set(notsentLowatKey, strconv.FormatUint(s.cfg.NotsentLowat, 10)); err != nil {
		return fmt.Errorf("notsent lowat: %w", err)
	}
	s.lowatOrig = orig
	return nil
}

// parseLowat checks the value read from net.ipv4.tcp_notsent_lowat and
// returns it as the sysctl writes it back.
func parseLowat(out string) (string, error) {
	v := strings.TrimSpace(out)
	if _, err := strconv.ParseUint(v, 10, 32); err != nil {
		return "", fmt.Errorf("%s reads %q: not a number", notsentLowatKey, v)
	}
	return v, nil
}

// NotsentLowatOriginal returns the net.ipv4.tcp_notsent_lowat value the
// agent replaced ("" while it has not set one).
func (s *Shaping) NotsentLowatOriginal() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lowatOrig
}
