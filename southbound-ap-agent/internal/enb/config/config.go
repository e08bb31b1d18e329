package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/netip"
	"os"
	"path/filepath"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
)

// Channel selects a UE's channel model.
type Channel struct {
	Kind     string  `json:"kind"`
	P        float64 `json:"p"`
	Q        float64 `json:"q"`
	RateBps  float64 `json:"rate_bps"`
	File     string  `json:"file"`
	Loop     bool    `json:"loop"`
	LengthMs uint64  `json:"length_ms"`
}

// UE is one UE's configuration.
type UE struct {
	ID         string   `json:"id"`
	Iface      string   `json:"iface"`
	IPs        []string `json:"ips"`
	QueueLimit int      `json:"queue_limit"`
	Channel    Channel  `json:"channel"`
}

// TLS names the PEM files of the EnbPolicy service (mTLS, package enbtls).
type TLS struct {
	Cert     string `json:"cert"`      // eNB certificate, URI SAN mpsdn://ap/<enb_id>
	Key      string `json:"key"`       // its private key
	ClientCA string `json:"client_ca"` // CA that signs controller certificates
}

// File is the whole configuration.
type File struct {
	ENBID         string  `json:"enb_id"`
	Uplink        string  `json:"uplink"`
	GRPCListen    string  `json:"grpc_listen"`
	TLS           TLS     `json:"tls"`
	GRPCPlaintext bool    `json:"grpc_plaintext"`
	MetricsListen string  `json:"metrics_listen"`
	PeakRateBps   float64 `json:"peak_rate_bps"`
	Seed          uint64  `json:"seed"`
	UEs           []UE    `json:"ues"`
	dir           string
}

// Parse decodes a configuration; dir resolves relative trace files.
func Parse(r io.Reader, dir string) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	f.dir = dir
	for _, p := range []*string{&f.TLS.Cert, &f.TLS.Key, &f.TLS.ClientCA} {
		if *p != "" && !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	if f.ENBID == "" {
		return nil, fmt.Errorf("enb_id: empty")
	}
	if f.PeakRateBps == 0 {
		f.PeakRateBps = channel.PaperPeakBps
	}
	if !(f.PeakRateBps > 0) {
		return nil, fmt.Errorf("peak_rate_bps: %v must be > 0", f.PeakRateBps)
	}
	if len(f.UEs) == 0 {
		return nil, fmt.Errorf("ues: none")
	}
	for i, u := range f.UEs {
		if u.ID == "" {
			return nil, fmt.Errorf("ues[%d].id: empty", i)
		}
		for k, s := range u.IPs {
			if _, err := netip.ParseAddr(s); err != nil {
				return nil, fmt.Errorf("ues[%d].ips[%d]: %q is not an IP address", i, k, s)
			}
		}
		if u.QueueLimit < 0 {
			return nil, fmt.Errorf("ues[%d].queue_limit: %d < 0", i, u.QueueLimit)
		}
		switch u.Channel.Kind {
		case "markov", "constant", "trace":
		default:
			return nil, fmt.Errorf("ues[%d].channel.kind: %q, want markov, constant or trace", i, u.Channel.Kind)
		}
	}
	return &f, nil
}

// Load reads a configuration file.
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Parse(fh, filepath.Dir(path))
}

// CellConfig builds the cell configuration (channel models included).
func (f *File) CellConfig() (cell.Config, error) {
	cfg := cell.Config{ENBID: f.ENBID, PeakRateBps: f.PeakRateBps}
	table := channel.LTERateTable(f.PeakRateBps)
	for i, u := range f.UEs {
		var m channel.Model
		pfx := fmt.Sprintf("ues[%d].channel", i)
		switch u.Channel.Kind {
		case "markov":
			mk, err := channel.NewMarkov(table, u.Channel.P, u.Channel.Q, rand.New(rand.NewPCG(f.Seed, uint64(i))))
			if err != nil {
				return cfg, fmt.Errorf("%s: %w", pfx, err)
			}
			m = mk
		case "constant":
			if !(u.Channel.RateBps >= 0) {
				return cfg, fmt.Errorf("%s.rate_bps: %v must be >= 0", pfx, u.Channel.RateBps)
			}
			m = channel.Constant(u.Channel.RateBps)
		case "trace":
			path := u.Channel.File
			if !filepath.IsAbs(path) {
				path = filepath.Join(f.dir, path)
			}
			fh, err := os.Open(path)
			if err != nil {
				return cfg, fmt.Errorf("%s.file: %w", pfx, err)
			}
			pts, err := channel.ParseTrace(fh)
			fh.Close()
			if err != nil {
				return cfg, fmt.Errorf("%s.file: %w", pfx, err)
			}
			tr, err := channel.NewTrace(pts, u.Channel.Loop, u.Channel.LengthMs)
			if err != nil {
				return cfg, fmt.Errorf("%s: %w", pfx, err)
			}
			m = tr
		}
		var ips []netip.Addr
		for _, s := range u.IPs {
			ips = append(ips, netip.MustParseAddr(s).Unmap())
		}
		cfg.UEs = append(cfg.UEs, cell.UEConfig{ID: u.ID, IPs: ips, Channel: m, QueueLimit: u.QueueLimit})
	}
	return cfg, nil
}
