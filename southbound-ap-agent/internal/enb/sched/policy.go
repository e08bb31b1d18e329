package sched

import (
	"fmt"
	"regexp"
)

// Discipline is a scheduling discipline for one tier.
type Discipline int

// Disciplines.
const (
	Unspecified Discipline = iota
	PFS
	MaxCI
	RoundRobin
)

func (d Discipline) String() string {
	switch d {
	case PFS:
		return "PFS"
	case MaxCI:
		return "MAX_CI"
	case RoundRobin:
		return "ROUND_ROBIN"
	}
	return fmt.Sprintf("Discipline(%d)", int(d))
}

// DefaultPFSWindowTTI is the PFS averaging window when a policy gives 0.
const DefaultPFSWindowTTI = 1000

// MaxPFSWindowTTI bounds the PFS averaging window.
const MaxPFSWindowTTI = 100000

// ClusterSpec is one cluster of a policy, by UE identifiers.
type ClusterSpec struct {
	ID    string
	UEs   []string
	Intra Discipline
}

// Policy is a complete cluster scheduling policy.
type Policy struct {
	Version      uint64
	Inter        Discipline
	Clusters     []ClusterSpec
	PFSWindowTTI uint32
}

// DefaultPolicy is the policy of an eNB nobody has programmed: every UE in its
// own cluster, PFS between them (plain PFS).
func DefaultPolicy() Policy {
	return Policy{Version: 0, Inter: PFS, PFSWindowTTI: DefaultPFSWindowTTI}
}

// FieldError reports malformed input; Field names it in request syntax.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Msg }

// PreconditionError reports well-formed input that cannot be applied here.
type PreconditionError struct {
	Field string
	Msg   string
}

func (e *PreconditionError) Error() string { return e.Field + ": " + e.Msg }

var idPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

// ValidID reports whether s is a valid cluster or split identifier.
func ValidID(s string) bool { return idPattern.MatchString(s) }

func validDiscipline(d Discipline) bool { return d == PFS || d == MaxCI || d == RoundRobin }

// Validate checks p against the UEs the eNB serves. prefix is prepended to
// field names (e.g. "policy"). It returns a *FieldError for malformed input
// and a *PreconditionError for unknown UEs.
func Validate(p Policy, known []string, prefix string) error {
	f := func(s string) string {
		if prefix == "" {
			return s
		}
		return prefix + "." + s
	}
	if p.Version == 0 {
		return &FieldError{f("version"), "must be > 0"}
	}
	if !validDiscipline(p.Inter) {
		return &FieldError{f("inter_cluster"), fmt.Sprintf("must be PFS, MAX_CI or ROUND_ROBIN, got %v", p.Inter)}
	}
	if p.PFSWindowTTI > MaxPFSWindowTTI {
		return &FieldError{f("pfs_window_tti"), fmt.Sprintf("%d exceeds %d", p.PFSWindowTTI, MaxPFSWindowTTI)}
	}
	knownSet := make(map[string]bool, len(known))
	for _, u := range known {
		knownSet[u] = true
	}
	ids := map[string]int{}
	owner := map[string]string{}
	for i, c := range p.Clusters {
		cf := f(fmt.Sprintf("clusters[%d]", i))
		if !ValidID(c.ID) {
			return &FieldError{cf + ".cluster_id", fmt.Sprintf("%q must match [A-Za-z0-9._:-]{1,64}", c.ID)}
		}
		if j, dup := ids[c.ID]; dup {
			return &FieldError{cf + ".cluster_id", fmt.Sprintf("%q already used by clusters[%d]", c.ID, j)}
		}
		ids[c.ID] = i
		if !validDiscipline(c.Intra) {
			return &FieldError{cf + ".intra_cluster", fmt.Sprintf("must be PFS, MAX_CI or ROUND_ROBIN, got %v", c.Intra)}
		}
		if len(c.UEs) == 0 {
			return &FieldError{cf + ".ue_ids", "must name at least one UE"}
		}
		for k, u := range c.UEs {
			uf := fmt.Sprintf("%s.ue_ids[%d]", cf, k)
			if u == "" {
				return &FieldError{uf, "empty UE id"}
			}
			if o, dup := owner[u]; dup {
				return &FieldError{uf, fmt.Sprintf("UE %q already in cluster %q", u, o)}
			}
			owner[u] = c.ID
		}
	}
	for i, c := range p.Clusters {
		for k, u := range c.UEs {
			if !knownSet[u] {
				return &PreconditionError{f(fmt.Sprintf("clusters[%d].ue_ids[%d]", i, k)),
					fmt.Sprintf("UE %q is not served by this eNB", u)}
			}
		}
	}
	return nil
}

// Equal reports whether two policies have the same content (order matters:
// declaration order breaks ties and drives round robin).
func Equal(a, b Policy) bool {
	if a.Version != b.Version || a.Inter != b.Inter || a.PFSWindowTTI != b.PFSWindowTTI ||
		len(a.Clusters) != len(b.Clusters) {
		return false
	}
	for i := range a.Clusters {
		x, y := a.Clusters[i], b.Clusters[i]
		if x.ID != y.ID || x.Intra != y.Intra || len(x.UEs) != len(y.UEs) {
			return false
		}
		for k := range x.UEs {
			if x.UEs[k] != y.UEs[k] {
				return false
			}
		}
	}
	return true
}
