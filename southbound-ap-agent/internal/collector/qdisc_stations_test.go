package collector

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"testing"

	mdnl "github.com/mdlayher/netlink"
	"github.com/vishvananda/netlink"
)

// filterMsg builds an RTM_NEWTFILTER payload: tcmsg (tcm_info carries the
// priority and the protocol in network order) + TCA_KIND + TCA_OPTIONS.
func filterMsg(t testing.TB, proto uint16, kind string, opts []byte) []byte {
	t.Helper()
	b := make([]byte, tcmsgLen)
	var p [2]byte
	binary.BigEndian.PutUint16(p[:], proto)
	binary.NativeEndian.PutUint32(b[16:20], 1<<16|uint32(binary.NativeEndian.Uint16(p[:])))
	ae := mdnl.NewAttributeEncoder()
	ae.String(tcaKind, kind)
	if opts != nil {
		ae.Bytes(tcaOptions, opts)
	}
	a, err := ae.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return append(b, a...)
}

// u32Opts builds u32 options: a class id and a selector of keys {mask, val, off}.
func u32Opts(t testing.TB, classID uint32, keys ...[3]uint32) []byte {
	t.Helper()
	sel := make([]byte, tcU32SelSize+len(keys)*tcU32KeySize)
	sel[2] = byte(len(keys))
	for i, k := range keys {
		o := sel[tcU32SelSize+i*tcU32KeySize:]
		binary.BigEndian.PutUint32(o[0:4], k[0])
		binary.BigEndian.PutUint32(o[4:8], k[1])
		binary.NativeEndian.PutUint32(o[8:12], k[2])
	}
	ae := mdnl.NewAttributeEncoder()
	if classID != 0 {
		ae.Uint32(tcaU32ClassID, classID)
	}
	ae.Bytes(tcaU32Sel, sel)
	b, err := ae.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// capturedFilters parses testdata/filters-htb-u32.hex: the RTM_GETTFILTER
// dump (amd64) of an htb root with the filters
//
//	protocol ip   prio 1 u32 match ip dst 10.201.0.2/32 flowid 1:100
//	protocol ip   prio 1 u32 match ip src 10.201.0.3/32 match ip dport 5001 0xffff flowid 1:101
//	protocol ipv6 prio 2 u32 match ip6 dst 2001:db8::2/128 flowid 1:100
//	protocol ip   prio 3 u32 match ip dst 10.201.0.0/24 flowid 1:9
func capturedFilters(t *testing.T) []FilterTarget {
	t.Helper()
	var probe [2]byte
	binary.NativeEndian.PutUint16(probe[:], 1)
	if probe[0] != 1 {
		t.Skip("the capture is little-endian")
	}
	f, err := os.Open("testdata/filters-htb-u32.hex")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []FilterTarget
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		b, err := hex.DecodeString(strings.TrimSpace(sc.Text()))
		if err != nil {
			t.Fatal(err)
		}
		ft, ok, err := ParseFilterMessage(b)
		if err != nil {
			t.Fatalf("captured message %x: %v", b, err)
		}
		if ok {
			out = append(out, ft)
		}
	}
	return out
}

