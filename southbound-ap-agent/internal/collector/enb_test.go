package collector

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func enbDoc(ts int64) string {
	return fmt.Sprintf(`{"version":1,"enb_id":"enb1","timestamp_ms":%d,"capacity_bps":20000000,
 "queues":{"downlink":{"backlog_bytes":120000,"backlog_packets":80,"limit_bytes":150000,"drops":3},
           "uplink":{"backlog_bytes":0,"limit_bytes":150000}},
 "ues":[{"imsi":"001010123456789","rnti":70,"ips":["10.45.0.2"],"rsrp_dbm":-95.5,
         "dl_phy_rate_bps":20000000,"ul_phy_rate_bps":5000000,"dl_bytes":123456,"ul_bytes":2345,"inactive_ms":10}],
 "future_field": true}`, ts)
}

func TestENBOverHTTPAndFile(t *testing.T) {
	now := time.UnixMilli(1_763_728_000_000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, enbDoc(now.UnixMilli()-100))
	}))
	defer srv.Close()
	file := filepath.Join(t.TempDir(), "enb.json")
	if err := os.WriteFile(file, []byte(enbDoc(now.UnixMilli()-100)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{srv.URL, file} {
		e, err := NewENB(src, []Direction{Downlink, Uplink}, time.Second, 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		e.now = func() time.Time { return now }
		r, err := e.Collect(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if len(r.Queues) != 2 || r.CapacityBps != 20_000_000 || len(r.Stations) != 1 {
			t.Fatalf("%s: reading %+v", src, r)
		}
		if ratio, _ := r.Queues[0].Ratio(); ratio != 0.8 || r.Queues[0].Direction != Downlink || r.Queues[0].Drops != 3 {
			t.Errorf("%s: downlink %+v ratio %v", src, r.Queues[0], ratio)
		}
		st := r.Stations[0]
		if st.IPs[0] != "10.45.0.2" || st.RSSIdBm != -95.5 || st.TxPhyRateBps != 20_000_000 || st.RxBytes != 2345 {
			t.Errorf("%s: station %+v", src, st)
		}
		// Stale document.
		e.now = func() time.Time { return now.Add(5 * time.Second) }
		if _, err := e.Collect(context.Background()); err == nil || !strings.Contains(err.Error(), "stale") {
			t.Errorf("%s: stale: %v", src, err)
		}
	}
}

func TestENBHTTPErrorAndMissingDirection(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	e, _ := NewENB(srv.URL, []Direction{Downlink}, time.Second, 0)
	if _, err := e.Collect(context.Background()); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("http 503: %v", err)
	}
	file := filepath.Join(t.TempDir(), "enb.json")
	os.WriteFile(file, []byte(`{"version":1,"timestamp_ms":5,"queues":{"uplink":{"limit_packets":5}}}`), 0o644)
	e, _ = NewENB(file, []Direction{Downlink}, time.Second, 0)
	if _, err := e.Collect(context.Background()); err == nil || !strings.Contains(err.Error(), "queues.downlink missing") {
		t.Errorf("missing direction: %v", err)
	}
}

func TestParseENBMetricsErrors(t *testing.T) {
	for doc, want := range map[string]string{
		`{"version":2,"timestamp_ms":1}`: "version 2",
		`{"version":1}`:                  "timestamp_ms",
		`{"version":1,"timestamp_ms":1,"queues":{"sideways":{"limit_bytes":1}}}`:    "sideways",
		`{"version":1,"timestamp_ms":1,"queues":{"downlink":{"backlog_bytes":1}}}`:  "queues.downlink: limit",
		`{"version":1,"timestamp_ms":1,"queues":{"downlink":{"backlog_bytes":-1}}}`: "backlog_bytes",
		`{"version":1,"timestamp_ms":1,"ues":[{"rsrp_dbm":"x"}]}`:                   "rsrp_dbm",
		`not json`: "eNB metrics",
	} {
		if _, err := ParseENBMetrics([]byte(doc)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want one containing %q", doc, err, want)
		}
	}
}
