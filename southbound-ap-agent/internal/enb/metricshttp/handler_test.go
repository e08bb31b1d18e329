package metricshttp

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
)

func TestMetricsEndpoint(t *testing.T) {
	ip := netip.MustParseAddr("10.1.0.10")
	c, err := cell.New(cell.Config{ENBID: "enb1", PeakRateBps: 75e6, UEs: []cell.UEConfig{
		{ID: "ue0", IPs: []netip.Addr{ip}, Channel: channel.Constant(8e6), QueueLimit: 10}}})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 4; k++ {
		c.Enqueue(make([]byte, 1500), packet.Flow{Dst: ip})
	}
	c.Step() // 1000 bytes sent, head packet partly transmitted
	at := time.UnixMilli(1763728000123)
	srv := httptest.NewServer(Handler(c, func() time.Time { return at }))
	defer srv.Close()
	resp, err := http.Get(srv.URL + Path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var doc map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	q := doc["queues"].(map[string]any)["downlink"].(map[string]any)
	ues := doc["ues"].([]any)
	u := ues[0].(map[string]any)
	if doc["version"].(float64) != 1 || doc["timestamp_ms"].(float64) != 1763728000123 ||
		doc["capacity_bps"].(float64) != 75e6 || u["dl_phy_rate_bps"].(float64) != 8e6 ||
		u["dl_bytes"].(float64) != 0 || q["limit_bytes"].(float64) != 0 {
		t.Fatalf("agent v1 fields: %v", doc)
	}
	if doc["enb_id"] != "enb1" || doc["tti"].(float64) != 1 || q["backlog_packets"].(float64) != 4 ||
		q["limit_packets"].(float64) != 10 || q["occupancy_ratio"].(float64) != 0.4 ||
		u["rate_bps"].(float64) != 8e6 || u["ips"].([]any)[0] != "10.1.0.10" || doc["splits"] == nil {
		t.Fatalf("document %v", doc)
	}
	r2, _ := http.Post(srv.URL+Path, "text/plain", nil)
	if r2.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("POST: %d", r2.StatusCode)
	}
	r2.Body.Close()
}
