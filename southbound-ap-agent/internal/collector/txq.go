package collector

import (
	"context"
	"fmt"
	"net"
	"sync"

	"github.com/mdlayher/genetlink"
	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// TXQ reads the mac80211 TXQ backlog of the wiphy behind a Wi-Fi interface via
// nl80211 (genetlink). On mac80211 APs the interface qdisc is noqueue and the
// downlink queue lives in mac80211's fair queue; nl80211 reports its backlog
// (packets, bytes of memory) and limits (NL80211_ATTR_TXQ_LIMIT packets,
// NL80211_ATTR_TXQ_MEMORY_LIMIT bytes) in the split wiphy dump. The station
// dump gives each station's TXQs (txq_station_parse.go), reported as station
// queues with the station's IPs from the neighbour table.
type TXQ struct {
	dir   Direction
	iface string

	mu  sync.Mutex
	c   *genetlink.Conn
	fam genetlink.Family
}

// NewTXQ returns a collector for the TXQs of iface's wiphy reported as dir.
func NewTXQ(dir Direction, iface string) (*TXQ, error) {
	if iface == "" {
		return nil, fmt.Errorf("mac80211-txq collector: interface must not be empty")
	}
	return &TXQ{dir: dir, iface: iface}, nil
}

// Name implements Collector.
func (t *TXQ) Name() string { return "mac80211-txq:" + t.iface + ":" + t.dir.String() }

func (t *TXQ) conn() (*genetlink.Conn, genetlink.Family, error) {
	if t.c != nil {
		return t.c, t.fam, nil
	}
	c, err := genetlink.Dial(nil)
	if err != nil {
		return nil, genetlink.Family{}, fmt.Errorf("genetlink: %w", err)
	}
	fam, err := c.GetFamily(unix.NL80211_GENL_NAME)
	if err != nil {
		c.Close()
		return nil, genetlink.Family{}, fmt.Errorf("nl80211 family: %w", err)
	}
	t.c, t.fam = c, fam
	return c, fam, nil
}

func (t *TXQ) reset() {
	if t.c != nil {
		t.c.Close()
		t.c = nil
	}
}

// Collect implements Collector.
func (t *TXQ) Collect(ctx context.Context) (*Reading, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	ifi, err := net.InterfaceByName(t.iface)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", t.iface, err)
	}
	c, fam, err := t.conn()
	if err != nil {
		return nil, err
	}
	q, err := t.wiphyTXQ(c, fam, ifi.Index)
	if err != nil {
		return nil, err
	}
	stas, err := t.stationTXQs(c, fam, ifi.Index)
	if err != nil {
		return nil, err
	}
	return &Reading{Queues: []QueueSample{{
		Direction: t.dir, BacklogPackets: q.BacklogPackets, BacklogBytes: q.BacklogBytes,
		LimitPackets: q.LimitPackets, LimitBytes: q.LimitBytes, Drops: q.Drops, Source: "mac80211-txq",
	}}, StationQueues: TXQStationQueues(stas, q, t.dir, neighbourIPs(ifi.Index))}, nil
}

// wiphyTXQ reads the phy-wide TXQ state of the wiphy behind ifindex.
func (t *TXQ) wiphyTXQ(c *genetlink.Conn, fam genetlink.Family, ifindex int) (WiphyTXQ, error) {
	ae := netlink.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_IFINDEX, uint32(ifindex))
	data, err := ae.Encode()
	if err != nil {
		return WiphyTXQ{}, err
	}
	msgs, err := c.Execute(genetlink.Message{
		Header: genetlink.Header{Command: unix.NL80211_CMD_GET_INTERFACE, Version: fam.Version},
		Data:   data,
	}, fam.ID, netlink.Request)
	if err != nil {
		t.reset()
		return WiphyTXQ{}, fmt.Errorf("nl80211 GET_INTERFACE %s: %w", t.iface, err)
	}
	if len(msgs) == 0 {
		return WiphyTXQ{}, fmt.Errorf("nl80211 GET_INTERFACE %s: empty reply", t.iface)
	}
	wiphy, err := ParseInterfaceWiphy(msgs[0].Data)
	if err != nil {
		return WiphyTXQ{}, err
	}
	ae = netlink.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_WIPHY, wiphy)
	ae.Flag(unix.NL80211_ATTR_SPLIT_WIPHY_DUMP, true)
	if data, err = ae.Encode(); err != nil {
		return WiphyTXQ{}, err
	}
	msgs, err = c.Execute(genetlink.Message{
		Header: genetlink.Header{Command: unix.NL80211_CMD_GET_WIPHY, Version: fam.Version},
		Data:   data,
	}, fam.ID, netlink.Request|netlink.Dump)
	if err != nil {
		t.reset()
		return WiphyTXQ{}, fmt.Errorf("nl80211 GET_WIPHY %d: %w", wiphy, err)
	}
	raw := make([][]byte, len(msgs))
	for i, m := range msgs {
		raw[i] = m.Data
	}
	return ParseWiphyTXQ(raw, wiphy)
}

// stationTXQs dumps the stations of ifindex (NL80211_CMD_GET_STATION) and
// returns the TXQ state of those that report per-TID TXQ statistics.
func (t *TXQ) stationTXQs(c *genetlink.Conn, fam genetlink.Family, ifindex int) ([]StationTXQ, error) {
	ae := netlink.NewAttributeEncoder()
	ae.Uint32(unix.NL80211_ATTR_IFINDEX, uint32(ifindex))
	data, err := ae.Encode()
	if err != nil {
		return nil, err
	}
	msgs, err := c.Execute(genetlink.Message{
		Header: genetlink.Header{Command: unix.NL80211_CMD_GET_STATION, Version: fam.Version},
		Data:   data,
	}, fam.ID, netlink.Request|netlink.Dump)
	if err != nil {
		t.reset()
		return nil, fmt.Errorf("nl80211 GET_STATION %s: %w", t.iface, err)
	}
	var out []StationTXQ
	for _, m := range msgs {
		s, ok, err := ParseStationTXQ(m.Data)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, s)
		}
	}
	return out, nil
}
