package collector

import (
	"encoding/binary"
	"fmt"

	"github.com/mdlayher/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// tcKindOptions decodes the attributes after a struct tcmsg (qdisc, class
// and filter messages alike): TCA_KIND and a copy of TCA_OPTIONS. what names
// the message in errors ("qdisc", "filter").
func tcKindOptions(b []byte, what string) (kind string, opts []byte, err error) {
	if len(b) < tcmsgLen {
		return "", nil, fmt.Errorf("tcmsg: %d bytes, want at least %d", len(b), tcmsgLen)
	}
	ad, err := netlink.NewAttributeDecoder(b[tcmsgLen:])
	if err != nil {
		return "", nil, fmt.Errorf("%s attributes: %w", what, err)
	}
	for ad.Next() {
		switch ad.Type() {
		case tcaKind:
			kind = ad.String()
		case tcaOptions:
			opts = append([]byte(nil), ad.Bytes()...)
		}
	}
	if err := ad.Err(); err != nil {
		return "", nil, fmt.Errorf("%s attributes: %w", what, err)
	}
	return kind, opts, nil
}

// dumpTC dumps the traffic-control objects of type msgType (RTM_GETQDISC,
// RTM_GETTFILTER) of ifindex in namespace ns; parent, when not zero, selects
// the objects attached to that handle (tcm_parent).
func dumpTC(ns netns.NsHandle, ifindex int, msgType netlink.HeaderType, parent uint32, name string) ([]netlink.Message, error) {
	cfg := &netlink.Config{}
	if ns.IsOpen() {
		cfg.NetNS = int(ns)
	}
	c, err := netlink.Dial(unix.NETLINK_ROUTE, cfg)
	if err != nil {
		return nil, fmt.Errorf("rtnetlink dial: %w", err)
	}
	defer c.Close()
	req := netlink.Message{
		Header: netlink.Header{Type: msgType, Flags: netlink.Request | netlink.Dump},
		Data:   make([]byte, tcmsgLen),
	}
	binary.NativeEndian.PutUint32(req.Data[4:8], uint32(ifindex))
	binary.NativeEndian.PutUint32(req.Data[12:16], parent)
	msgs, err := c.Execute(req)
	if err != nil {
		return nil, fmt.Errorf("%s dump: %w", name, err)
	}
	return msgs, nil
}
