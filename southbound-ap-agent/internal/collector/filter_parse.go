package collector

import (
	"encoding/binary"
	"fmt"
	"net"
	"net/netip"

	"github.com/mdlayher/netlink"
)

// FilterTarget is what one tc classifier says about stations: the class it
// sends packets to and the single hosts it matches, by destination (the
// station of a downlink queue) and by source (the station of an uplink queue).
type FilterTarget struct {
	ClassID          uint32
	DstIPs, SrcIPs   []string
	DstMACs, SrcMACs []string
}

// Attribute numbers and sizes from <linux/pkt_cls.h> and <linux/if_ether.h>.
const (
	tcaU32ClassID              = 1  // TCA_U32_CLASSID
	tcaU32Sel                  = 5  // TCA_U32_SEL
	tcaFlowerClassID           = 1  // TCA_FLOWER_CLASSID
	tcaFlowerKeyEthDst         = 4  // TCA_FLOWER_KEY_ETH_DST (its mask is the next attribute)
	tcaFlowerKeyEthSrc         = 6  // TCA_FLOWER_KEY_ETH_SRC
	tcaFlowerKeyIPv4Src        = 10 // TCA_FLOWER_KEY_IPV4_SRC
	tcaFlowerKeyIPv4Dst        = 12 // TCA_FLOWER_KEY_IPV4_DST
	tcaFlowerKeyIPv6Src        = 14 // TCA_FLOWER_KEY_IPV6_SRC
	tcaFlowerKeyIPv6Dst        = 16 // TCA_FLOWER_KEY_IPV6_DST
	tcU32SelSize               = 16 // struct tc_u32_sel without its keys
	tcU32KeySize               = 16 // struct tc_u32_key
	ethPIP              uint16 = 0x0800
	ethPIPv6            uint16 = 0x86dd
)

// u32 key offsets of the addresses, relative to the network header.
var (
	u32IPv4Dst = []int32{16}
	u32IPv4Src = []int32{12}
	u32IPv6Dst = []int32{24, 28, 32, 36}
	u32IPv6Src = []int32{8, 12, 16, 20}
)

// ParseFilterMessage parses one RTM_NEWTFILTER payload (struct tcmsg followed
// by attributes). ok is false for a filter that names no class or matches no
// single host: a u32 hash table, a subnet or port match, a mark, a kind other
// than u32 and flower. u32 host matches are full-mask keys on the IPv4 or
// IPv6 addresses of a filter of protocol ip or ipv6 (`match ip dst A/32`,
// `match ip6 dst A/128`); flower ones are dst_ip/src_ip host prefixes and
// dst_mac/src_mac. err reports malformed data only.
func ParseFilterMessage(b []byte) (t FilterTarget, ok bool, err error) {
	kind, opts, err := tcKindOptions(b, "filter")
	if err != nil {
		return t, false, err
	}
	var proto [2]byte // tcm_info holds TC_H_MAKE(prio << 16, htons(protocol))
	binary.NativeEndian.PutUint16(proto[:], uint16(binary.NativeEndian.Uint32(b[16:20])))
	switch kind {
	case "u32":
		err = t.parseU32(opts, binary.BigEndian.Uint16(proto[:]))
	case "flower":
		err = t.parseFlower(opts)
	default:
		return t, false, nil
	}
	if err != nil {
		return FilterTarget{}, false, fmt.Errorf("%s filter: %w", kind, err)
	}
	hosts := len(t.DstIPs) + len(t.SrcIPs) + len(t.DstMACs) + len(t.SrcMACs)
	return t, t.ClassID != 0 && hosts > 0, nil
}

