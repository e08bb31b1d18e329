package clientagent

import (
	"fmt"

	"github.com/vishvananda/netlink"
)

// NetlinkQdiscs manages tbf root qdiscs over rtnetlink (vishvananda/netlink),
// in the network namespace of its handle.
type NetlinkQdiscs struct {
	h *netlink.Handle
}

// NewNetlinkQdiscs opens an rtnetlink handle in the current network namespace.
func NewNetlinkQdiscs() (*NetlinkQdiscs, error) {
	h, err := netlink.NewHandle()
	if err != nil {
		return nil, fmt.Errorf("rtnetlink: %w", err)
	}
	return &NetlinkQdiscs{h: h}, nil
}

// Close closes the handle.
func (q *NetlinkQdiscs) Close() { q.h.Close() }

func (q *NetlinkQdiscs) root(iface string) (netlink.Link, netlink.Qdisc, error) {
	l, err := q.h.LinkByName(iface)
	if err != nil {
		return nil, nil, fmt.Errorf("interface %s: %w", iface, err)
	}
	qs, err := q.h.QdiscList(l)
	if err != nil {
		return nil, nil, fmt.Errorf("qdiscs of %s: %w", iface, err)
	}
	for _, qd := range qs {
		if qd.Attrs().Parent == netlink.HANDLE_ROOT {
			return l, qd, nil
		}
	}
	return l, nil, nil
}

// RootIsTbf reports whether iface's root qdisc is a tbf.
func (q *NetlinkQdiscs) RootIsTbf(iface string) (bool, error) {
	_, qd, err := q.root(iface)
	return err == nil && qd != nil && qd.Type() == "tbf", err
}

// DelRoot deletes iface's root qdisc.
func (q *NetlinkQdiscs) DelRoot(iface string) error {
	_, qd, err := q.root(iface)
	if err != nil || qd == nil {
		return err
	}
	if err := q.h.QdiscDel(qd); err != nil {
		return fmt.Errorf("deleting the root qdisc of %s: %w", iface, err)
	}
	return nil
}

// SetTbf installs or changes the tbf root qdisc of iface. The burst is
// given to the kernel as the time the rate takes to send it, as tc does
// (tc_calc_xmittime).
func (q *NetlinkQdiscs) SetTbf(iface string, spec TbfSpec, change bool) error {
	l, err := q.h.LinkByName(iface)
	if err != nil {
		return fmt.Errorf("interface %s: %w", iface, err)
	}
	rate := spec.RateBps / 8 // bytes per second
	tbf := &netlink.Tbf{
		QdiscAttrs: netlink.QdiscAttrs{LinkIndex: l.Attrs().Index, Parent: netlink.HANDLE_ROOT,
			Handle: netlink.MakeHandle(1, 0)},
		Rate: rate, Limit: uint32(min(spec.LimitBytes, 1<<32-1)),
		Buffer: netlink.Xmittime(rate, uint32(min(spec.BurstBytes, 1<<32-1))),
	}
	verb := "replace"
	if change {
		verb = "change"
		err = q.h.QdiscChange(tbf)
	} else {
		err = q.h.QdiscReplace(tbf)
	}
	if err != nil {
		return fmt.Errorf("tbf %s on %s (rate %d bit/s, burst %d, limit %d): %w", verb, iface, spec.RateBps,
			spec.BurstBytes, spec.LimitBytes, err)
	}
	return nil
}
