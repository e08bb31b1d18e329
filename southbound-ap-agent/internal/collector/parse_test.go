package collector

import (
	"encoding/binary"
	"strings"
	"testing"

	mdnl "github.com/mdlayher/netlink"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// qdiscMsg builds an RTM_NEWQDISC payload: tcmsg + TCA_KIND + TCA_OPTIONS.
func qdiscMsg(t testing.TB, ifindex int32, handle uint32, kind string, opts []byte) []byte {
	t.Helper()
	b := make([]byte, tcmsgLen)
	binary.NativeEndian.PutUint32(b[4:8], uint32(ifindex))
	binary.NativeEndian.PutUint32(b[8:12], handle)
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

func u32(v uint32) []byte {
	b := make([]byte, 4)
	binary.NativeEndian.PutUint32(b, v)
	return b
}

func TestParseQdiscMessageFifo(t *testing.T) {
	for _, tc := range []struct {
		kind       string
		pkts, byts uint64
	}{{"pfifo", 40, 0}, {"pfifo_head_drop", 7, 0}, {"bfifo", 0, 150000}} {
		v := tc.pkts + tc.byts
		idx, h, kind, lim, err := ParseQdiscMessage(qdiscMsg(t, 3, 0x100000, tc.kind, u32(uint32(v))))
		if err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		if idx != 3 || h != 0x100000 || kind != tc.kind || lim.Packets != tc.pkts || lim.Bytes != tc.byts {
			t.Errorf("%s: got idx %d handle %#x kind %s lim %+v", tc.kind, idx, h, kind, lim)
		}
	}
}

func TestParseQdiscMessageCodel(t *testing.T) {
	ae := mdnl.NewAttributeEncoder()
	ae.Uint32(1, 5000) // TCA_CODEL_TARGET
	ae.Uint32(tcaCodelLimit, 1000)
	opts, _ := ae.Encode()
	_, _, _, lim, err := ParseQdiscMessage(qdiscMsg(t, 1, 0x10000, "codel", opts))
	if err != nil || lim.Packets != 1000 {
		t.Fatalf("codel: lim %+v err %v, want 1000 packets", lim, err)
	}
}

func TestParseQdiscMessageErrors(t *testing.T) {
	cases := map[string][]byte{
		"tcmsg":       make([]byte, 10),
		"TCA_KIND":    make([]byte, tcmsgLen),
		"TCA_OPTIONS": qdiscMsg(t, 1, 1, "pfifo", []byte{1, 2}),
		"attributes":  append(make([]byte, tcmsgLen), 0xff, 0xff, 0x01, 0x00, 0x00),
	}
	for want, b := range cases {
		if _, _, _, _, err := ParseQdiscMessage(b); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s case: err = %v, want one naming %s", want, err, want)
		}
	}
	// Other kinds carry options we do not decode: no limit, no error.
	if _, _, kind, lim, err := ParseQdiscMessage(qdiscMsg(t, 1, 1, "tbf", []byte{1, 2, 3})); err != nil || kind != "tbf" || lim != (RawQdiscLimit{}) {
		t.Errorf("tbf: kind %s lim %+v err %v", kind, lim, err)
	}
}

func stats(qlen, backlog, drops uint32) *netlink.QdiscStatistics {
	return &netlink.QdiscStatistics{Queue: &netlink.GnetStatsQueue{Qlen: qlen, Backlog: backlog, Drops: drops}}
}

func TestQdiscSampleKinds(t *testing.T) {
	root := netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT, Handle: 0x10000, Statistics: stats(10, 15000, 4)}
	cases := []struct {
		name       string
		qs         []netlink.Qdisc
		ratio      float64
		capacity   uint64
		pkts, byts uint64
	}{
		{"tbf", []netlink.Qdisc{&netlink.Tbf{QdiscAttrs: root, Rate: 250000, Limit: 30000}}, 0.5, 2_000_000, 0, 30000},
		{"fq_codel", []netlink.Qdisc{&netlink.FqCodel{QdiscAttrs: root, Limit: 100, MemoryLimit: 1 << 20}}, 0.1, 0, 100, 1 << 20},
		{"pfifo_fast", []netlink.Qdisc{&netlink.PfifoFast{QdiscAttrs: root}}, 0.01, 0, 1000, 0},
		{"fq", []netlink.Qdisc{&netlink.Fq{QdiscAttrs: root, PacketLimit: 20}}, 0.5, 0, 20, 0},
		{"netem", []netlink.Qdisc{&netlink.Netem{QdiscAttrs: root, Limit: 10}}, 1, 0, 10, 0},
		{"sfq", []netlink.Qdisc{&netlink.Sfq{QdiscAttrs: root, Limit: 127}}, 10.0 / 127, 0, 127, 0},
	}
	for _, tc := range cases {
		s, capacity, err := QdiscSample(tc.qs, 1000, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		r, err := s.Ratio()
		if err != nil || r != tc.ratio || capacity != tc.capacity || s.LimitPackets != tc.pkts || s.LimitBytes != tc.byts {
			t.Errorf("%s: ratio %v err %v capacity %d limits %d/%d", tc.name, r, err, capacity, s.LimitPackets, s.LimitBytes)
		}
		if s.Drops != 4 || s.BacklogBytes != 15000 || s.BacklogPackets != 10 {
			t.Errorf("%s: sample %+v", tc.name, s)
		}
	}
}

func TestQdiscSampleClassfulLeaves(t *testing.T) {
	qs := []netlink.Qdisc{
		&netlink.Htb{QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT, Handle: 0x10000, Statistics: stats(30, 1, 0)}},
		&netlink.GenericQdisc{QdiscType: "pfifo", QdiscAttrs: netlink.QdiscAttrs{Parent: 0x10010, Handle: 0x100000, Statistics: stats(10, 100, 1)}},
		&netlink.GenericQdisc{QdiscType: "pfifo", QdiscAttrs: netlink.QdiscAttrs{Parent: 0x10020, Handle: 0x200000, Statistics: stats(20, 200, 2)}},
		&netlink.Ingress{QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_INGRESS, Handle: 0xffff0000}},
	}
	raw := map[uint32]RawQdiscLimit{0x100000: {Packets: 50}, 0x200000: {Packets: 50}}
	s, _, err := QdiscSample(qs, 1000, raw)
	if err != nil {
		t.Fatal(err)
	}
	if s.LimitPackets != 100 || s.BacklogPackets != 30 || s.Drops != 3 || s.LimitBytes != 0 {
		t.Fatalf("leaf sum = %+v", s)
	}
	if r, _ := s.Ratio(); r != 0.3 {
		t.Fatalf("ratio %v, want 0.3", r)
	}
	// Mixed units (pfifo packets + bfifo bytes) are refused.
	qs[2] = &netlink.GenericQdisc{QdiscType: "bfifo", QdiscAttrs: netlink.QdiscAttrs{Parent: 0x10020, Handle: 0x200000, Statistics: stats(1, 1, 0)}}
	raw[0x200000] = RawQdiscLimit{Bytes: 1000}
	if _, _, err := QdiscSample(qs, 1000, raw); err == nil || !strings.Contains(err.Error(), "mix") {
		t.Fatalf("mixed units: err %v", err)
	}
	// A leaf whose limit is unknown is an error naming it.
	delete(raw, 0x200000)
	if _, _, err := QdiscSample(qs, 1000, raw); err == nil || !strings.Contains(err.Error(), "20:0") {
		t.Fatalf("unknown leaf: err %v", err)
	}
}

