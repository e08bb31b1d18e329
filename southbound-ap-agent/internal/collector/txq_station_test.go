package collector

import (
	"slices"
	"strings"
	"testing"

	mdnl "github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// tidTXQ is one TID's TXQ statistics.
type tidTXQ struct{ backlogBytes, backlogPkts, drops, overlimit uint32 }

// staMsg builds one NL80211_CMD_NEW_STATION message of a station dump: the
// MAC and a station info with the byte counters and, per TID, TXQ stats.
func staMsg(t testing.TB, mac []byte, tx64 uint64, tx32 uint32, tids map[uint16]tidTXQ) []byte {
	t.Helper()
	ae := mdnl.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_IFINDEX, 3)
	ae.Bytes(unix.NL80211_ATTR_MAC, mac)
	ae.Nested(unix.NL80211_ATTR_STA_INFO, func(info *mdnl.AttributeEncoder) error {
		if tx32 > 0 {
			info.Uint32(unix.NL80211_STA_INFO_TX_BYTES, tx32)
		}
		if tx64 > 0 {
			info.Uint64(unix.NL80211_STA_INFO_TX_BYTES64, tx64)
		}
		if tids == nil {
			return nil
		}
		info.Nested(unix.NL80211_STA_INFO_TID_STATS, func(ts *mdnl.AttributeEncoder) error {
			for tid, q := range tids {
				ts.Nested(tid+1, func(te *mdnl.AttributeEncoder) error {
					te.Uint64(unix.NL80211_TID_STATS_TX_MSDU, 99)
					te.Nested(unix.NL80211_TID_STATS_TXQ_STATS, func(qe *mdnl.AttributeEncoder) error {
						qe.Uint32(unix.NL80211_TXQ_STATS_BACKLOG_BYTES, q.backlogBytes)
						qe.Uint32(unix.NL80211_TXQ_STATS_BACKLOG_PACKETS, q.backlogPkts)
						qe.Uint32(unix.NL80211_TXQ_STATS_DROPS, q.drops)
						qe.Uint32(unix.NL80211_TXQ_STATS_OVERLIMIT, q.overlimit)
						qe.Uint32(unix.NL80211_TXQ_STATS_TX_BYTES, 123)
						return nil
					})
					return nil
				})
			}
			return nil
		})
		return nil
	})
	b, err := ae.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	macA = []byte{0x02, 0, 0, 0, 0, 0x0a}
	macB = []byte{0x02, 0, 0, 0, 0, 0x0b}
)

// The TIDs' TXQs are summed per station; the 64-bit byte counter wins over the 32-bit one.
func TestParseStationTXQSumsTIDs(t *testing.T) {
	s, ok, err := ParseStationTXQ(staMsg(t, macA, 5_000_000_000, 7, map[uint16]tidTXQ{
		0: {backlogBytes: 3000, backlogPkts: 2, drops: 1}, 16: {backlogBytes: 1500, backlogPkts: 1, overlimit: 2}}))
	if err != nil || !ok {
		t.Fatalf("ok %v err %v", ok, err)
	}
	if s.MAC != "02:00:00:00:00:0a" || s.BacklogBytes != 4500 || s.BacklogPackets != 3 || s.Drops != 3 || s.TxBytes != 5_000_000_000 {
		t.Fatalf("station %+v", s)
	}
	s, ok, err = ParseStationTXQ(staMsg(t, macB, 0, 7, map[uint16]tidTXQ{0: {}}))
	if err != nil || !ok || s.TxBytes != 7 {
		t.Fatalf("32-bit counter: %+v ok %v err %v", s, ok, err)
	}
}

