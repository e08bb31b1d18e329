package sched

import (
	"fmt"
	"math"
)

// TTISeconds is the LTE scheduling interval.
const TTISeconds = 0.001

// minAvg keeps PFS ratios finite for links that have never been served.
const minAvg = 1.0

type cluster struct {
	id      string
	members []int
	intra   Discipline
	avg     float64
	rrNext  int
}

// Grant is what the scheduler gives one UE in one TTI.
type Grant struct {
	UE   int     // index into the scheduler's UE list
	Bits float64 // bits the UE may send in this TTI
}

// Scheduler is the two-tier scheduler. It is not safe for concurrent use.
type Scheduler struct {
	ues      []string
	index    map[string]int
	policy   Policy
	clusters []cluster
	ueAvg    []float64
	window   float64
	interRR  int
	// scratch
	cand   []int
	served []float64
}

// New builds a scheduler for the given UEs (order fixes UE indices) with the
// default policy.
func New(ues []string) (*Scheduler, error) {
	s := &Scheduler{ues: append([]string(nil), ues...), index: map[string]int{}}
	for i, u := range ues {
		if u == "" {
			return nil, fmt.Errorf("ue[%d]: empty id", i)
		}
		if _, dup := s.index[u]; dup {
			return nil, fmt.Errorf("ue[%d]: duplicate id %q", i, u)
		}
		s.index[u] = i
	}
	s.ueAvg = make([]float64, len(ues))
	s.served = make([]float64, len(ues))
	if err := s.apply(DefaultPolicy()); err != nil {
		return nil, err
	}
	return s, nil
}

// UEs returns the UE identifiers in index order.
func (s *Scheduler) UEs() []string { return append([]string(nil), s.ues...) }

// Policy returns the installed policy.
func (s *Scheduler) Policy() Policy { return s.policy }

// SetPolicy validates and installs p. Link averages are kept; a cluster's
// average starts as the sum of its members' averages.
func (s *Scheduler) SetPolicy(p Policy) error {
	if err := Validate(p, s.ues, "policy"); err != nil {
		return err
	}
	return s.apply(p)
}

func (s *Scheduler) apply(p Policy) error {
	var cs []cluster
	inCluster := make([]bool, len(s.ues))
	for _, c := range p.Clusters {
		cl := cluster{id: c.ID, intra: c.Intra}
		for _, u := range c.UEs {
			i := s.index[u]
			cl.members = append(cl.members, i)
			inCluster[i] = true
			cl.avg += s.ueAvg[i]
		}
		cs = append(cs, cl)
	}
	for i, u := range s.ues {
		if !inCluster[i] {
			cs = append(cs, cluster{id: "ue:" + u, members: []int{i}, intra: PFS, avg: s.ueAvg[i]})
		}
	}
	w := p.PFSWindowTTI
	if w == 0 {
		w = DefaultPFSWindowTTI
	}
	s.policy = p
	s.clusters = cs
	s.window = float64(w)
	s.interRR = 0
	return nil
}

// LinkAverage returns T(f) of UE i in bit/s.
func (s *Scheduler) LinkAverage(i int) float64 { return s.ueAvg[i] }

// ClusterAverage returns T(C) of the cluster with the given id (singleton
// clusters are named "ue:<ue id>"), and whether it exists.
func (s *Scheduler) ClusterAverage(id string) (float64, bool) {
	for _, c := range s.clusters {
		if c.id == id {
			return c.avg, true
		}
	}
	return 0, false
}

func eligible(i int, rates, backlog []float64, taken []bool) bool {
	return !taken[i] && rates[i] > 0 && backlog[i] > 0
}