func TestQdiscSampleErrors(t *testing.T) {
	if _, _, err := QdiscSample(nil, 0, nil); err == nil || !strings.Contains(err.Error(), "no root") {
		t.Errorf("empty: %v", err)
	}
	noq := []netlink.Qdisc{&netlink.GenericQdisc{QdiscType: "noqueue", QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT}}}
	if _, _, err := QdiscSample(noq, 0, nil); err == nil || !strings.Contains(err.Error(), "noqueue") {
		t.Errorf("noqueue: %v", err)
	}
	nostats := []netlink.Qdisc{&netlink.Tbf{QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT}, Limit: 10}}
	if _, _, err := QdiscSample(nostats, 0, nil); err == nil || !strings.Contains(err.Error(), "statistics") {
		t.Errorf("no stats: %v", err)
	}
	htb := []netlink.Qdisc{&netlink.Htb{QdiscAttrs: netlink.QdiscAttrs{Parent: netlink.HANDLE_ROOT, Handle: 0x10000}}}
	if _, _, err := QdiscSample(htb, 0, nil); err == nil || !strings.Contains(err.Error(), "no leaf") {
		t.Errorf("htb without leaves: %v", err)
	}
}

func TestRatio(t *testing.T) {
	for _, tc := range []struct {
		s    QueueSample
		want float64
	}{
		{QueueSample{BacklogPackets: 5, LimitPackets: 10}, 0.5},
		{QueueSample{BacklogBytes: 900, LimitBytes: 1000, BacklogPackets: 1, LimitPackets: 100}, 0.9},
		{QueueSample{BacklogBytes: 2000, LimitBytes: 1000}, 1},
		{QueueSample{}, -1},
	} {
		r, err := tc.s.Ratio()
		if tc.want < 0 {
			if err == nil {
				t.Errorf("%+v: want error", tc.s)
			}
			continue
		}
		if err != nil || r != tc.want {
			t.Errorf("%+v: ratio %v err %v, want %v", tc.s, r, err, tc.want)
		}
	}
}

