package wificell

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"syscall"
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

// fileVersion tells versions of a file apart: a rewrite by rename gives a
// new inode even when it lands in the same clock tick with the same size.
type fileVersion struct {
	ino  uint64
	mod  time.Time
	size int64
}

func versionOf(fi os.FileInfo) fileVersion {
	v := fileVersion{mod: fi.ModTime(), size: fi.Size()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		v.ino = st.Ino
	}
	return v
}

// DocWatcher re-reads a station document when its inode, modification time
// or size changes. A document that cannot be read or parsed is logged once per
// version with the running count and otherwise ignored.
type DocWatcher struct {
	Path string
	Dir  Direction
	Log  *slog.Logger

	ver    fileVersion
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
	ver := versionOf(fi)
	if w.seen && ver == w.ver {
		return nil, false
	}
	w.ver, w.seen = ver, true
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
