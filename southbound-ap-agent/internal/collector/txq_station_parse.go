package collector

import (
	"fmt"
	"net"
	"sort"

	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// StationTXQ is one station's mac80211 TXQ state from an nl80211 station
// dump (NL80211_CMD_GET_STATION): its TXQs' backlog and drops summed over
// the TIDs (NL80211_STA_INFO_TID_STATS → NL80211_TID_STATS_TXQ_STATS), and
// the bytes sent to it (NL80211_STA_INFO_TX_BYTES64, else TX_BYTES).
type StationTXQ struct {
	MAC            string
	BacklogPackets uint64
	BacklogBytes   uint64
	// Drops adds the drop and overlimit counters of every TID.
	Drops   uint64
	TxBytes uint64
}

// ParseStationTXQ parses the attributes of one station message. ok is false
// when the message carries no per-TID TXQ statistics (a driver without
// mac80211 TXQs); err reports malformed data only.
func ParseStationTXQ(b []byte) (s StationTXQ, ok bool, err error) {
	ad, err := netlink.NewAttributeDecoder(b)
	if err != nil {
		return s, false, fmt.Errorf("nl80211 station: %w", err)
	}
	var info []byte
	for ad.Next() {
		switch ad.Type() {
		case unix.NL80211_ATTR_MAC:
			if len(ad.Bytes()) != 6 {
				return s, false, fmt.Errorf("nl80211 station: NL80211_ATTR_MAC is %d bytes, want 6", len(ad.Bytes()))
			}
			s.MAC = net.HardwareAddr(ad.Bytes()).String()
		case unix.NL80211_ATTR_STA_INFO:
			info = append([]byte(nil), ad.Bytes()...)
		}
	}
	if err := ad.Err(); err != nil {
		return s, false, fmt.Errorf("nl80211 station: %w", err)
	}
	if s.MAC == "" || info == nil {
		return s, false, nil
	}
	if ok, err = s.parseInfo(info); err != nil {
		return StationTXQ{}, false, fmt.Errorf("nl80211 station %s: %w", s.MAC, err)
	}
	return s, ok, nil
}

func (s *StationTXQ) parseInfo(b []byte) (bool, error) {
	ad, err := netlink.NewAttributeDecoder(b)
	if err != nil {
		return false, err
	}
	var tx32 uint32
	var have64, haveTXQ bool
	for ad.Next() {
		switch ad.Type() {
		case unix.NL80211_STA_INFO_TX_BYTES:
			tx32 = ad.Uint32()
		case unix.NL80211_STA_INFO_TX_BYTES64:
			s.TxBytes, have64 = ad.Uint64(), true
		case unix.NL80211_STA_INFO_TID_STATS:
			ad.Nested(func(nad *netlink.AttributeDecoder) error {
				haveTXQ = s.addTIDs(nad) || haveTXQ
				return nil
			})
		}
	}
	if err := ad.Err(); err != nil {
		return false, fmt.Errorf("NL80211_ATTR_STA_INFO: %w", err)
	}
	if !have64 {
		s.TxBytes = uint64(tx32)
	}
	return haveTXQ, nil
}

// addTIDs adds the TXQ statistics of every TID; it reports whether any TID had them.
func (s *StationTXQ) addTIDs(ad *netlink.AttributeDecoder) bool {
	found := false
	for ad.Next() {
		ad.Nested(func(tid *netlink.AttributeDecoder) error {
			for tid.Next() {
				if tid.Type() != unix.NL80211_TID_STATS_TXQ_STATS {
					continue
				}
				found = true
				tid.Nested(func(q *netlink.AttributeDecoder) error {
					s.addTXQStats(q)
					return nil
				})
			}
			return nil
		})
	}
	return found
}

func (s *StationTXQ) addTXQStats(q *netlink.AttributeDecoder) {
	for q.Next() {
		switch q.Type() {
		case unix.NL80211_TXQ_STATS_BACKLOG_BYTES:
			s.BacklogBytes += uint64(q.Uint32())
		case unix.NL80211_TXQ_STATS_BACKLOG_PACKETS:
			s.BacklogPackets += uint64(q.Uint32())
		case unix.NL80211_TXQ_STATS_DROPS, unix.NL80211_TXQ_STATS_OVERLIMIT, unix.NL80211_TXQ_STATS_OVERMEMORY:
			s.Drops += uint64(q.Uint32())
		}
	}
}

// TXQStationQueues turns the stations' TXQ state into station queue samples
// for direction dir. mac80211 limits its fair queue per phy, not per
// station, so a station is counted against its fair share of the phy's
// limits: the phy's limits over the number of stations with a backlog (at
// least 1). A station holding its fair share reads full, as a full
// per-station queue (the qdisc source) does; counted against the whole phy
// limit, a starved station among several backlogged ones under-reads (ns-3,
// docs/results/fig13-station-queues). ips maps lower-case MACs to the
// stations' addresses. Samples are ordered by MAC.
func TXQStationQueues(stas []StationTXQ, phy WiphyTXQ, dir Direction, ips map[string][]string) []StationQueueSample {
	backlogged := uint64(0)
	for _, st := range stas {
		if st.BacklogPackets > 0 || st.BacklogBytes > 0 {
			backlogged++
		}
	}
	share := max(backlogged, 1)
	out := make([]StationQueueSample, 0, len(stas))
	for _, st := range stas {
		out = append(out, StationQueueSample{
			QueueSample: QueueSample{Direction: dir, BacklogPackets: st.BacklogPackets, BacklogBytes: st.BacklogBytes,
				LimitPackets: fairShare(phy.LimitPackets, share), LimitBytes: fairShare(phy.LimitBytes, share),
				Drops: st.Drops, Source: "mac80211-txq"},
			QueueID: st.MAC, MAC: st.MAC, IPs: ips[st.MAC], SentBytes: st.TxBytes,
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].QueueID < out[j].QueueID })
	return out
}

// fairShare is limit / n rounded up, 0 (no limit known) staying 0.
func fairShare(limit, n uint64) uint64 {
	return (limit + n - 1) / n
}