// wiphyMsg builds one split-dump message.
func wiphyMsg(t testing.TB, wiphy uint32, stats func(ae *mdnl.AttributeEncoder), limit, memLimit uint32) []byte {
	t.Helper()
	ae := mdnl.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_WIPHY, wiphy)
	if stats != nil {
		ae.Nested(unix.NL80211_ATTR_TXQ_STATS, func(n *mdnl.AttributeEncoder) error { stats(n); return nil })
	}
	if limit > 0 {
		ae.Uint32(unix.NL80211_ATTR_TXQ_LIMIT, limit)
	}
	if memLimit > 0 {
		ae.Uint32(unix.NL80211_ATTR_TXQ_MEMORY_LIMIT, memLimit)
	}
	b, err := ae.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseWiphyTXQ(t *testing.T) {
	st := func(ae *mdnl.AttributeEncoder) {
		ae.Uint32(unix.NL80211_TXQ_STATS_BACKLOG_BYTES, 4<<20)
		ae.Uint32(unix.NL80211_TXQ_STATS_BACKLOG_PACKETS, 2048)
		ae.Uint32(unix.NL80211_TXQ_STATS_OVERLIMIT, 3)
		ae.Uint32(unix.NL80211_TXQ_STATS_OVERMEMORY, 4)
	}
	msgs := [][]byte{
		wiphyMsg(t, 0, nil, 0, 0),         // first split message: other data
		wiphyMsg(t, 1, st, 9999, 1),       // another wiphy: ignored
		wiphyMsg(t, 0, st, 0, 0),          // stats
		wiphyMsg(t, 0, nil, 8192, 16<<20), // limits in a later message
	}
	q, err := ParseWiphyTXQ(msgs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if q.BacklogPackets != 2048 || q.BacklogBytes != 4<<20 || q.Drops != 7 || q.LimitPackets != 8192 || q.LimitBytes != 16<<20 {
		t.Fatalf("txq = %+v", q)
	}
	s := QueueSample{BacklogPackets: q.BacklogPackets, BacklogBytes: q.BacklogBytes, LimitPackets: q.LimitPackets, LimitBytes: q.LimitBytes}
	if r, _ := s.Ratio(); r != 0.25 {
		t.Fatalf("ratio %v, want 0.25 (max of 2048/8192 and 4M/16M)", r)
	}
	if _, err := ParseWiphyTXQ(msgs[:1], 0); err == nil || !strings.Contains(err.Error(), "TXQ_STATS") {
		t.Errorf("no stats: %v", err)
	}
	if _, err := ParseWiphyTXQ(msgs[2:3], 0); err == nil || !strings.Contains(err.Error(), "LIMIT") {
		t.Errorf("no limit: %v", err)
	}
	bad := append(wiphyMsg(t, 0, nil, 0, 0), 0x08, 0x00, 0x09, 0x01, 0xff) // truncated attribute
	if _, err := ParseWiphyTXQ([][]byte{bad}, 0); err == nil {
		t.Errorf("truncated: want error")
	}
}

func TestParseInterfaceWiphy(t *testing.T) {
	ae := mdnl.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_IFINDEX, 7)
	ae.Uint32(unix.NL80211_ATTR_WIPHY, 2)
	b, _ := ae.Encode()
	if w, err := ParseInterfaceWiphy(b); err != nil || w != 2 {
		t.Fatalf("wiphy %d err %v", w, err)
	}
	ae = mdnl.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_IFINDEX, 7)
	b, _ = ae.Encode()
	if _, err := ParseInterfaceWiphy(b); err == nil || !strings.Contains(err.Error(), "NL80211_ATTR_WIPHY") {
		t.Fatalf("missing wiphy: %v", err)
	}
	ae = mdnl.NewAttributeEncoder()
	ae.Uint16(unix.NL80211_ATTR_WIPHY, 2) // wrong size
	b, _ = ae.Encode()
	if _, err := ParseInterfaceWiphy(b); err == nil {
		t.Fatalf("wrong size: want error")
	}
}
