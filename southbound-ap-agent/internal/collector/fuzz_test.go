package collector

import (
	"math"
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
	})
}
