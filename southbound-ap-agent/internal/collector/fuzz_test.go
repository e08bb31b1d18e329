package collector

import (
	"math"
	"net"
	"net/netip"
	"testing"

	mdnl "github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// Fuzz targets for every parser of kernel or network data in this package.
// Invariants: no panic; on success the derived occupancy ratio is in [0, 1].

func FuzzParseQdiscMessage(f *testing.F) {
	f.Add(qdiscMsg(f, 2, 0x10000, "pfifo", u32(100)))
	f.Add(qdiscMsg(f, 2, 0x10000, "bfifo", u32(1500)))
	f.Add(qdiscMsg(f, 2, 0x10000, "codel", []byte{8, 0, 2, 0, 100, 0, 0, 0}))
	f.Add(qdiscMsg(f, 2, 0x10000, "tbf", nil))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _, kind, lim, err := ParseQdiscMessage(b)
		if err != nil {
			return
		}
		if kind == "" {
			t.Fatalf("success without a kind")
		}
		if lim.Packets > math.MaxUint32 || lim.Bytes > math.MaxUint32 {
			t.Fatalf("limit %+v exceeds u32", lim)
		}
	})
}

func FuzzParseWiphyTXQ(f *testing.F) {
	st := func(ae *mdnl.AttributeEncoder) {
		ae.Uint32(unix.NL80211_TXQ_STATS_BACKLOG_BYTES, 1000)
		ae.Uint32(unix.NL80211_TXQ_STATS_BACKLOG_PACKETS, 10)
	}
	f.Add(wiphyMsg(f, 0, st, 8192, 4<<20), []byte{}, uint32(0))
	f.Add(wiphyMsg(f, 0, nil, 0, 0), wiphyMsg(f, 0, st, 100, 0), uint32(0))
	f.Add(wiphyMsg(f, 1, st, 8192, 0), wiphyMsg(f, 0, st, 8192, 0), uint32(1))
	f.Fuzz(func(t *testing.T, a, b []byte, wiphy uint32) {
		q, err := ParseWiphyTXQ([][]byte{a, b}, wiphy)
		if err != nil {
			return
		}
		s := QueueSample{BacklogPackets: q.BacklogPackets, BacklogBytes: q.BacklogBytes,
			LimitPackets: q.LimitPackets, LimitBytes: q.LimitBytes, Source: "mac80211-txq"}
		r, err := s.Ratio()
		if err != nil || r < 0 || r > 1 || math.IsNaN(r) {
			t.Fatalf("ratio %v err %v for %+v", r, err, q)
		}
	})
}

func FuzzParseInterfaceWiphy(f *testing.F) {
	ae := mdnl.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_WIPHY, 3)
	b, _ := ae.Encode()
	f.Add(b)
	f.Add([]byte{4, 0, 1, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ParseInterfaceWiphy(b)
	})
}

func FuzzParseENBMetrics(f *testing.F) {
	f.Add([]byte(enbDoc(1_763_728_000_000)))
	f.Add([]byte(`{"version":1,"timestamp_ms":1,"queues":{"uplink":{"limit_packets":1,"backlog_packets":99}}}`))
	f.Add([]byte(`{"version":1,"timestamp_ms":1,"ues":[{"rsrp_dbm":1e400}]}`))
	f.Add([]byte(enbStationDoc))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseENBMetrics(b)
		if err != nil {
			return
		}
		for name, q := range m.Queues {
			d, err := ParseDirection(name)
			if err != nil {
				t.Fatalf("accepted direction %q", name)
			}
			s := QueueSample{Direction: d, BacklogBytes: q.BacklogBytes, BacklogPackets: q.BacklogPackets,
				LimitBytes: q.LimitBytes, LimitPackets: q.LimitPackets}
			r, err := s.Ratio()
			if err != nil || r < 0 || r > 1 || math.IsNaN(r) {
				t.Fatalf("ratio %v err %v for %+v", r, err, q)
			}
		}
		for _, ue := range m.UEs {
			if math.IsNaN(ue.RSRPdBm) || math.IsInf(ue.RSRPdBm, 0) {
				t.Fatalf("accepted non-finite rsrp")
			}
		}
		for _, q := range ENBStationQueues(m, []Direction{Downlink, Uplink}) {
			r, err := q.Ratio()
			if err != nil || r < 0 || r > 1 || math.IsNaN(r) {
				t.Fatalf("UE queue ratio %v err %v for %+v", r, err, q)
			}
		}
	})
}

