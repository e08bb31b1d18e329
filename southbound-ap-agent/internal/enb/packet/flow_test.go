package packet

import (
	"encoding/binary"
	"errors"
	"net/netip"
	"testing"
)

func ipv4Frame(vlan bool, proto byte, sport, dport uint16) []byte {
	eth := make([]byte, 12)
	if vlan {
		eth = binary.BigEndian.AppendUint16(eth, EtherTypeVLAN)
		eth = binary.BigEndian.AppendUint16(eth, 7)
	}
	eth = binary.BigEndian.AppendUint16(eth, EtherTypeIPv4)
	ip := make([]byte, 20)
	ip[0] = 0x45
	ip[9] = proto
	copy(ip[12:], []byte{10, 0, 0, 1})
	copy(ip[16:], []byte{10, 0, 0, 2})
	l4 := binary.BigEndian.AppendUint16(nil, sport)
	l4 = binary.BigEndian.AppendUint16(l4, dport)
	return append(append(eth, ip...), l4...)
}

func TestParseIPv4TCP(t *testing.T) {
	for _, vlan := range []bool{false, true} {
		f, err := Parse(ipv4Frame(vlan, 6, 5201, 40000))
		if err != nil {
			t.Fatal(err)
		}
		want := Flow{Src: netip.MustParseAddr("10.0.0.1"), Dst: netip.MustParseAddr("10.0.0.2"), Proto: 6,
			SrcPort: 5201, DstPort: 40000}
		if f != want {
			t.Fatalf("vlan=%v: %+v", vlan, f)
		}
	}
	f, _ := Parse(ipv4Frame(false, 1, 1, 2))
	if f.SrcPort != 0 || f.DstPort != 0 {
		t.Fatalf("ICMP got ports %+v", f)
	}
}

func TestParseIPv6UDP(t *testing.T) {
	fr := make([]byte, 12)
	fr = binary.BigEndian.AppendUint16(fr, EtherTypeIPv6)
	ip := make([]byte, 40)
	ip[0] = 0x60
	ip[6] = 17
	src, dst := netip.MustParseAddr("fd00::1"), netip.MustParseAddr("fd00::2")
	s16, d16 := src.As16(), dst.As16()
	copy(ip[8:], s16[:])
	copy(ip[24:], d16[:])
	fr = append(fr, ip...)
	fr = append(fr, 0, 53, 0x12, 0x34)
	f, err := Parse(fr)
	if err != nil || f.Src != src || f.Dst != dst || f.SrcPort != 53 || f.DstPort != 0x1234 {
		t.Fatalf("%+v %v", f, err)
	}
}

func TestParseRejects(t *testing.T) {
	arp := make([]byte, 42)
	binary.BigEndian.PutUint16(arp[12:], 0x0806)
	if _, err := Parse(arp); !errors.Is(err, ErrNotIP) {
		t.Fatalf("arp: %v", err)
	}
	short := ipv4Frame(false, 6, 1, 2)[:30]
	if _, err := Parse(short); !errors.Is(err, ErrTruncated) {
		t.Fatalf("short: %v", err)
	}
	bad := ipv4Frame(false, 6, 1, 2)
	bad[14] = 0x43 // IHL 12 bytes
	if _, err := Parse(bad); !errors.Is(err, ErrMalformed) {
		t.Fatalf("ihl: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(ipv4Frame(false, 6, 1, 2))
	f.Add(ipv4Frame(true, 17, 1, 2))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		fl, err := Parse(b)
		if err == nil && !fl.Dst.IsValid() {
			t.Fatalf("accepted frame without a destination: %x", b)
		}
	})
}
