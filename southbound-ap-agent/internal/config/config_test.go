package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const good = `
ap_id: ap1
tls: {cert: a.crt, key: a.key, client_ca: ca.crt}
queues:
  - {direction: downlink, source: qdisc, interface: wlan0}
  - {direction: uplink, source: enb}
stations: {source: enb}
enb: {url: "http://127.0.0.1:9090/m"}
metrics_listen: "127.0.0.1:9465"
`

func TestLoadGoodAndDefaults(t *testing.T) {
	p := filepath.Join(t.TempDir(), "agent.yaml")
	os.WriteFile(p, []byte(good), 0o644)
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.SampleRateHz != 10 || c.Listen != "0.0.0.0:50051" || c.ENB.TimeoutMs != 200 || c.Kind != "wifi" {
		t.Fatalf("defaults not applied: %+v", c)
	}
	// JSON is accepted too.
	j := `{"tls":{"cert":"a","key":"b","client_ca":"c"},"queues":[{"direction":"downlink","source":"mac80211-txq","interface":"wlan0"}]}`
	c, err = Parse([]byte(j))
	if err != nil || c.Validate() != nil {
		t.Fatalf("json: %v / %v", err, c.Validate())
	}
}

func TestValidateNamesFieldAndValue(t *testing.T) {
	for edit, want := range map[string]string{
		"kind: wimax":                  `kind "wimax"`,
		"sample_rate_hz: 0":            "sample_rate_hz 0",
		"sample_rate_hz: 5000":         "sample_rate_hz 5000",
		"max_window_ms: 5":             "max_window_ms 5",
		"listen: nonsense":             `listen "nonsense"`,
		"metrics_listen: 0.0.0.0:9465": `metrics_listen "0.0.0.0:9465": must be a loopback`,
		"tls: {cert: a.crt}":           "tls.cert, tls.key and tls.client_ca are required",
		"stations: {source: snmp}":     `stations.source "snmp"`,
		"stations: {source: nl80211}":  "stations.interface",
		"enb: {url: x, file: y}":       "enb: set exactly one",
		"queues: []":                   "queues: at least one",
		"queues: [{direction: up, source: qdisc, interface: e}]":                                                       `queues[0].direction "up"`,
		"queues: [{direction: uplink, source: tc, interface: e}]":                                                      `queues[0].source "tc"`,
		"queues: [{direction: uplink, source: qdisc}]":                                                                 "queues[0].interface",
		"queues: [{direction: uplink, source: qdisc, interface: a}, {direction: uplink, source: qdisc, interface: b}]": `queues[1].direction "uplink": configured twice`,
	} {
		c, err := Parse([]byte(withEdit(edit)))
		if err != nil {
			t.Fatalf("%s: parse: %v", edit, err)
		}
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want %q", edit, err, want)
		}
	}
}

// withEdit replaces the top-level key of edit in the good document.
func withEdit(edit string) string {
	key := strings.SplitN(edit, ":", 2)[0] + ":"
	var out []string
	skipping := false
	for _, line := range strings.Split(good, "\n") {
		if strings.HasPrefix(line, key) {
			skipping = true
			continue
		}
		if skipping && strings.HasPrefix(line, "  ") {
			continue
		}
		skipping = false
		out = append(out, line)
	}
	return strings.Join(out, "\n") + edit + "\n"
}

func TestUnknownFieldRejected(t *testing.T) {
	if _, err := Parse([]byte("sample_rate: 10\n")); err == nil || !strings.Contains(err.Error(), "sample_rate") {
		t.Fatalf("unknown field: %v", err)
	}
}

func FuzzParseValidate(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("queues: [{direction: uplink}]"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse(b)
		if err != nil {
			return
		}
		if c.Validate() == nil && (len(c.Queues) == 0 || c.SampleRateHz <= 0) {
			t.Fatalf("accepted invalid config %+v", c)
		}
	})
}
