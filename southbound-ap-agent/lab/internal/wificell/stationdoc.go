package wificell

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
)

// ParseStationDoc reads the AP agent's station document (the eNB metrics
// format, version 1, that the agent's enb station source reads: see
// collector.ENBMetrics) and returns each listed station's PHY rate in bit/s
// for direction dir (dl_phy_rate_bps or ul_phy_rate_bps), keyed by IPv4
// address in dotted form. A rate of 0 means unknown and is left out; the
// first entry for an address wins. An invalid document is an error that
// names the field.
func ParseStationDoc(b []byte, dir Direction) (map[string]float64, error) {
	m, err := collector.ParseENBMetrics(b)
	if err != nil {
		return nil, fmt.Errorf("station document: %w", err)
	}
	out := map[string]float64{}
	for i, ue := range m.UEs {
		r := ue.DLPhyRateBps
		if dir == Uplink {
			r = ue.ULPhyRateBps
		}
		for j, s := range ue.IPs {
			ip := net.ParseIP(s).To4()
			if ip == nil {
				return nil, fmt.Errorf("station document: ues[%d].ips[%d] %q is not an IPv4 address", i, j, s)
			}
			if _, seen := out[ip.String()]; !seen && r > 0 {
				out[ip.String()] = float64(r)
			}
		}
	}
	return out, nil
}

// DocWatcher re-reads a station document when its modification time or size
// changes. A document that cannot be read or parsed is logged once per
// version with the running count and otherwise ignored.
type DocWatcher struct {
	Path string
	Dir  Direction
	Log  *slog.Logger

	mod    time.Time
	size   int64
	seen   bool
	Errors int // unreadable or invalid versions so far
}

// Check returns the document's PHY rates when the file changed since the
// last call (ok true), else ok false.
func (w *DocWatcher) Check() (rates map[string]float64, ok bool) {
	fi, err := os.Stat(w.Path)
	if err != nil {
		if w.seen || w.Errors == 0 {
			w.fail(err)
		}
		w.seen = false
		return nil, false
	}
	if w.seen && fi.ModTime().Equal(w.mod) && fi.Size() == w.size {
		return nil, false
	}
	w.mod, w.size, w.seen = fi.ModTime(), fi.Size(), true
	b, err := os.ReadFile(w.Path)
	if err == nil {
		rates, err = ParseStationDoc(b, w.Dir)
	}
	if err != nil {
		w.fail(err)
		return nil, false
	}
	return rates, true
}

func (w *DocWatcher) fail(err error) {
	w.Errors++
	if w.Log != nil {
		w.Log.Warn("station document ignored", "path", w.Path, "err", err, "ignored_versions", w.Errors)
	}
}