func TestParseFilterMessageCapturedU32(t *testing.T) {
	got := capturedFilters(t)
	want := []FilterTarget{
		{ClassID: 0x10100, DstIPs: []string{"10.201.0.2"}},
		{ClassID: 0x10101, SrcIPs: []string{"10.201.0.3"}},
		{ClassID: 0x10100, DstIPs: []string{"2001:db8::2"}},
	}
	if len(got) != len(want) {
		t.Fatalf("targets %+v, want %+v (the /24 and the hash tables are not hosts)", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.ClassID != w.ClassID || !slices.Equal(g.DstIPs, w.DstIPs) || !slices.Equal(g.SrcIPs, w.SrcIPs) {
			t.Errorf("target %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestParseFilterMessageFlower(t *testing.T) {
	ae := mdnl.NewAttributeEncoder()
	ae.Uint32(tcaFlowerClassID, 0x10102)
	ae.Bytes(tcaFlowerKeyEthDst, []byte{2, 0, 0, 0, 0, 5})
	ae.Bytes(tcaFlowerKeyEthDst+1, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	ae.Bytes(tcaFlowerKeyIPv4Dst, []byte{10, 201, 0, 5})
	ae.Bytes(tcaFlowerKeyIPv4Dst+1, []byte{0xff, 0xff, 0xff, 0xff})
	ae.Bytes(tcaFlowerKeyIPv4Src, []byte{10, 0, 0, 0}) // a /8 is no host
	ae.Bytes(tcaFlowerKeyIPv4Src+1, []byte{0xff, 0, 0, 0})
	opts, _ := ae.Encode()
	ft, ok, err := ParseFilterMessage(filterMsg(t, ethPIP, "flower", opts))
	if err != nil || !ok {
		t.Fatalf("flower: ok %v err %v", ok, err)
	}
	if ft.ClassID != 0x10102 || !slices.Equal(ft.DstMACs, []string{"02:00:00:00:00:05"}) ||
		!slices.Equal(ft.DstIPs, []string{"10.201.0.5"}) || len(ft.SrcIPs) != 0 {
		t.Fatalf("flower target %+v", ft)
	}
}

func TestParseFilterMessageNotHostsAndErrors(t *testing.T) {
	host := [3]uint32{0xffffffff, 0x0ac90002, 16}
	for name, b := range map[string][]byte{
		"no class":        filterMsg(t, ethPIP, "u32", u32Opts(t, 0, host)),
		"protocol all":    filterMsg(t, 0x0003, "u32", u32Opts(t, 0x10100, host)),
		"fw":              filterMsg(t, ethPIP, "fw", []byte{8, 0, 1, 0, 0, 1, 1, 0}),
		"no options":      filterMsg(t, ethPIP, "u32", nil),
		"variable offset": filterMsg(t, ethPIP, "u32", u32OffMask(t)),
	} {
		if _, ok, err := ParseFilterMessage(b); ok || err != nil {
			t.Errorf("%s: ok %v err %v, want not a host filter and no error", name, ok, err)
		}
	}
	ae := mdnl.NewAttributeEncoder()
	ae.Bytes(tcaU32Sel, []byte{0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}) // two keys announced, none present
	short, _ := ae.Encode()
	for want, b := range map[string][]byte{
		"tcmsg":       make([]byte, 8),
		"TCA_U32_SEL": filterMsg(t, ethPIP, "u32", short),
		"attributes":  append(make([]byte, tcmsgLen), 0xff, 0xff, 0x01, 0x00, 0x00),
	} {
		if _, _, err := ParseFilterMessage(b); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s case: err %v", want, err)
		}
	}
}

// u32OffMask is a host key whose offset depends on the packet (offmask set).
func u32OffMask(t testing.TB) []byte {
	b := u32Opts(t, 0x10100, [3]uint32{0xffffffff, 0x0ac90002, 16})
	binary.NativeEndian.PutUint32(b[len(b)-4:], 0xff) // the key's offmask, the selector's last field
	return b
}

func leaf(parent, handle uint32, qlen, backlog, drops uint32, sent uint64) netlink.Qdisc {
	st := stats(qlen, backlog, drops)
	st.Basic = &netlink.GnetStatsBasic{Bytes: sent}
	return &netlink.GenericQdisc{QdiscType: "pfifo", QdiscAttrs: netlink.QdiscAttrs{Parent: parent, Handle: handle, Statistics: st}}
}

// The htb tree of the lab's Wi-Fi cell: a pfifo leaf per station class and a
// default class, mapped by the captured filters.
func TestQdiscStationQueuesMapsLeavesByFilters(t *testing.T) {
	qs := []netlink.Qdisc{
		&netlink.Htb{QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT, Handle: 0x10000, Statistics: stats(0, 0, 0)}},
		leaf(0x10009, 0x90000, 1, 60, 0, 600),             // default class: no host filter
		leaf(0x10100, 0x1000000, 30, 45000, 2, 1_000_000), // 10.201.0.2 and 2001:db8::2
		leaf(0x10101, 0x1010000, 5, 7500, 0, 20_000),      // 10.201.0.3 as a source
	}
	raw := map[uint32]RawQdiscLimit{0x90000: {Packets: 50}, 0x1000000: {Packets: 50}, 0x1010000: {Packets: 50}}
	filters := capturedFilters(t)
	down, err := QdiscStationQueues(qs, filters, Downlink, 1000, raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(down) != 1 {
		t.Fatalf("downlink station queues %+v, want the one of 1:100", down)
	}
	d := down[0]
	if d.QueueID != "1:100" || !slices.Equal(d.IPs, []string{"10.201.0.2", "2001:db8::2"}) || d.Direction != Downlink ||
		d.BacklogPackets != 30 || d.BacklogBytes != 45000 || d.LimitPackets != 50 || d.Drops != 2 || d.SentBytes != 1_000_000 || d.Source != "qdisc" {
		t.Fatalf("downlink station queue %+v", d)
	}
	if r, _ := d.Ratio(); r != 0.6 {
		t.Fatalf("ratio %v, want 30/50", r)
	}
	up, err := QdiscStationQueues(qs, filters, Uplink, 1000, raw)
	if err != nil || len(up) != 1 || up[0].QueueID != "1:101" || up[0].IPs[0] != "10.201.0.3" || up[0].Direction != Uplink {
		t.Fatalf("uplink station queues %+v err %v, want 1:101 by its source address", up, err)
	}
	// A mapped leaf whose limit is unknown is an error naming it.
	delete(raw, 0x1000000)
	if _, err := QdiscStationQueues(qs, filters, Downlink, 1000, raw); err == nil || !strings.Contains(err.Error(), "100:0") {
		t.Fatalf("unknown limit: err %v", err)
	}
}

func TestQdiscStationQueuesNoneWithoutClassfulRoot(t *testing.T) {
	tbf := []netlink.Qdisc{&netlink.Tbf{QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT, Handle: 0x10000,
		Statistics: stats(1, 1, 0)}, Limit: 3000}}
	f := []FilterTarget{{ClassID: 0x10000, DstIPs: []string{"10.0.0.2"}}}
	if got, err := QdiscStationQueues(tbf, f, Downlink, 1000, nil); got != nil || err != nil {
		t.Fatalf("tbf root: %+v %v, want none", got, err)
	}
	if got, err := QdiscStationQueues(nil, f, Downlink, 1000, nil); got != nil || err != nil {
		t.Fatalf("no qdiscs: %+v %v, want none", got, err)
	}
}
