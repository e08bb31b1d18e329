package clientagent

import (
	"encoding/binary"
	"errors"
	"net/netip"
	"testing"

	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// diagMsg builds a SOCK_DIAG_BY_FAMILY reply for an IPv4 socket: struct
// inet_diag_msg, INET_DIAG_INFO with ti, and (ulp != "") INET_DIAG_ULP_INFO.
func diagMsg(t testing.TB, local, remote netip.AddrPort, ti unix.TCPInfo, ulp string, token, flags uint32) []byte {
	b := make([]byte, inetDiagMsgLen)
	b[0] = unix.AF_INET
	binary.BigEndian.PutUint16(b[4:], local.Port())
	binary.BigEndian.PutUint16(b[6:], remote.Port())
	l, r := local.Addr().As4(), remote.Addr().As4()
	copy(b[8:], l[:])
	copy(b[24:], r[:])
	ae := netlink.NewAttributeEncoder()
	info := make([]byte, unix.SizeofTCPInfo)
	binary.NativeEndian.PutUint32(info[68:], ti.Rtt)
	binary.NativeEndian.PutUint32(info[72:], ti.Rttvar)
	binary.NativeEndian.PutUint32(info[80:], ti.Snd_cwnd)
	binary.NativeEndian.PutUint64(info[120:], ti.Bytes_acked)
	binary.NativeEndian.PutUint64(info[160:], ti.Delivery_rate)
	binary.NativeEndian.PutUint64(info[200:], ti.Bytes_sent)
	binary.NativeEndian.PutUint64(info[208:], ti.Bytes_retrans)
	ae.Bytes(inetDiagInfo, info)
	if ulp != "" {
		ae.Nested(inetDiagULPInfo, func(nae *netlink.AttributeEncoder) error {
			nae.String(inetULPInfoName, ulp)
			nae.Nested(inetULPInfoMPTCP, func(m *netlink.AttributeEncoder) error {
				m.Uint32(subflowAttrTokenLoc, token)
				m.Uint32(subflowAttrFlags, flags)
				m.Uint8(subflowAttrIDLoc, 2)
				return nil
			})
			return nil
		})
	}
	attrs, err := ae.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return append(b, attrs...)
}

func TestParseDiagMessage(t *testing.T) {
	l, r := netip.MustParseAddrPort("10.1.2.2:40773"), netip.MustParseAddrPort("10.1.3.2:5201")
	ti := unix.TCPInfo{Rtt: 16196, Rttvar: 1136, Snd_cwnd: 28, Bytes_acked: 5835945, Delivery_rate: 2392823,
		Bytes_sent: 6278568, Bytes_retrans: 403040}
	sf, err := ParseDiagMessage(diagMsg(t, l, r, ti, "mptcp", 0x69179a17, subflowFlagBkupLoc|1))
	if err != nil {
		t.Fatal(err)
	}
	want := Subflow{Local: l, Remote: r, SrttUs: 16196, RttvarUs: 1136, Cwnd: 28, BytesAcked: 5835945,
		DeliveryRateBps: 2392823 * 8, BytesSent: 6278568, BytesRetrans: 403040, Backup: true, Token: 0x69179a17, LocalID: 2}
	if sf != want {
		t.Fatalf("got %+v\nwant %+v", sf, want)
	}
	if sf, err = ParseDiagMessage(diagMsg(t, l, r, ti, "mptcp", 1, 0)); err != nil || sf.Backup || sf.PeerBackup {
		t.Fatalf("no backup flag: %+v %v", sf, err)
	}
	if sf, err = ParseDiagMessage(diagMsg(t, l, r, ti, "mptcp", 1, subflowFlagBkupRem)); err != nil || sf.Backup || !sf.PeerBackup {
		t.Fatalf("the peer's backup flag: %+v %v", sf, err)
	}
	if _, err := ParseDiagMessage(diagMsg(t, l, r, ti, "", 0, 0)); !errors.Is(err, errNotSubflow) {
		t.Errorf("plain TCP socket: %v, want errNotSubflow", err)
	}
	if _, err := ParseDiagMessage(diagMsg(t, l, r, ti, "tls", 0, 0)); !errors.Is(err, errNotSubflow) {
		t.Errorf("TLS ULP: %v, want errNotSubflow", err)
	}
	if _, err := ParseDiagMessage(make([]byte, 10)); err == nil {
		t.Error("short message accepted")
	}
	bad := diagMsg(t, l, r, ti, "mptcp", 1, 0)
	bad[0] = 99
	if _, err := ParseDiagMessage(bad); err == nil {
		t.Error("unknown family accepted")
	}
}

func pmAddrMsg(t testing.TB, ep Endpoint) []byte {
	ae := netlink.NewAttributeEncoder()
	encodePMAddr(ae, pmAttrAddr, ep, true)
	b, err := ae.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPMAddrRoundTrip(t *testing.T) {
	for _, ep := range []Endpoint{
		{Addr: netip.MustParseAddr("10.1.2.2"), ID: 1, Flags: EndpointSubflow | EndpointBackup, IfIndex: 7},
		{Addr: netip.MustParseAddr("fd00::2"), ID: 255, Port: 1000, Flags: EndpointSignal},
	} {
		got, err := ParsePMAddrMessage(pmAddrMsg(t, ep))
		if err != nil || got != ep {
			t.Errorf("%+v: got %+v %v", ep, got, err)
		}
	}
	if _, err := ParsePMAddrMessage(pmAddrMsg(t, Endpoint{ID: 3})); err == nil {
		t.Error("endpoint without an address accepted")
	}
	if _, err := ParsePMAddrMessage(nil); err == nil {
		t.Error("reply without MPTCP_PM_ATTR_ADDR accepted")
	}
}

func TestParsePMEvent(t *testing.T) {
	ae := netlink.NewAttributeEncoder()
	ae.Uint32(evAttrToken, 0xabcd)
	ae.Uint16(evAttrFamily, unix.AF_INET)
	ae.Bytes(evAttrSaddr4, []byte{10, 1, 1, 2})
	ae.Bytes(evAttrDaddr4, []byte{10, 1, 3, 2})
	ae.Bytes(evAttrSport, []byte{0x9c, 0x45}) // 40005, network order
	ae.Bytes(evAttrDport, []byte{0x14, 0x51}) // 5201
	b, _ := ae.Encode()
	ev, err := ParsePMEvent(pmEventEstablished, b)
	if err != nil || ev.Token != 0xabcd || ev.ServerSide || ev.Local != netip.MustParseAddrPort("10.1.1.2:40005") ||
		ev.Remote != netip.MustParseAddrPort("10.1.3.2:5201") {
		t.Fatalf("%+v %v", ev, err)
	}
}

func FuzzParseDiagMessage(f *testing.F) {
	l, r := netip.MustParseAddrPort("10.1.2.2:40773"), netip.MustParseAddrPort("10.1.3.2:5201")
	f.Add(diagMsg(f, l, r, unix.TCPInfo{Rtt: 1}, "mptcp", 1, 32))
	f.Add(diagMsg(f, l, r, unix.TCPInfo{}, "", 0, 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := ParseDiagMessage(b)
		if err == nil && (!sf.Local.IsValid() || !sf.Remote.IsValid()) {
			t.Fatalf("invalid address accepted: %+v", sf)
		}
	})
}

func FuzzParsePMAddrMessage(f *testing.F) {
	f.Add(pmAddrMsg(f, Endpoint{Addr: netip.MustParseAddr("10.1.2.2"), ID: 1, Flags: 6, IfIndex: 3}))
	f.Add(pmAddrMsg(f, Endpoint{Addr: netip.MustParseAddr("fd00::1"), ID: 2, Port: 80}))
	f.Fuzz(func(t *testing.T, b []byte) {
		ep, err := ParsePMAddrMessage(b)
		if err == nil && !ep.Addr.IsValid() {
			t.Fatalf("endpoint without an address accepted: %+v", ep)
		}
	})
}

func FuzzParsePMEvent(f *testing.F) {
	ae := netlink.NewAttributeEncoder()
	ae.Uint32(evAttrToken, 1)
	ae.Bytes(evAttrSaddr6, make([]byte, 16))
	ae.Bytes(evAttrDaddr6, make([]byte, 16))
	ae.Bytes(evAttrSport, []byte{0, 1})
	b, _ := ae.Encode()
	f.Add(uint8(2), b)
	f.Fuzz(func(t *testing.T, cmd uint8, b []byte) {
		ev, err := ParsePMEvent(cmd, b)
		if err == nil && ev.Local.IsValid() != ev.Remote.IsValid() {
			t.Fatalf("half an address pair: %+v", ev)
		}
	})
}

func mustAP(s string) netip.AddrPort { return netip.MustParseAddrPort(s) }