// pickMember applies the intra-cluster discipline; -1 if no member can send.
func (s *Scheduler) pickMember(c *cluster, rates, backlog []float64, taken []bool) int {
	best := -1
	switch c.intra {
	case RoundRobin:
		n := len(c.members)
		for k := 0; k < n; k++ {
			i := c.members[(c.rrNext+k)%n]
			if eligible(i, rates, backlog, taken) {
				return i
			}
		}
		return -1
	case MaxCI:
		for _, i := range c.members {
			if eligible(i, rates, backlog, taken) && (best < 0 || rates[i] > rates[best]) {
				best = i
			}
		}
	default: // PFS
		bestM := math.Inf(-1)
		for _, i := range c.members {
			if !eligible(i, rates, backlog, taken) {
				continue
			}
			if m := rates[i] / math.Max(s.ueAvg[i], minAvg); m > bestM {
				best, bestM = i, m
			}
		}
	}
	return best
}

// pickCluster applies the inter-cluster discipline to the candidates
// (cand[k] = chosen member of cluster k, or -1).
func (s *Scheduler) pickCluster(cand []int, rates []float64) int {
	n := len(s.clusters)
	switch s.policy.Inter {
	case RoundRobin:
		for k := 0; k < n; k++ {
			c := (s.interRR + k) % n
			if cand[c] >= 0 {
				return c
			}
		}
		return -1
	case MaxCI:
		best := -1
		for c := 0; c < n; c++ {
			if cand[c] >= 0 && (best < 0 || rates[cand[c]] > rates[cand[best]]) {
				best = c
			}
		}
		return best
	default: // PFS
		best, bestM := -1, math.Inf(-1)
		for c := 0; c < n; c++ {
			if cand[c] < 0 {
				continue
			}
			if m := rates[cand[c]] / math.Max(s.clusters[c].avg, minAvg); m > bestM {
				best, bestM = c, m
			}
		}
		return best
	}
}

// Schedule runs one TTI. rates[i] is UE i's rate in bit/s for this TTI and
// backlog[i] the bits queued for it. It returns the grants in service order
// and updates the throughput averages.
func (s *Scheduler) Schedule(rates, backlog []float64) []Grant {
	n := len(s.ues)
	if len(rates) != n || len(backlog) != n {
		panic(fmt.Sprintf("sched: %d UEs, got %d rates and %d backlogs", n, len(rates), len(backlog)))
	}
	taken := make([]bool, n)
	for i := range s.served {
		s.served[i] = 0
	}
	if cap(s.cand) < len(s.clusters) {
		s.cand = make([]int, len(s.clusters))
	}
	cand := s.cand[:len(s.clusters)]
	var grants []Grant
	firstCluster := -1
	frac := 1.0
	for frac > 1e-9 {
		for k := range s.clusters {
			cand[k] = s.pickMember(&s.clusters[k], rates, backlog, taken)
		}
		c := s.pickCluster(cand, rates)
		if c < 0 {
			break
		}
		i := cand[c]
		cl := &s.clusters[c]
		if firstCluster < 0 {
			firstCluster = c
			if cl.intra == RoundRobin {
				cl.rrNext = (indexOf(cl.members, i) + 1) % len(cl.members)
			}
		}
		capBits := frac * rates[i] * TTISeconds
		bits := math.Min(capBits, backlog[i])
		frac -= bits / (rates[i] * TTISeconds)
		taken[i] = true
		s.served[i] = bits
		grants = append(grants, Grant{UE: i, Bits: bits})
	}
	if firstCluster >= 0 && s.policy.Inter == RoundRobin {
		s.interRR = (firstCluster + 1) % len(s.clusters)
	}
	a := 1 / s.window
	for i := range s.ueAvg {
		s.ueAvg[i] = (1-a)*s.ueAvg[i] + a*s.served[i]/TTISeconds
	}
	for k := range s.clusters {
		sum := 0.0
		for _, i := range s.clusters[k].members {
			sum += s.served[i]
		}
		s.clusters[k].avg = (1-a)*s.clusters[k].avg + a*sum/TTISeconds
	}
	return grants
}

func indexOf(xs []int, v int) int {
	for k, x := range xs {
		if x == v {
			return k
		}
	}
	return 0
}
