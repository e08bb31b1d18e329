package clientagent

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
// flag. A path without an endpoint (the address of the initial subflow) gets
// one with only the backup flag when it must be a backup.
func (s *Shaping) setEndpointBackup(p Path, backup bool, eps []Endpoint) error {
	for _, a := range p.Addresses {
		found := false
		for _, e := range eps {
			if e.Addr != a {
				continue
			}
			found = true
			if e.Backup() == backup {
				continue
			}
			flags := e.Flags &^ EndpointBackup
			if backup {
				flags |= EndpointBackup
			}
			if err := s.k.PM.SetEndpointFlags(e.ID, flags); err != nil {
				return err
			}
		}
		if !found && backup {
			if err := s.k.PM.AddEndpoint(Endpoint{Addr: a, Flags: EndpointBackup, IfIndex: p.IfIndex}); err != nil {
				return err
			}
		}
	}
	return nil
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