func (t *FilterTarget) parseU32(opts []byte, proto uint16) error {
	ad, err := netlink.NewAttributeDecoder(opts)
	if err != nil {
		return err
	}
	var keys map[int32][4]byte
	for ad.Next() {
		switch ad.Type() {
		case tcaU32ClassID:
			t.ClassID = ad.Uint32()
		case tcaU32Sel:
			if keys, err = u32FullKeys(ad.Bytes()); err != nil {
				return err
			}
		}
	}
	if err := ad.Err(); err != nil {
		return err
	}
	switch proto {
	case ethPIP:
		t.DstIPs = appendU32Host(t.DstIPs, keys, u32IPv4Dst)
		t.SrcIPs = appendU32Host(t.SrcIPs, keys, u32IPv4Src)
	case ethPIPv6:
		t.DstIPs = appendU32Host(t.DstIPs, keys, u32IPv6Dst)
		t.SrcIPs = appendU32Host(t.SrcIPs, keys, u32IPv6Src)
	}
	return nil
}

// u32FullKeys decodes a struct tc_u32_sel and returns the values of its
// full-mask keys at fixed offsets from the network header, by offset.
func u32FullKeys(sel []byte) (map[int32][4]byte, error) {
	if len(sel) < tcU32SelSize {
		return nil, fmt.Errorf("TCA_U32_SEL: %d bytes, want at least %d", len(sel), tcU32SelSize)
	}
	n := int(sel[2])
	if len(sel) < tcU32SelSize+n*tcU32KeySize {
		return nil, fmt.Errorf("TCA_U32_SEL: %d bytes for %d keys", len(sel), n)
	}
	keys := map[int32][4]byte{}
	for i := 0; i < n; i++ {
		k := sel[tcU32SelSize+i*tcU32KeySize:]
		mask := binary.BigEndian.Uint32(k[0:4])
		off := int32(binary.NativeEndian.Uint32(k[8:12]))
		offmask := binary.NativeEndian.Uint32(k[12:16])
		if mask == 0xffffffff && offmask == 0 {
			keys[off] = [4]byte(k[4:8])
		}
	}
	return keys, nil
}

// appendU32Host appends the address made of the keys at offs when all of them are present.
func appendU32Host(dst []string, keys map[int32][4]byte, offs []int32) []string {
	var addr []byte
	for _, off := range offs {
		v, ok := keys[off]
		if !ok {
			return dst
		}
		addr = append(addr, v[:]...)
	}
	a, _ := netip.AddrFromSlice(addr)
	return append(dst, a.String())
}

func (t *FilterTarget) parseFlower(opts []byte) error {
	ad, err := netlink.NewAttributeDecoder(opts)
	if err != nil {
		return err
	}
	vals := map[uint16][]byte{}
	for ad.Next() {
		if ad.Type() == tcaFlowerClassID {
			t.ClassID = ad.Uint32()
			continue
		}
		vals[ad.Type()] = append([]byte(nil), ad.Bytes()...)
	}
	if err := ad.Err(); err != nil {
		return err
	}
	t.DstMACs = appendFlowerHost(t.DstMACs, vals, tcaFlowerKeyEthDst, 6)
	t.SrcMACs = appendFlowerHost(t.SrcMACs, vals, tcaFlowerKeyEthSrc, 6)
	t.DstIPs = appendFlowerHost(t.DstIPs, vals, tcaFlowerKeyIPv4Dst, 4)
	t.DstIPs = appendFlowerHost(t.DstIPs, vals, tcaFlowerKeyIPv6Dst, 16)
	t.SrcIPs = appendFlowerHost(t.SrcIPs, vals, tcaFlowerKeyIPv4Src, 4)
	t.SrcIPs = appendFlowerHost(t.SrcIPs, vals, tcaFlowerKeyIPv6Src, 16)
	return nil
}

// appendFlowerHost appends the key typ (size bytes) when its mask (attribute
// typ+1) is absent or all ones: a MAC for size 6, an IP address otherwise.
func appendFlowerHost(dst []string, vals map[uint16][]byte, typ uint16, size int) []string {
	v, ok := vals[typ]
	if !ok || len(v) != size {
		return dst
	}
	if m, ok := vals[typ+1]; ok {
		if len(m) != size {
			return dst
		}
		for _, x := range m {
			if x != 0xff {
				return dst
			}
		}
	}
	if size == 6 {
		return append(dst, net.HardwareAddr(v).String())
	}
	a, _ := netip.AddrFromSlice(v)
	return append(dst, a.String())
}
