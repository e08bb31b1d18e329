package clientagent

import (
	"fmt"

	"github.com/mdlayher/genetlink"
)

// PMEvents receives the MPTCP path manager's connection events (multicast
// group "mptcp_pm_events"), which a userspace path manager acts on.
type PMEvents struct {
	c *genetlink.Conn
}

// NewPMEvents joins the events group in the current network namespace.
func NewPMEvents() (*PMEvents, error) {
	c, fam, err := dialPM()
	if err != nil {
		return nil, err
	}
	for _, g := range fam.Groups {
		if g.Name == pmEventsGroup {
			if err := c.JoinGroup(g.ID); err != nil {
				c.Close()
				return nil, fmt.Errorf("joining %s: %w", pmEventsGroup, err)
			}
			return &PMEvents{c: c}, nil
		}
	}
	c.Close()
	return nil, fmt.Errorf("family %s has no %s group", pmFamily, pmEventsGroup)
}

// Receive blocks for the next batch of events; an event that cannot be
// decoded is skipped and counted in bad.
func (e *PMEvents) Receive() (evs []PMEvent, bad int, err error) {
	msgs, _, err := e.c.Receive()
	if err != nil {
		return nil, 0, err
	}
	for _, m := range msgs {
		ev, err := ParsePMEvent(m.Header.Command, m.Data)
		if err != nil {
			bad++
			continue
		}
		evs = append(evs, ev)
	}
	return evs, bad, nil
}

// Close stops receiving (a blocked Receive returns an error).
func (e *PMEvents) Close() error { return e.c.Close() }