func FuzzParseFilterMessage(f *testing.F) {
	host := [3]uint32{0xffffffff, 0x0ac90002, 16}
	f.Add(filterMsg(f, ethPIP, "u32", u32Opts(f, 0x10100, host)))
	f.Add(filterMsg(f, ethPIPv6, "u32", u32Opts(f, 0x10100, [3]uint32{0xffffffff, 0x20010db8, 24},
		[3]uint32{0xffffffff, 0, 28}, [3]uint32{0xffffffff, 0, 32}, [3]uint32{0xffffffff, 2, 36})))
	f.Add(filterMsg(f, ethPIP, "flower", []byte{8, 0, 1, 0, 0, 1, 1, 0, 10, 0, 4, 0, 2, 0, 0, 0, 0, 5, 0, 0, 8, 0, 12, 0, 10, 201, 0, 5}))
	f.Add(filterMsg(f, ethPIP, "u32", nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		ft, ok, err := ParseFilterMessage(b)
		if err != nil && (ok || ft.ClassID != 0) {
			t.Fatalf("error %v with a target %+v ok %v", err, ft, ok)
		}
		if !ok {
			return
		}
		if ft.ClassID == 0 || len(ft.DstIPs)+len(ft.SrcIPs)+len(ft.DstMACs)+len(ft.SrcMACs) == 0 {
			t.Fatalf("ok without a class or a host: %+v", ft)
		}
		for _, ip := range append(append([]string(nil), ft.DstIPs...), ft.SrcIPs...) {
			if _, err := netip.ParseAddr(ip); err != nil {
				t.Fatalf("address %q: %v", ip, err)
			}
		}
		for _, mac := range append(append([]string(nil), ft.DstMACs...), ft.SrcMACs...) {
			if hw, err := net.ParseMAC(mac); err != nil || len(hw) != 6 {
				t.Fatalf("MAC %q: %v", mac, err)
			}
		}
	})
}

func FuzzParseStationTXQ(f *testing.F) {
	f.Add(staMsg(f, macA, 5000, 0, map[uint16]tidTXQ{0: {backlogBytes: 3000, backlogPkts: 2, drops: 1}}), uint32(8192), uint32(4<<20))
	f.Add(staMsg(f, macB, 0, 7, map[uint16]tidTXQ{16: {backlogPkts: 9000}}), uint32(8192), uint32(0))
	f.Add(staMsg(f, macA, 10, 0, nil), uint32(0), uint32(1))
	f.Fuzz(func(t *testing.T, b []byte, limit, memLimit uint32) {
		s, ok, err := ParseStationTXQ(b)
		if err != nil || !ok {
			return
		}
		if hw, err := net.ParseMAC(s.MAC); err != nil || len(hw) != 6 {
			t.Fatalf("MAC %q: %v", s.MAC, err)
		}
		if limit == 0 && memLimit == 0 {
			return
		}
		phy := WiphyTXQ{LimitPackets: uint64(limit), LimitBytes: uint64(memLimit)}
		for _, q := range TXQStationQueues([]StationTXQ{s}, phy, Downlink, nil) {
			r, err := q.Ratio()
			if err != nil || r < 0 || r > 1 || math.IsNaN(r) {
				t.Fatalf("ratio %v err %v for %+v", r, err, q)
			}
		}
	})
}
