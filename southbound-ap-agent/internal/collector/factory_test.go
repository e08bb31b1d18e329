package collector

import (
	"strings"
	"testing"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/config"
)

func names(cs []Collector) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name())
	}
	return out
}

func TestFromConfigBuildsOneCollectorPerSourceAndOneENBForItsQueues(t *testing.T) {
	cfg := config.Defaults()
	cfg.Queues = []config.Queue{{Direction: "downlink", Source: "qdisc", Interface: "lo"},
		{Direction: "uplink", Source: "enb"}}
	cfg.Stations = config.Stations{Source: "enb"}
	cfg.ENB.File = "/run/enb/metrics.json"
	queues, stations, err := FromConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names(queues), " "); got != "qdisc:lo:downlink enb:/run/enb/metrics.json" {
		t.Errorf("queues %q", got)
	}
	if got := strings.Join(names(stations), " "); got != "enb:/run/enb/metrics.json" {
		t.Errorf("stations %q", got)
	}
	if e := queues[1].(*ENB); len(e.dirs) != 1 || e.dirs[0] != Uplink || e.client.Timeout.Milliseconds() != 200 {
		t.Errorf("eNB queue collector: dirs %v, timeout %v", e.dirs, e.client.Timeout)
	}
	if e := stations[0].(*ENB); len(e.dirs) != 0 {
		t.Errorf("station-only eNB collector reports queues %v", e.dirs)
	}
}

func TestFromConfigPrefersTheENBURLAndBuildsNoStationSourceForNone(t *testing.T) {
	cfg := config.Defaults()
	cfg.Queues = []config.Queue{{Direction: "downlink", Source: "enb"}}
	cfg.ENB.URL, cfg.ENB.File = "http://127.0.0.1:9090/m", "/ignored"
	queues, stations, err := FromConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names(queues), " "); got != "enb:http://127.0.0.1:9090/m" || stations != nil {
		t.Errorf("queues %q, stations %v", got, names(stations))
	}
}

func TestFromConfigReportsABadSource(t *testing.T) {
	cfg := config.Defaults()
	cfg.Queues = []config.Queue{{Direction: "sideways", Source: "qdisc", Interface: "lo"}}
	if _, _, err := FromConfig(cfg); err == nil || !strings.Contains(err.Error(), `direction "sideways"`) {
		t.Errorf("bad direction: %v", err)
	}
	cfg.Queues = []config.Queue{{Direction: "downlink", Source: "enb"}}
	if _, _, err := FromConfig(cfg); err == nil || !strings.Contains(err.Error(), "source (url or file)") {
		t.Errorf("eNB without a source: %v", err)
	}
}
