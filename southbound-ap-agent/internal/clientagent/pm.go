package clientagent

import (
	"fmt"
	"net/netip"
	"sync"

	"github.com/mdlayher/genetlink"
	"github.com/mdlayher/netlink"
)

// NetlinkPM drives the MPTCP path manager over its generic-netlink family
// "mptcp_pm" (net/mptcp/pm_netlink.c, pm_userspace.c), as `ip mptcp` and
// mptcpd do. The socket belongs to the network namespace it was opened in.
type NetlinkPM struct {
	mu  sync.Mutex
	c   *genetlink.Conn
	fam genetlink.Family
}

// NewNetlinkPM opens the family in the current network namespace.
func NewNetlinkPM() (*NetlinkPM, error) {
	c, fam, err := dialPM()
	if err != nil {
		return nil, err
	}
	return &NetlinkPM{c: c, fam: fam}, nil
}

// dialPM opens a generic netlink socket and resolves the path manager's family.
func dialPM() (*genetlink.Conn, genetlink.Family, error) {
	c, err := genetlink.Dial(nil)
	if err != nil {
		return nil, genetlink.Family{}, fmt.Errorf("genetlink: %w", err)
	}
	fam, err := c.GetFamily(pmFamily)
	if err != nil {
		c.Close()
		return nil, genetlink.Family{}, fmt.Errorf("generic netlink family %s (kernel without MPTCP?): %w",
			pmFamily, err)
	}
	return c, fam, nil
}

// Close closes the socket.
func (p *NetlinkPM) Close() error { return p.c.Close() }

func (p *NetlinkPM) exec(cmd uint8, flags netlink.HeaderFlags, enc func(ae *netlink.AttributeEncoder)) ([]genetlink.Message, error) {
	ae := netlink.NewAttributeEncoder()
	if enc != nil {
		enc(ae)
	}
	data, err := ae.Encode()
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.c.Execute(genetlink.Message{Header: genetlink.Header{Command: cmd, Version: p.fam.Version}, Data: data},
		p.fam.ID, flags)
}

// Endpoints dumps the in-kernel endpoints (MPTCP_PM_CMD_GET_ADDR).
func (p *NetlinkPM) Endpoints() ([]Endpoint, error) {
	msgs, err := p.exec(pmCmdGetAddr, netlink.Request|netlink.Dump, nil)
	if err != nil {
		return nil, fmt.Errorf("mptcp_pm get-addr: %w", err)
	}
	eps := make([]Endpoint, 0, len(msgs))
	for _, m := range msgs {
		ep, err := ParsePMAddrMessage(m.Data)
		if err != nil {
			return nil, fmt.Errorf("mptcp_pm get-addr reply: %w", err)
		}
		eps = append(eps, ep)
	}
	return eps, nil
}

// AddEndpoint adds an in-kernel endpoint (MPTCP_PM_CMD_ADD_ADDR).
func (p *NetlinkPM) AddEndpoint(ep Endpoint) error {
	_, err := p.exec(pmCmdAddAddr, netlink.Request|netlink.Acknowledge, func(ae *netlink.AttributeEncoder) {
		encodePMAddr(ae, pmAttrAddr, ep, true)
	})
	if err != nil {
		return fmt.Errorf("mptcp_pm add-addr %s: %w", ep.Addr, err)
	}
	return nil
}

// DelEndpoint removes endpoint id (MPTCP_PM_CMD_DEL_ADDR).
func (p *NetlinkPM) DelEndpoint(id uint8) error {
	_, err := p.exec(pmCmdDelAddr, netlink.Request|netlink.Acknowledge, func(ae *netlink.AttributeEncoder) {
		encodePMAddr(ae, pmAttrAddr, Endpoint{ID: id}, false)
	})
	if err != nil {
		return fmt.Errorf("mptcp_pm del-addr id %d: %w", id, err)
	}
	return nil
}

// SetEndpointFlags sets endpoint id's flags (MPTCP_PM_CMD_SET_FLAGS without
// a token: the in-kernel path manager, mptcp_pm_nl_set_flags).
func (p *NetlinkPM) SetEndpointFlags(id uint8, flags uint32) error {
	_, err := p.exec(pmCmdSetFlags, netlink.Request|netlink.Acknowledge, func(ae *netlink.AttributeEncoder) {
		encodePMAddr(ae, pmAttrAddr, Endpoint{ID: id, Flags: flags}, true)
	})
	if err != nil {
		return fmt.Errorf("mptcp_pm set-flags id %d: %w", id, err)
	}
	return nil
}

// SetSubflowBackup sets or clears the backup bit of one subflow
// (MPTCP_PM_CMD_SET_FLAGS with token, local and remote address: the
// userspace path manager, mptcp_userspace_pm_set_flags), which sends MP_PRIO.
func (p *NetlinkPM) SetSubflowBackup(token uint32, local, remote netip.AddrPort, backup bool) error {
	var flags uint32
	if backup {
		flags = EndpointBackup
	}
	_, err := p.exec(pmCmdSetFlags, netlink.Request|netlink.Acknowledge, func(ae *netlink.AttributeEncoder) {
		ae.Uint32(pmAttrToken, token)
		encodePMAddr(ae, pmAttrAddr, Endpoint{Addr: local.Addr(), Port: local.Port(), Flags: flags}, true)
		encodePMAddr(ae, pmAttrAddrRemote, Endpoint{Addr: remote.Addr(), Port: remote.Port()}, false)
	})
	if err != nil {
		return fmt.Errorf("mptcp_pm set-flags token %08x %s -> %s: %w", token, local, remote, err)
	}
	return nil
}

// CreateSubflow opens a subflow (MPTCP_PM_CMD_SUBFLOW_CREATE, userspace path
// manager): local is the address with its id, interface and flags (backup).
func (p *NetlinkPM) CreateSubflow(token uint32, local Endpoint, remote netip.AddrPort) error {
	_, err := p.exec(pmCmdSubflowCreate, netlink.Request|netlink.Acknowledge, func(ae *netlink.AttributeEncoder) {
		ae.Uint32(pmAttrToken, token)
		encodePMAddr(ae, pmAttrAddr, local, true)
		encodePMAddr(ae, pmAttrAddrRemote, Endpoint{Addr: remote.Addr(), Port: remote.Port()}, false)
	})
	if err != nil {
		return fmt.Errorf("mptcp_pm subflow-create token %08x %s -> %s: %w", token, local.Addr, remote, err)
	}
	return nil
}
