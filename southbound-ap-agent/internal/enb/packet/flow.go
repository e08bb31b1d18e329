package packet

import (
	"encoding/binary"
	"errors"
	"net/netip"
)

// Ethernet types.
const (
	EtherTypeIPv4 = 0x0800
	EtherTypeIPv6 = 0x86DD
	EtherTypeVLAN = 0x8100
)

// Flow is the classification of one IP frame.
type Flow struct {
	Src, Dst         netip.Addr
	Proto            uint8
	SrcPort, DstPort uint16 // 0 when not TCP/UDP or not the first fragment
}

// Errors of Parse.
var (
	ErrNotIP     = errors.New("not an IPv4/IPv6 frame")
	ErrTruncated = errors.New("truncated frame")
	ErrMalformed = errors.New("malformed IP header")
)

// Parse classifies an Ethernet frame. Non-IP frames (ARP, ...) give ErrNotIP.
func Parse(frame []byte) (Flow, error) {
	if len(frame) < 14 {
		return Flow{}, ErrTruncated
	}
	et := binary.BigEndian.Uint16(frame[12:14])
	off := 14
	if et == EtherTypeVLAN {
		if len(frame) < 18 {
			return Flow{}, ErrTruncated
		}
		et = binary.BigEndian.Uint16(frame[16:18])
		off = 18
	}
	switch et {
	case EtherTypeIPv4:
		return parseIPv4(frame[off:])
	case EtherTypeIPv6:
		return parseIPv6(frame[off:])
	}
	return Flow{}, ErrNotIP
}

func parseIPv4(b []byte) (Flow, error) {
	if len(b) < 20 {
		return Flow{}, ErrTruncated
	}
	if b[0]>>4 != 4 {
		return Flow{}, ErrMalformed
	}
	ihl := int(b[0]&0x0f) * 4
	if ihl < 20 || len(b) < ihl {
		return Flow{}, ErrMalformed
	}
	f := Flow{
		Src:   netip.AddrFrom4([4]byte(b[12:16])),
		Dst:   netip.AddrFrom4([4]byte(b[16:20])),
		Proto: b[9],
	}
	fragOff := binary.BigEndian.Uint16(b[6:8]) & 0x1fff
	if fragOff == 0 {
		ports(&f, b[ihl:])
	}
	return f, nil
}

func parseIPv6(b []byte) (Flow, error) {
	if len(b) < 40 {
		return Flow{}, ErrTruncated
	}
	if b[0]>>4 != 6 {
		return Flow{}, ErrMalformed
	}
	f := Flow{
		Src:   netip.AddrFrom16([16]byte(b[8:24])),
		Dst:   netip.AddrFrom16([16]byte(b[24:40])),
		Proto: b[6],
	}
	ports(&f, b[40:])
	return f, nil
}

func ports(f *Flow, l4 []byte) {
	if (f.Proto == 6 || f.Proto == 17) && len(l4) >= 4 {
		f.SrcPort = binary.BigEndian.Uint16(l4[0:2])
		f.DstPort = binary.BigEndian.Uint16(l4[2:4])
	}
}