func TestParseStationTXQWithoutTXQsAndErrors(t *testing.T) {
	if _, ok, err := ParseStationTXQ(staMsg(t, macA, 10, 0, nil)); ok || err != nil {
		t.Errorf("no TID stats: ok %v err %v, want not ok and no error", ok, err)
	}
	if _, _, err := ParseStationTXQ(staMsg(t, macA[:4], 10, 0, nil)); err == nil || !strings.Contains(err.Error(), "NL80211_ATTR_MAC") {
		t.Errorf("short MAC: %v", err)
	}
	ae := mdnl.NewAttributeEncoder()
	ae.Bytes(unix.NL80211_ATTR_MAC, macA)
	ae.Bytes(unix.NL80211_ATTR_STA_INFO, []byte{8, 0, byte(unix.NL80211_STA_INFO_TX_BYTES), 0, 1}) // truncated
	bad, _ := ae.Encode()
	if _, _, err := ParseStationTXQ(bad); err == nil || !strings.Contains(err.Error(), "02:00:00:00:00:0a") {
		t.Errorf("truncated station info: %v", err)
	}
}

// Every station's limits are its fair share of the phy's fair-queue limits
// (the phy's over the stations with a backlog); IPs come from the neighbour
// table; the result is ordered by MAC.
func TestTXQStationQueues(t *testing.T) {
	a, _, _ := ParseStationTXQ(staMsg(t, macA, 1000, 0, map[uint16]tidTXQ{0: {backlogBytes: 4 << 20, backlogPkts: 512}}))
	b, _, _ := ParseStationTXQ(staMsg(t, macB, 2000, 0, map[uint16]tidTXQ{0: {backlogPkts: 2048}}))
	phy := WiphyTXQ{LimitPackets: 8192, LimitBytes: 16 << 20}
	ips := map[string][]string{"02:00:00:00:00:0b": {"10.0.0.11"}}
	got := TXQStationQueues([]StationTXQ{b, a}, phy, Downlink, ips)
	if len(got) != 2 || got[0].QueueID != "02:00:00:00:00:0a" || got[1].MAC != "02:00:00:00:00:0b" {
		t.Fatalf("station queues %+v", got)
	}
	if !slices.Equal(got[1].IPs, []string{"10.0.0.11"}) || got[1].SentBytes != 2000 || got[1].LimitPackets != 4096 ||
		got[1].LimitBytes != 8<<20 || got[1].Source != "mac80211-txq" || got[1].Direction != Downlink {
		t.Fatalf("station b %+v (two backlogged stations: half the phy's limits each)", got[1])
	}
	if r, _ := got[0].Ratio(); r != 0.5 {
		t.Fatalf("station a ratio %v, want 0.5 (max of 512/4096 and 4M/8M)", r)
	}
	if r, _ := got[1].Ratio(); r != 0.5 {
		t.Fatalf("station b ratio %v, want 2048/4096", r)
	}
}

// An idle station does not take a share: the one backlogged station is
// counted against the whole phy limit, and no station means the phy's limit.
func TestTXQStationQueuesFairShareCountsBackloggedStations(t *testing.T) {
	a, _, _ := ParseStationTXQ(staMsg(t, macA, 1000, 0, map[uint16]tidTXQ{0: {backlogPkts: 1000}}))
	b, _, _ := ParseStationTXQ(staMsg(t, macB, 2000, 0, map[uint16]tidTXQ{}))
	phy := WiphyTXQ{LimitPackets: 8191, LimitBytes: 0}
	got := TXQStationQueues([]StationTXQ{a, b}, phy, Downlink, nil)
	if got[0].LimitPackets != 8191 || got[1].LimitPackets != 8191 || got[0].LimitBytes != 0 {
		t.Fatalf("one backlogged station: the phy's limits for all, got %+v", got)
	}
	c, _, _ := ParseStationTXQ(staMsg(t, macB, 2000, 0, map[uint16]tidTXQ{0: {backlogBytes: 1}}))
	got = TXQStationQueues([]StationTXQ{a, c}, phy, Downlink, nil)
	if got[0].LimitPackets != 4096 || got[1].LimitPackets != 4096 {
		t.Fatalf("two backlogged stations: 8191 / 2 rounded up, got %d, %d", got[0].LimitPackets, got[1].LimitPackets)
	}
}
