package clientagent

import (
	"encoding/binary"
	"fmt"
	"net/netip"

	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// The MPTCP path manager's generic-netlink family (include/uapi/linux/mptcp.h
// and mptcp_pm.h; Documentation/netlink/specs/mptcp_pm.yaml).
const (
	pmFamily      = "mptcp_pm"
	pmEventsGroup = "mptcp_pm_events"

	pmCmdAddAddr       = 1
	pmCmdDelAddr       = 2
	pmCmdGetAddr       = 3
	pmCmdSetFlags      = 7
	pmCmdSubflowCreate = 10

	pmAttrAddr       = 1 // nested endpoint address
	pmAttrToken      = 4 // u32
	pmAttrAddrRemote = 6 // nested address

	pmAddrAttrFamily = 1 // u16
	pmAddrAttrID     = 2 // u8
	pmAddrAttrAddr4  = 3 // struct in_addr
	pmAddrAttrAddr6  = 4 // struct in6_addr
	pmAddrAttrPort   = 5 // u16, host order
	pmAddrAttrFlags  = 6 // u32
	pmAddrAttrIfIdx  = 7 // s32
)

// encodePMAddr writes an endpoint address as the nested attribute typ. An
// invalid Addr writes no family and no address (an id-only lookup).
func encodePMAddr(ae *netlink.AttributeEncoder, typ uint16, ep Endpoint, withFlags bool) {
	ae.Nested(typ, func(nae *netlink.AttributeEncoder) error {
		if ep.Addr.IsValid() {
			a := ep.Addr.Unmap()
			if a.Is4() {
				nae.Uint16(pmAddrAttrFamily, unix.AF_INET)
				b := a.As4()
				nae.Bytes(pmAddrAttrAddr4, b[:])
			} else {
				nae.Uint16(pmAddrAttrFamily, unix.AF_INET6)
				b := a.As16()
				nae.Bytes(pmAddrAttrAddr6, b[:])
			}
		}
		if ep.ID != 0 {
			nae.Uint8(pmAddrAttrID, ep.ID)
		}
		if ep.Port != 0 {
			nae.Uint16(pmAddrAttrPort, ep.Port)
		}
		if withFlags {
			nae.Uint32(pmAddrAttrFlags, ep.Flags)
		}
		if ep.IfIndex != 0 {
			nae.Int32(pmAddrAttrIfIdx, ep.IfIndex)
		}
		return nil
	})
}

// ParsePMAddrMessage decodes one MPTCP_PM_CMD_GET_ADDR reply's attributes
// (an MPTCP_PM_ATTR_ADDR nest) into an endpoint.
func ParsePMAddrMessage(b []byte) (Endpoint, error) {
	ad, err := netlink.NewAttributeDecoder(b)
	if err != nil {
		return Endpoint{}, err
	}
	var ep Endpoint
	found := false
	for ad.Next() {
		if ad.Type() != pmAttrAddr {
			continue
		}
		found = true
		ad.Nested(func(nad *netlink.AttributeDecoder) error {
			ep, err = decodePMAddr(nad)
			return nil
		})
	}
	if aerr := ad.Err(); aerr != nil {
		return Endpoint{}, aerr
	}
	if !found {
		return Endpoint{}, fmt.Errorf("mptcp_pm GET_ADDR reply: no MPTCP_PM_ATTR_ADDR")
	}
	return ep, err
}

func decodePMAddr(ad *netlink.AttributeDecoder) (Endpoint, error) {
	var ep Endpoint
	var fam uint16
	for ad.Next() {
		switch ad.Type() {
		case pmAddrAttrFamily:
			fam = ad.Uint16()
		case pmAddrAttrID:
			ep.ID = ad.Uint8()
		case pmAddrAttrAddr4, pmAddrAttrAddr6:
			b := ad.Bytes()
			a, ok := netip.AddrFromSlice(b)
			if !ok {
				return ep, fmt.Errorf("mptcp_pm address: %d bytes", len(b))
			}
			ep.Addr = a.Unmap()
		case pmAddrAttrPort:
			ep.Port = ad.Uint16()
		case pmAddrAttrFlags:
			ep.Flags = ad.Uint32()
		case pmAddrAttrIfIdx:
			ep.IfIndex = ad.Int32()
		}
	}
	if err := ad.Err(); err != nil {
		return ep, err
	}
	if !ep.Addr.IsValid() || (fam != unix.AF_INET && fam != unix.AF_INET6) {
		return ep, fmt.Errorf("mptcp_pm address: family %d without a valid address", fam)
	}
	return ep, nil
}

// MPTCP path manager events (enum mptcp_event_type, mptcp_event_attr).
const (
	pmEventEstablished = 2
	pmEventClosed      = 3

	evAttrToken      = 1  // u32
	evAttrFamily     = 2  // u16
	evAttrSaddr4     = 5  // be32
	evAttrSaddr6     = 6  // in6_addr
	evAttrDaddr4     = 7  // be32
	evAttrDaddr6     = 8  // in6_addr
	evAttrSport      = 9  // be16
	evAttrDport      = 10 // be16
	evAttrServerSide = 18 // u8
)

// PMEvent is an MPTCP connection event from the path manager's multicast group.
type PMEvent struct {
	Type          uint8
	Token         uint32
	Local, Remote netip.AddrPort
	ServerSide    bool
}

// ParsePMEvent decodes an event's attributes.
func ParsePMEvent(cmd uint8, b []byte) (PMEvent, error) {
	ev := PMEvent{Type: cmd}
	ad, err := netlink.NewAttributeDecoder(b)
	if err != nil {
		return ev, err
	}
	var src, dst netip.Addr
	var sport, dport uint16
	for ad.Next() {
		switch ad.Type() {
		case evAttrToken:
			ev.Token = ad.Uint32()
		case evAttrSaddr4, evAttrSaddr6:
			src, _ = netip.AddrFromSlice(ad.Bytes())
		case evAttrDaddr4, evAttrDaddr6:
			dst, _ = netip.AddrFromSlice(ad.Bytes())
		case evAttrSport:
			sport = beUint16(ad.Bytes())
		case evAttrDport:
			dport = beUint16(ad.Bytes())
		case evAttrServerSide:
			ev.ServerSide = ad.Uint8() != 0
		}
	}
	if err := ad.Err(); err != nil {
		return ev, err
	}
	if src.IsValid() && dst.IsValid() {
		ev.Local, ev.Remote = netip.AddrPortFrom(src.Unmap(), sport), netip.AddrPortFrom(dst.Unmap(), dport)
	}
	return ev, nil
}

func beUint16(b []byte) uint16 {
	if len(b) != 2 {
		return 0
	}
	return binary.BigEndian.Uint16(b)
}
