// Package agent wires an mpsdn AP agent together: it loads and validates the
// configuration (with command-line overrides), loads the mTLS files and binds
// the AP identity to the certificate, builds the configured sources
// (collector.FromConfig), and runs the sampler, the ApAgent gRPC service with
// its health service and the optional Prometheus endpoint until its context
// ends. The command mpsdn-ap-agent is a thin flag and exit-code wrapper around
// New and Run.
package agent

import (
	"crypto/tls"
	"fmt"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/config"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/server"
)

// Overrides are command-line values that replace the file's; nil leaves the
// file's value.
type Overrides struct {
	APID          *string
	Listen        *string
	SampleRateHz  *float64
	MetricsListen *string
}

func (o Overrides) apply(cfg *config.Config) {
	if o.APID != nil {
		cfg.APID = *o.APID
	}
	if o.Listen != nil {
		cfg.Listen = *o.Listen
	}
	if o.SampleRateHz != nil {
		cfg.SampleRateHz = *o.SampleRateHz
	}
	if o.MetricsListen != nil {
		cfg.MetricsListen = *o.MetricsListen
	}
}

// Agent is a configured agent, ready to run.
type Agent struct {
	cfg      config.Config
	tls      *tls.Config
	queues   []collector.Collector
	stations []collector.Collector
}

// New loads the configuration file at path, applies the overrides, validates
// it, loads the TLS files (the AP id defaults to the certificate's identity
// and must match it when set) and builds the sources. Errors name the field
// or file at fault.
func New(path string, o Overrides) (*Agent, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	o.apply(&cfg)
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	tlsCfg, certID, err := server.ServerTLS(server.TLSFiles{Cert: cfg.TLS.Cert, Key: cfg.TLS.Key, ClientCA: cfg.TLS.ClientCA})
	if err != nil {
		return nil, err
	}
	if cfg.APID == "" {
		cfg.APID = certID
	}
	if cfg.APID != certID {
		return nil, fmt.Errorf("ap_id %q does not match the certificate identity %q", cfg.APID, certID)
	}
	queues, stations, err := collector.FromConfig(cfg)
	if err != nil {
		return nil, err
	}
	return &Agent{cfg: cfg, tls: tlsCfg, queues: queues, stations: stations}, nil
}

// Summary says what New accepted: the AP id and how many queue and station
// sources it built.
func (a *Agent) Summary() string {
	return fmt.Sprintf("ap_id=%s queues=%d station sources=%d", a.cfg.APID, len(a.queues), len(a.stations))
}
