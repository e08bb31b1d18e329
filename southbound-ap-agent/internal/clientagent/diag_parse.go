package clientagent

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"unsafe"

	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// Subflow is one MPTCP subflow as sock_diag reports it: a TCP socket whose
// upper layer protocol is "mptcp" (INET_DIAG_ULP_INFO), with its tcp_info.
type Subflow struct {
	Local, Remote    netip.AddrPort
	SrttUs, RttvarUs uint32
	DeliveryRateBps  uint64
	BytesAcked       uint64
	BytesSent        uint64
	BytesRetrans     uint64
	Cwnd             uint32
	Backup           bool   // local backup flag (MPTCP_SUBFLOW_FLAG_BKUP_LOC)
	PeerBackup       bool   // the peer's backup flag, from its MP_JOIN or MP_PRIO (MPTCP_SUBFLOW_FLAG_BKUP_REM)
	Token            uint32 // local token of the MPTCP connection (MPTCP_SUBFLOW_ATTR_TOKEN_LOC)
	LocalID          uint8  // local address id (MPTCP_SUBFLOW_ATTR_ID_LOC)
}

// sock_diag layout (include/uapi/linux/inet_diag.h, mptcp.h).
const (
	inetDiagMsgLen      = 72 // struct inet_diag_msg
	inetDiagInfo        = 2  // INET_DIAG_INFO: struct tcp_info
	inetDiagULPInfo     = 19 // INET_DIAG_ULP_INFO (nested)
	inetULPInfoName     = 1  // INET_ULP_INFO_NAME: "mptcp"
	inetULPInfoMPTCP    = 3  // INET_ULP_INFO_MPTCP (nested MPTCP_SUBFLOW_ATTR_*)
	subflowAttrTokenLoc = 2
	subflowAttrFlags    = 8
	subflowAttrIDLoc    = 10
	subflowFlagBkupRem  = 1 << 4
	subflowFlagBkupLoc  = 1 << 5
)

var errNotSubflow = errors.New("not an MPTCP subflow")

// ParseDiagMessage decodes one SOCK_DIAG_BY_FAMILY reply (struct
// inet_diag_msg and its attributes). It returns errNotSubflow for a socket
// without MPTCP ULP info, and an error for a malformed message.
func ParseDiagMessage(b []byte) (Subflow, error) {
	var sf Subflow
	if len(b) < inetDiagMsgLen {
		return sf, fmt.Errorf("inet_diag_msg: %d bytes, want %d", len(b), inetDiagMsgLen)
	}
	fam := b[0]
	sport := binary.BigEndian.Uint16(b[4:6])
	dport := binary.BigEndian.Uint16(b[6:8])
	src, ok1 := diagAddr(fam, b[8:24])
	dst, ok2 := diagAddr(fam, b[24:40])
	if !ok1 || !ok2 {
		return sf, fmt.Errorf("inet_diag_msg: family %d is not inet or inet6", fam)
	}
	sf.Local, sf.Remote = netip.AddrPortFrom(src, sport), netip.AddrPortFrom(dst, dport)
	ad, err := netlink.NewAttributeDecoder(b[inetDiagMsgLen:])
	if err != nil {
		return sf, err
	}
	var info []byte
	mptcp := false
	for ad.Next() {
		switch ad.Type() {
		case inetDiagInfo:
			info = ad.Bytes()
		case inetDiagULPInfo:
			ad.Nested(func(nad *netlink.AttributeDecoder) error {
				mptcp = decodeULP(nad, &sf)
				return nil
			})
		}
	}
	if err := ad.Err(); err != nil {
		return sf, fmt.Errorf("inet_diag attributes: %w", err)
	}
	if !mptcp {
		return sf, errNotSubflow
	}
	if info == nil {
		return sf, errors.New("inet_diag: no INET_DIAG_INFO (tcp_info)")
	}
	setTCPInfo(&sf, info)
	return sf, nil
}

func diagAddr(fam byte, b []byte) (netip.Addr, bool) {
	switch fam {
	case unix.AF_INET:
		return netip.AddrFrom4([4]byte(b[:4])), true
	case unix.AF_INET6:
		return netip.AddrFrom16([16]byte(b[:16])).Unmap(), true
	}
	return netip.Addr{}, false
}

// decodeULP reads INET_DIAG_ULP_INFO; it reports whether the ULP is mptcp.
func decodeULP(ad *netlink.AttributeDecoder, sf *Subflow) bool {
	name := ""
	for ad.Next() {
		switch ad.Type() {
		case inetULPInfoName:
			name = ad.String()
		case inetULPInfoMPTCP:
			ad.Nested(func(nad *netlink.AttributeDecoder) error {
				for nad.Next() {
					switch nad.Type() {
					case subflowAttrTokenLoc:
						sf.Token = nad.Uint32()
					case subflowAttrFlags:
						fl := nad.Uint32()
						sf.Backup, sf.PeerBackup = fl&subflowFlagBkupLoc != 0, fl&subflowFlagBkupRem != 0
					case subflowAttrIDLoc:
						sf.LocalID = nad.Uint8()
					}
				}
				return nil
			})
		}
	}
	return name == "mptcp"
}

// setTCPInfo copies the fields the agent uses from a struct tcp_info (a
// shorter one from an older kernel leaves the missing fields zero). The
// offsets are those of unix.TCPInfo, which mirrors the C layout.
func setTCPInfo(sf *Subflow, b []byte) {
	buf := make([]byte, unix.SizeofTCPInfo)
	copy(buf, b)
	var ti unix.TCPInfo
	u32 := func(off uintptr) uint32 { return binary.NativeEndian.Uint32(buf[off:]) }
	u64 := func(off uintptr) uint64 { return binary.NativeEndian.Uint64(buf[off:]) }
	sf.SrttUs, sf.RttvarUs, sf.Cwnd = u32(unsafe.Offsetof(ti.Rtt)), u32(unsafe.Offsetof(ti.Rttvar)), u32(unsafe.Offsetof(ti.Snd_cwnd))
	sf.DeliveryRateBps = u64(unsafe.Offsetof(ti.Delivery_rate)) * 8
	sf.BytesAcked = u64(unsafe.Offsetof(ti.Bytes_acked))
	sf.BytesSent = u64(unsafe.Offsetof(ti.Bytes_sent))
	sf.BytesRetrans = u64(unsafe.Offsetof(ti.Bytes_retrans))
}
