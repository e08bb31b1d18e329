package collector

import (
	"fmt"

	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// WiphyTXQ is the mac80211 TXQ state of one wiphy as nl80211 reports it in a
// split NL80211_CMD_GET_WIPHY dump: the phy-wide fair-queue backlog
// (NL80211_ATTR_TXQ_STATS) and its limits (NL80211_ATTR_TXQ_LIMIT in packets,
// NL80211_ATTR_TXQ_MEMORY_LIMIT in bytes).
type WiphyTXQ struct {
	BacklogPackets uint64
	BacklogBytes   uint64
	// Drops adds the drop, overlimit and overmemory counters.
	Drops        uint64
	LimitPackets uint64
	LimitBytes   uint64
	haveStats    bool
}

// ParseInterfaceWiphy returns NL80211_ATTR_WIPHY from an
// NL80211_CMD_GET_INTERFACE reply's attributes.
func ParseInterfaceWiphy(b []byte) (uint32, error) {
	ad, err := netlink.NewAttributeDecoder(b)
	if err != nil {
		return 0, fmt.Errorf("nl80211 interface: %w", err)
	}
	var wiphy uint32
	found := false
	for ad.Next() {
		if ad.Type() == unix.NL80211_ATTR_WIPHY {
			wiphy, found = ad.Uint32(), true
		}
	}
	if err := ad.Err(); err != nil {
		return 0, fmt.Errorf("nl80211 interface: %w", err)
	}
	if !found {
		return 0, fmt.Errorf("nl80211 interface: NL80211_ATTR_WIPHY missing")
	}
	return wiphy, nil
}

// ParseWiphyTXQ merges the TXQ attributes of the messages of a split wiphy
// dump that belong to wiphy. A message whose NL80211_ATTR_WIPHY names another
// wiphy is skipped. It fails when the wiphy reports no TXQ statistics or no
// limit (a driver without mac80211 TXQs).
func ParseWiphyTXQ(msgs [][]byte, wiphy uint32) (WiphyTXQ, error) {
	var t WiphyTXQ
	for i, b := range msgs {
		if err := t.merge(b, wiphy); err != nil {
			return WiphyTXQ{}, fmt.Errorf("nl80211 wiphy message %d: %w", i, err)
		}
	}
	if !t.haveStats {
		return WiphyTXQ{}, fmt.Errorf("wiphy %d: no NL80211_ATTR_TXQ_STATS (driver without mac80211 TXQs?)", wiphy)
	}
	if t.LimitPackets == 0 && t.LimitBytes == 0 {
		return WiphyTXQ{}, fmt.Errorf("wiphy %d: no NL80211_ATTR_TXQ_LIMIT/TXQ_MEMORY_LIMIT", wiphy)
	}
	return t, nil
}

func (t *WiphyTXQ) merge(b []byte, wiphy uint32) error {
	ad, err := netlink.NewAttributeDecoder(b)
	if err != nil {
		return err
	}
	var (
		w                   uint32
		haveW               bool
		stats               []byte
		limit, memLimit     uint32
		haveLim, haveMemLim bool
	)
	for ad.Next() {
		switch ad.Type() {
		case unix.NL80211_ATTR_WIPHY:
			w, haveW = ad.Uint32(), true
		case unix.NL80211_ATTR_TXQ_STATS:
			stats = append([]byte(nil), ad.Bytes()...)
		case unix.NL80211_ATTR_TXQ_LIMIT:
			limit, haveLim = ad.Uint32(), true
		case unix.NL80211_ATTR_TXQ_MEMORY_LIMIT:
			memLimit, haveMemLim = ad.Uint32(), true
		}
	}
	if err := ad.Err(); err != nil {
		return err
	}
	if haveW && w != wiphy {
		return nil
	}
	if haveLim {
		t.LimitPackets = uint64(limit)
	}
	if haveMemLim {
		t.LimitBytes = uint64(memLimit)
	}
	if stats == nil {
		return nil
	}
	sd, err := netlink.NewAttributeDecoder(stats)
	if err != nil {
		return fmt.Errorf("NL80211_ATTR_TXQ_STATS: %w", err)
	}
	var s WiphyTXQ
	for sd.Next() {
		switch sd.Type() {
		case unix.NL80211_TXQ_STATS_BACKLOG_BYTES:
			s.BacklogBytes = uint64(sd.Uint32())
		case unix.NL80211_TXQ_STATS_BACKLOG_PACKETS:
			s.BacklogPackets = uint64(sd.Uint32())
		case unix.NL80211_TXQ_STATS_DROPS, unix.NL80211_TXQ_STATS_OVERLIMIT, unix.NL80211_TXQ_STATS_OVERMEMORY:
			s.Drops += uint64(sd.Uint32())
		}
	}
	if err := sd.Err(); err != nil {
		return fmt.Errorf("NL80211_ATTR_TXQ_STATS: %w", err)
	}
	t.BacklogBytes, t.BacklogPackets, t.Drops, t.haveStats = s.BacklogBytes, s.BacklogPackets, s.Drops, true
	return nil
}
