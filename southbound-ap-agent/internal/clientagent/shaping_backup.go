package clientagent

import (
	"context"
	"strconv"
)

// setBackups reads the MPTCP endpoints once and gives every path of weights
// the backup flag when its weight is 0 and takes it away otherwise. It
// returns the errors by path (every path fails when the endpoints cannot be read).
func (s *Shaping) setBackups(ctx context.Context, weights []Weight) map[string]error {
	errs := map[string]error{}
	eps, err := s.endpoints(ctx)
	for _, w := range weights {
		if err != nil {
			errs[w.PathID] = err
			continue
		}
		if e := s.setBackup(ctx, s.paths[w.PathID], w.Value == 0, eps); e != nil {
			errs[w.PathID] = e
		}
	}
	return errs
}

func (s *Shaping) endpoints(ctx context.Context) ([]Endpoint, error) {
	out, err := s.run.Run(ctx, "ip", "mptcp", "endpoint", "show")
	if err != nil {
		return nil, err
	}
	eps, _ := ParseEndpoints(out)
	return eps, nil
}

// setBackup makes the path's endpoints carry (or not) the backup flag. A path
// without an endpoint (the address of the initial subflow) gets one with only
// the backup flag when it must be a backup.
func (s *Shaping) setBackup(ctx context.Context, p Path, backup bool, eps []Endpoint) error {
	flag := "nobackup"
	if backup {
		flag = "backup"
	}
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
			if _, err := s.run.Run(ctx, "ip", "mptcp", "endpoint", "change", "id", strconv.FormatUint(uint64(e.ID), 10), flag); err != nil {
				return err
			}
		}
		if !found && backup {
			if _, err := s.run.Run(ctx, "ip", "mptcp", "endpoint", "add", a.String(), "dev", p.Interface, "backup"); err != nil {
				return err
			}
		}
	}
	return nil
}
