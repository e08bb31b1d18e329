package collector

import (
	"context"
	"fmt"
	"strings"

	"github.com/mdlayher/wifi"
)

// Stations lists the stations associated with a Wi-Fi AP interface via
// nl80211 (mdlayher/wifi), adding their IPs from the neighbour table.
type Stations struct {
	iface string
}

// NewStations returns a station collector for iface.
func NewStations(iface string) (*Stations, error) {
	if iface == "" {
		return nil, fmt.Errorf("nl80211 station collector: interface must not be empty")
	}
	return &Stations{iface: iface}, nil
}

// Name implements Collector.
func (s *Stations) Name() string { return "nl80211-stations:" + s.iface }

// Collect implements Collector.
func (s *Stations) Collect(ctx context.Context) (*Reading, error) {
	c, err := wifi.New()
	if err != nil {
		return nil, fmt.Errorf("nl80211: %w", err)
	}
	defer c.Close()
	ifis, err := c.Interfaces()
	if err != nil {
		return nil, fmt.Errorf("nl80211 interfaces: %w", err)
	}
	var ifi *wifi.Interface
	for _, i := range ifis {
		if i.Name == s.iface {
			ifi = i
		}
	}
	if ifi == nil {
		return nil, fmt.Errorf("interface %q is not an nl80211 interface", s.iface)
	}
	infos, err := c.StationInfo(ifi)
	if err != nil {
		return nil, fmt.Errorf("nl80211 stations of %s: %w", s.iface, err)
	}
	ips := neighbourIPs(ifi.Index)
	return &Reading{Stations: StationsFromInfo(infos, ips)}, nil
}

// StationsFromInfo converts nl80211 station info into Stations; negative
// counters from the library are clamped to 0.
func StationsFromInfo(infos []*wifi.StationInfo, ips map[string][]string) []Station {
	out := make([]Station, 0, len(infos))
	for _, in := range infos {
		if in == nil {
			continue
		}
		mac := strings.ToLower(in.HardwareAddr.String())
		rssi := in.SignalAverage
		if rssi == 0 {
			rssi = in.Signal
		}
		out = append(out, Station{
			MAC:           mac,
			IPs:           ips[mac],
			RSSIdBm:       float64(rssi),
			TxPhyRateBps:  nonNeg(in.TransmitBitrate),
			RxPhyRateBps:  nonNeg(in.ReceiveBitrate),
			TxBytes:       nonNeg(in.TransmittedBytes),
			RxBytes:       nonNeg(in.ReceivedBytes),
			InactiveMilli: uint32(max(0, min(in.Inactive.Milliseconds(), int64(^uint32(0))))),
		})
	}
	return out
}

func nonNeg(v int) uint64 {
	if v < 0 {
		return 0
	}
	return uint64(v)
}
