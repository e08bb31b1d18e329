// Package config loads the agent's YAML (or JSON, a YAML subset) configuration
// file and validates it; errors name the offending field and value.
//
// Example (/etc/mpsdn/agent.yaml):
//
//	ap_id: ap1                       # must equal the certificate's mpsdn://ap/<id> URI SAN
//	kind: wifi                       # wifi | lte
//	listen: "0.0.0.0:50051"
//	tls:
//	  cert: /etc/mpsdn/agent.crt
//	  key: /etc/mpsdn/agent.key
//	  client_ca: /etc/mpsdn/ca.crt   # CA that signs the controller's certificate
//	sample_rate_hz: 10
//	max_window_ms: 10000             # longest window a poll may average over
//	capacity_bps: 0                  # 0: from the source (tbf rate, eNB)
//	queues:
//	  - {direction: downlink, source: qdisc, interface: wlan0}   # qdisc | mac80211-txq | enb
//	  - {direction: uplink, source: qdisc, interface: eth0}
//	stations: {source: nl80211, interface: wlan0}                # nl80211 | enb | none
//	enb: {url: "http://127.0.0.1:9090/mpsdn/metrics", timeout_ms: 200, max_age_ms: 2000}
//	metrics_listen: ""               # e.g. 127.0.0.1:9465; loopback only
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"

	"gopkg.in/yaml.v3"
)

// TLS holds the PEM file paths.
type TLS struct {
	Cert     string `yaml:"cert"`
	Key      string `yaml:"key"`
	ClientCA string `yaml:"client_ca"`
}

// Queue configures one queue source.
type Queue struct {
	Direction string `yaml:"direction"`
	Source    string `yaml:"source"`
	Interface string `yaml:"interface"`
}

// Stations configures the station source.
type Stations struct {
	Source    string `yaml:"source"`
	Interface string `yaml:"interface"`
}

// ENB configures how the eNB's metrics are read.
type ENB struct {
	URL       string `yaml:"url"`
	File      string `yaml:"file"`
	TimeoutMs int    `yaml:"timeout_ms"`
	MaxAgeMs  int    `yaml:"max_age_ms"`
}

// Config is the agent configuration.
type Config struct {
	APID          string   `yaml:"ap_id"`
	Kind          string   `yaml:"kind"`
	Listen        string   `yaml:"listen"`
	TLS           TLS      `yaml:"tls"`
	SampleRateHz  float64  `yaml:"sample_rate_hz"`
	MaxWindowMs   int      `yaml:"max_window_ms"`
	CapacityBps   uint64   `yaml:"capacity_bps"`
	Queues        []Queue  `yaml:"queues"`
	Stations      Stations `yaml:"stations"`
	ENB           ENB      `yaml:"enb"`
	MetricsListen string   `yaml:"metrics_listen"`
}

// Defaults returns a config with every default filled in.
func Defaults() Config {
	return Config{Kind: "wifi", Listen: "0.0.0.0:50051", SampleRateHz: 10, MaxWindowMs: 10000,
		Stations: Stations{Source: "none"}, ENB: ENB{TimeoutMs: 200, MaxAgeMs: 2000}}
}

// Load reads and parses path over the defaults (unknown fields are errors).
func Load(path string) (Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	c, err := Parse(b)
	if err != nil {
		return Config{}, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// Parse parses YAML over the defaults without validating.
func Parse(b []byte) (Config, error) {
	c := Defaults()
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return Config{}, err
	}
	return c, nil
}

var (
	queueSources   = map[string]bool{"qdisc": true, "mac80211-txq": true, "enb": true}
	stationSources = map[string]bool{"nl80211": true, "enb": true, "none": true}
)

// Validate checks every field; the error names the field and its value.
func (c Config) Validate() error {
	if c.Kind != "wifi" && c.Kind != "lte" {
		return fmt.Errorf("kind %q: want wifi or lte", c.Kind)
	}
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return fmt.Errorf("listen %q: %v", c.Listen, err)
	}
	if c.TLS.Cert == "" || c.TLS.Key == "" || c.TLS.ClientCA == "" {
		return fmt.Errorf("tls.cert, tls.key and tls.client_ca are required (mTLS only): got %q, %q, %q",
			c.TLS.Cert, c.TLS.Key, c.TLS.ClientCA)
	}
	if !(c.SampleRateHz > 0 && c.SampleRateHz <= 1000) {
		return fmt.Errorf("sample_rate_hz %v: want (0, 1000]", c.SampleRateHz)
	}
	if c.MaxWindowMs < 100 || c.MaxWindowMs > 600000 {
		return fmt.Errorf("max_window_ms %d: want [100, 600000]", c.MaxWindowMs)
	}
	queuesUseENB, err := c.validateQueues()
	if err != nil {
		return err
	}
	if !stationSources[c.Stations.Source] {
		return fmt.Errorf("stations.source %q: want nl80211, enb or none", c.Stations.Source)
	}
	if c.Stations.Source == "nl80211" && c.Stations.Interface == "" {
		return fmt.Errorf("stations.interface: required for source nl80211")
	}
	if queuesUseENB || c.Stations.Source == "enb" {
		if err := c.ENB.validate(); err != nil {
			return err
		}
	}
	return c.validateMetricsListen()
}

// validateQueues checks the queue sources and reports whether one reads the eNB.
func (c Config) validateQueues() (usesENB bool, err error) {
	if len(c.Queues) == 0 {
		return false, fmt.Errorf("queues: at least one queue source is required")
	}
	seen := map[string]bool{}
	for i, q := range c.Queues {
		if q.Direction != "downlink" && q.Direction != "uplink" {
			return false, fmt.Errorf("queues[%d].direction %q: want downlink or uplink", i, q.Direction)
		}
		if seen[q.Direction] {
			return false, fmt.Errorf("queues[%d].direction %q: configured twice", i, q.Direction)
		}
		seen[q.Direction] = true
		if !queueSources[q.Source] {
			return false, fmt.Errorf("queues[%d].source %q: want qdisc, mac80211-txq or enb", i, q.Source)
		}
		if q.Source == "enb" {
			usesENB = true
		} else if q.Interface == "" {
			return false, fmt.Errorf("queues[%d].interface: required for source %s", i, q.Source)
		}
	}
	return usesENB, nil
}

// validate checks the eNB section (only when a source reads the eNB).
func (e ENB) validate() error {
	if (e.URL == "") == (e.File == "") {
		return fmt.Errorf("enb: set exactly one of url (%q) and file (%q)", e.URL, e.File)
	}
	if e.TimeoutMs <= 0 {
		return fmt.Errorf("enb.timeout_ms %d: must be > 0", e.TimeoutMs)
	}
	if e.MaxAgeMs < 0 {
		return fmt.Errorf("enb.max_age_ms %d: must be >= 0", e.MaxAgeMs)
	}
	return nil
}

// validateMetricsListen checks that the optional metrics endpoint is on loopback.
func (c Config) validateMetricsListen() error {
	if c.MetricsListen == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(c.MetricsListen)
	if err != nil {
		return fmt.Errorf("metrics_listen %q: %v", c.MetricsListen, err)
	}
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("metrics_listen %q: must be a loopback address (127.0.0.1, [::1] or localhost)", c.MetricsListen)
	}
	return nil
}
