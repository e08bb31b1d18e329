package main

import (
	"log/slog"
	"net"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/clientagent"
)

// kernel is the agent's netlink access, opened in its network namespace.
type kernel struct {
	clientagent.Kernel
	pm      string // path manager in force: kernel or userspace
	restore func() error
	creator *clientagent.SubflowCreator // userspace path manager: started by run
	events  *clientagent.PMEvents
	closers []func() error
}

// openKernel opens the netlink sockets, resolves the path manager and the
// paths' interfaces, and with the userspace path manager prepares the
// subflow creator.
func openKernel(o *options, ps []clientagent.Path, log *slog.Logger) (*kernel, error) {
	k := &kernel{}
	k.Sysctls = clientagent.ProcSysctls{}
	q, err := clientagent.NewNetlinkQdiscs()
	if err != nil {
		return nil, err
	}
	k.Qdiscs = q
	k.closers = append(k.closers, func() error { q.Close(); return nil })
	pm, err := clientagent.NewNetlinkPM()
	if err != nil {
		k.close(log)
		return nil, err
	}
	k.PM = pm
	k.closers = append(k.closers, pm.Close)
	diag, err := clientagent.NewDiagSubflows()
	if err != nil {
		k.close(log)
		return nil, err
	}
	k.Subflows = diag
	k.closers = append(k.closers, diag.Close)
	if k.pm, k.restore, err = clientagent.ResolvePathManager(o.pathManager, k.Sysctls); err != nil {
		k.close(log)
		return nil, err
	}
	for i := range ps {
		if ifi, err := net.InterfaceByName(ps[i].Interface); err == nil {
			ps[i].IfIndex = int32(ifi.Index)
		} else {
			log.Warn("path interface not found; endpoints and subflows are not bound to it", "path", ps[i].ID, "err", err)
		}
	}
	if k.pm == clientagent.PMUserspace {
		evs, err := clientagent.NewPMEvents()
		if err != nil {
			k.close(log)
			return nil, err
		}
		k.creator, k.events = &clientagent.SubflowCreator{PM: pm, Paths: ps, Log: log}, evs
	}
	return k, nil
}

// close closes the sockets and puts the namespace's path manager back.
func (k *kernel) close(log *slog.Logger) {
	if k.restore != nil {
		if err := k.restore(); err != nil {
			log.Warn("restoring the path manager", "err", err)
		}
	}
	for i := len(k.closers) - 1; i >= 0; i-- {
		_ = k.closers[i]()
	}
}
