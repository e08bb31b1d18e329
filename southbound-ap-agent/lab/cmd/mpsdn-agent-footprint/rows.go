package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// row is one binary on one architecture. Memory fields are the median over the
// repetitions with [min, max]; nil where the binary was not run (other
// architectures).
type row struct {
	Binary         string    `json:"binary"`
	Config         string    `json:"config,omitempty"`
	Arch           string    `json:"arch"`
	RSSMB          *float64  `json:"rss_mb"`
	RSSMBRange     []float64 `json:"rss_mb_range,omitempty"`
	RSSAnonMB      *float64  `json:"rss_anon_mb"`
	RSSAnonMBRange []float64 `json:"rss_anon_mb_range,omitempty"`
	RSSFileMB      *float64  `json:"rss_file_mb,omitempty"`
	RSSFileMBRange []float64 `json:"rss_file_mb_range,omitempty"`
	RefMB          *float64  `json:"working_set_mb,omitempty"`
	RefMBRange     []float64 `json:"working_set_mb_range,omitempty"`
	CPUPct         *float64  `json:"cpu_pct_of_core,omitempty"`
	CPUPctRange    []float64 `json:"cpu_pct_of_core_range,omitempty"`
	SizeMB         float64   `json:"size_mb"`
	Runs           []memory  `json:"runs,omitempty"`
	Polls          *[2]int   `json:"polls_ok_failed,omitempty"`
	provenanceFields
}

var measured = []string{apWiFi, apLTE, client, enb}

func rows(o *options, runs map[string][]memory, polls map[string][2]int, p *provenance) ([]row, error) {
	var out []row
	for _, arch := range strings.Split(o.arches, ",") {
		for _, label := range measured {
			bin, cfg, _ := strings.Cut(label, "/")
			if arch != "amd64" && bin == "mpsdn-ap-agent" && cfg != "wifi-qdisc" {
				continue // one size row per binary
			}
			fi, err := os.Stat(filepath.Join(o.static, "linux-"+arch, bin))
			if err != nil {
				return nil, fmt.Errorf("size of %s for %s (make static): %w", bin, arch, err)
			}
			r := row{Binary: bin, Arch: arch, SizeMB: round(float64(fi.Size()) / (1 << 20)), provenanceFields: p.fields}
			if arch == "amd64" {
				r.Config = cfg
				r.fill(runs[label])
				if pl, ok := polls[label]; ok {
					r.Polls = &pl
				}
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// fill sets the medians and ranges of the runs.
func (r *row) fill(ms []memory) {
	r.Runs = ms
	stat := func(get func(memory) float64) (*float64, []float64) {
		v := make([]float64, len(ms))
		for i, m := range ms {
			v[i] = get(m)
		}
		sort.Float64s(v)
		med := v[len(v)/2]
		if len(v)%2 == 0 {
			med = (v[len(v)/2-1] + v[len(v)/2]) / 2
		}
		med = round(med)
		return &med, []float64{round(v[0]), round(v[len(v)-1])}
	}
	r.RSSMB, r.RSSMBRange = stat(func(m memory) float64 { return m.RSSMB })
	r.RSSAnonMB, r.RSSAnonMBRange = stat(func(m memory) float64 { return m.RSSAnonMB })
	r.RSSFileMB, r.RSSFileMBRange = stat(func(m memory) float64 { return m.RSSFileMB })
	r.RefMB, r.RefMBRange = stat(func(m memory) float64 { return m.RefMB })
	r.CPUPct, r.CPUPctRange = stat(func(m memory) float64 { return m.CPUPct })
}

func round(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }
