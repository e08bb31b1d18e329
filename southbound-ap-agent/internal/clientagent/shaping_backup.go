package clientagent

import (
	"fmt"
	"net/netip"
)

// setBackups gives every path of weights the backup flag when its weight is 0
// and takes it away otherwise: on the path's in-kernel endpoints, or, with
// per-connection backups (userspace path manager), on each of the path's
// subflows. It returns the errors by path.
func (s *Shaping) setBackups(weights []Weight) map[string]error {
	for _, w := range weights {
		s.backup[w.PathID] = w.Value == 0
	}
	if s.cfg.PerConnectionBackup {
		sfs, err := s.k.Subflows.Subflows()
		if err != nil {
			return allFail(weights, err)
		}
		return s.syncSubflowBackups(sfs)
	}
	eps, err := s.k.PM.Endpoints()
	if err != nil {
		return allFail(weights, err)
	}
	errs := map[string]error{}
	for _, w := range weights {
		if e := s.setEndpointBackup(s.paths[w.PathID], w.Value == 0, eps); e != nil {
			errs[w.PathID] = e
		}
	}
	return errs
}

func allFail(weights []Weight, err error) map[string]error {
	errs := map[string]error{}
	for _, w := range weights {
		errs[w.PathID] = err
	}
	return errs
}

// setEndpointBackup makes the path's endpoints carry (or not) the backup
// flag. The in-kernel path manager sends MP_PRIO on existing subflows only
// when an endpoint's backup flag changes (SET_FLAGS, mptcp_pm_nl_set_flags:
// on each connection's subflow from the endpoint's address), never when an
// endpoint is added (ADD_ADDR). An address without an endpoint (the address
// of the initial subflow) that must become a backup therefore first gets an
// endpoint with no flags (neither subflow nor signal: it opens no subflow
// and announces nothing), and then the backup flag with SET_FLAGS, so the
// initial subflows of the connections already open become backups too.
func (s *Shaping) setEndpointBackup(p Path, backup bool, eps []Endpoint) error {
	for _, a := range p.Addresses {
		mine := endpointsOf(eps, a)
		if len(mine) == 0 && backup {
			if err := s.k.PM.AddEndpoint(Endpoint{Addr: a, IfIndex: p.IfIndex}); err != nil {
				return err
			}
			all, err := s.k.PM.Endpoints()
			if err != nil {
				return err
			}
			if mine = endpointsOf(all, a); len(mine) == 0 {
				return fmt.Errorf("mptcp endpoint %s: added but not listed", a)
			}
		}
		for _, e := range mine {
			if e.Backup() == backup {
				continue
			}
			k := epKey{e.ID, e.Addr}
			if _, ok := s.epOrig[k]; !ok {
				s.epOrig[k] = e.Backup()
			}
			if err := s.k.PM.SetEndpointFlags(e.ID, withBackup(e.Flags, backup)); err != nil {
				return err
			}
		}
	}
	return nil
}

// epKey names an endpoint the agent changed: its id and address (an id
// alone could be reused by an endpoint added later).
type epKey struct {
	id   uint8
	addr netip.Addr
}

func endpointsOf(eps []Endpoint, a netip.Addr) []Endpoint {
	var out []Endpoint
	for _, e := range eps {
		if e.Addr == a {
			out = append(out, e)
		}
	}
	return out
}

func withBackup(flags uint32, backup bool) uint32 {
	flags &^= EndpointBackup
	if backup {
		flags |= EndpointBackup
	}
	return flags
}

// restoreBackups undoes the agent's backup flags (Close). Every endpoint
// whose backup flag the agent changed gets it back as it was (the kernel
// sends MP_PRIO again); an endpoint the agent added stays, with no flags:
// deleting the endpoint of an initial subflow's address would close that
// subflow on every connection (mptcp_pm_nl_del_addr_doit removes the
// subflows from a deleted endpoint's address), and one without flags neither
// opens nor announces anything. With per-connection backups the backup bit
// is cleared on every subflow of the paths that carries it.
func (s *Shaping) restoreBackups() error {
	if s.cfg.PerConnectionBackup {
		for id := range s.backup {
			s.backup[id] = false
		}
		sfs, err := s.k.Subflows.Subflows()
		if err != nil {
			return err
		}
		for id, e := range s.syncSubflowBackups(sfs) {
			return fmt.Errorf("path %s: %w", id, e)
		}
		return nil
	}
	if len(s.epOrig) == 0 {
		return nil
	}
	eps, err := s.k.PM.Endpoints()
	if err != nil {
		return err
	}
	var first error
	for _, e := range eps {
		orig, ok := s.epOrig[epKey{e.ID, e.Addr}]
		if !ok || e.Backup() == orig {
			continue
		}
		if err := s.k.PM.SetEndpointFlags(e.ID, withBackup(e.Flags, orig)); err != nil && first == nil {
			first = err
		}
	}
	clear(s.epOrig)
	return first
}

// syncSubflowBackups sends MP_PRIO on every subflow of sfs whose local
// backup bit differs from its path's wanted one. It returns the errors by path.
func (s *Shaping) syncSubflowBackups(sfs []Subflow) map[string]error {
	errs := map[string]error{}
	for _, sf := range sfs {
		pid := PathOf(s.order, sf.Local.Addr())
		want, ok := s.backup[pid]
		if pid == "" || !ok || sf.Backup == want {
			continue
		}
		if err := s.k.PM.SetSubflowBackup(sf.Token, sf.Local, sf.Remote, want); err != nil && errs[pid] == nil {
			errs[pid] = err
		}
	}
	return errs
}

// BackupWanted reports whether the path is to be a backup (weight 0).
func (s *Shaping) BackupWanted(pathID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.backup[pathID]
}
