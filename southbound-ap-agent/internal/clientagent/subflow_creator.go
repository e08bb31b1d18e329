package clientagent

import (
	"context"
	"log/slog"
	"net/netip"
	"time"
)

// SubflowCreator is the subflow half of a userspace path manager: when a
// connection this client opened is established (MPTCP_EVENT_ESTABLISHED), it
// opens one subflow from every other path (MPTCP_PM_CMD_SUBFLOW_CREATE) to the
// connection's remote address and port, so the joins still cross every
// access network. A path that is a backup (weight 0) opens its subflow with
// the backup flag (MP_JOIN with the B bit).
type SubflowCreator struct {
	PM     PathManager
	Paths  []Path
	Backup func(pathID string) bool // nil: never a backup
	Log    *slog.Logger
}

// Handle acts on one event and returns the errors of the subflows it could
// not open.
func (c *SubflowCreator) Handle(ev PMEvent) []error {
	if ev.Type != pmEventEstablished || ev.ServerSide || !ev.Local.IsValid() || !ev.Remote.IsValid() {
		return nil
	}
	own := PathOf(c.Paths, ev.Local.Addr())
	var errs []error
	id := uint8(0)
	for _, p := range c.Paths {
		for _, a := range p.Addresses {
			id++ // a fixed local id per address: 1, 2, ... in path order
			if p.ID == own || !sameFamily(a, ev.Local.Addr()) || a == ev.Local.Addr() {
				continue
			}
			ep := Endpoint{Addr: a, ID: id, IfIndex: p.IfIndex}
			if c.Backup != nil && c.Backup(p.ID) {
				ep.Flags = EndpointBackup
			}
			if err := c.PM.CreateSubflow(ev.Token, ep, ev.Remote); err != nil {
				errs = append(errs, err)
			}
			break // one subflow per path
		}
	}
	return errs
}

// Run receives events until ctx ends (it closes evs then).
func (c *SubflowCreator) Run(ctx context.Context, evs *PMEvents) {
	go func() {
		<-ctx.Done()
		evs.Close()
	}()
	for {
		batch, bad, err := evs.Receive()
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			c.Log.Warn("path manager events", "err", err)
			time.Sleep(100 * time.Millisecond) // e.g. ENOBUFS after a burst: events were lost, keep going
			continue
		}
		if bad > 0 {
			c.Log.Warn("undecodable path manager events skipped", "count", bad)
		}
		for _, ev := range batch {
			for _, err := range c.Handle(ev) {
				c.Log.Warn("opening a subflow", "token", ev.Token, "err", err)
			}
			if ev.Type == pmEventEstablished && !ev.ServerSide {
				c.Log.Debug("connection established", "token", ev.Token, "local", ev.Local, "remote", ev.Remote)
			}
		}
	}
}

// sameFamily reports whether a and b are of one address family.
func sameFamily(a, b netip.Addr) bool { return a.Is4() == b.Is4() }
