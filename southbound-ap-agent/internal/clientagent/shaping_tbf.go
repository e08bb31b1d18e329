package clientagent

// reshape brings every path's tbf to the plan for the current weights and
// planRate, each shaped rate times the path's share correction in
// ModeMeasured. A rate within the hysteresis of the installed one is left
// alone unless force. It returns the errors by path.
func (s *Shaping) reshape(force bool) map[string]error {
	acts, _ := Plan(s.cfg.Mode, s.weights, s.planRate())
	errs := map[string]error{}
	for _, a := range acts {
		if a.RateBps != 0 && s.cfg.Mode == ModeMeasured {
			a.RateBps = max(MinRateBps, uint64(float64(a.RateBps)*s.factor(a.PathID)))
		}
		p := s.paths[a.PathID]
		cur := s.rate[p.Interface]
		switch {
		case a.RateBps == 0 && cur != 0:
			if err := s.removeTbf(p.Interface); err != nil {
				errs[a.PathID] = err
				continue
			}
			s.rate[p.Interface] = 0
			delete(s.burst, p.Interface)
		case a.RateBps != 0 && (force || cur == 0 || changed(cur, a.RateBps, s.cfg.Hysteresis)):
			if err := s.tbf(p.Interface, a.RateBps, cur > 1); err != nil {
				errs[a.PathID] = err
				continue
			}
			s.rate[p.Interface] = a.RateBps
		}
	}
	return errs
}

// planRate is the rate Plan divides: the aggregate in ModeStatic; in
// ModeMeasured the held reference rate while the client sends bulk data
// (sendPeak >= MinSendBps), else InitialRefBps (see Shaping).
func (s *Shaping) planRate() uint64 {
	switch {
	case s.cfg.Mode == ModeStatic:
		return s.cfg.AggregateBps
	case s.sendPeak < float64(s.cfg.MinSendBps):
		return s.cfg.InitialRefBps
	default:
		return s.refRate
	}
}

// removeTbf deletes iface's root qdisc if it is a tbf (another root qdisc is
// not ours and stays).
func (s *Shaping) removeTbf(iface string) error {
	tbf, err := s.k.Qdiscs.RootIsTbf(iface)
	if err == nil && tbf {
		err = s.k.Qdiscs.DelRoot(iface)
	}
	return err
}

func changed(cur, next uint64, hyst float64) bool {
	d := float64(next) - float64(cur)
	if d < 0 {
		d = -d
	}
	return d > hyst*float64(cur)
}

// tbf installs a tbf root qdisc or updates the one this agent installed.
// With ChangeInPlace the update is a netlink qdisc change (tc qdisc change),
// which keeps the queue; otherwise a replace, which drops every queued packet (a burst loss that can
// stall the subflow for an RTO). Both were measured (results/weights-share.md):
// replace with the share correction gave the best 30 s shares, change removed
// the stalls in short runs but let the correction run away once. Burst is 5 ms
// at the rate, at least two full frames.
func (s *Shaping) tbf(iface string, rateBps uint64, installed bool) error {
	// Never lower the burst of an installed tbf: tc replace/change keeps the
	// queued packets, and one queued (GSO) packet larger than the new burst can
	// never gather enough tokens, which wedges the path for good (measured: the
	// LTE path dead after a rate fell from 14.5 to 13.7 Mbit/s, 9046 to 8580
	// bytes of burst, and in every later run; results/weights-share.md).
	// A rate that falls to under half (e.g. a new, much lower weight) removes
	// the tbf first, dropping its queue, so the burst can follow the rate.
	burst := max(3028, rateBps/8/200)
	if prev := s.burst[iface]; installed && burst*2 < prev {
		if err := s.k.Qdiscs.DelRoot(iface); err != nil {
			return err
		}
		delete(s.burst, iface)
		installed = false
	}
	burst = max(burst, s.burst[iface])
	spec := s.tbfSpec(rateBps, burst)
	if installed && s.cfg.ChangeInPlace {
		if err := s.k.Qdiscs.SetTbf(iface, spec, true); err == nil {
			s.burst[iface] = burst
			return nil
		}
		// removed behind our back: install it again
	}
	if err := s.k.Qdiscs.SetTbf(iface, spec, false); err != nil {
		return err
	}
	s.burst[iface] = burst
	return nil
}

// tbfSpec returns the tbf for rateBps with burst. The queue limit is what tc
// derives from a latency (rate x latency + burst) or, with MinLimitBytes,
// max(MinLimitBytes, rate x latency + burst).
func (s *Shaping) tbfSpec(rateBps, burst uint64) TbfSpec {
	limit := rateBps/8*uint64(s.cfg.LatencyMs)/1000 + burst
	if s.cfg.MinLimitBytes > 0 {
		limit = max(s.cfg.MinLimitBytes, limit)
	}
	return TbfSpec{RateBps: rateBps, BurstBytes: burst, LimitBytes: limit}
}
