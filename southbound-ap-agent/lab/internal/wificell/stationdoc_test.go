package wificell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const labDoc = `{"version":1,"enb_id":"wifi-cell","timestamp_ms":1763728000000,"capacity_bps":0,"queues":{},
"ues":[{"ips":["10.0.1.1"],"dl_phy_rate_bps":54000000,"ul_phy_rate_bps":24000000,"rsrp_dbm":-50},
{"ips":["10.0.1.3"],"dl_phy_rate_bps":12000000,"ul_phy_rate_bps":6000000,"rsrp_dbm":-80},
{"ips":["10.0.1.9"],"dl_phy_rate_bps":0,"ul_phy_rate_bps":0,"rsrp_dbm":-90}]}`

func TestParseStationDocTakesTheDirectionsRate(t *testing.T) {
	dl, err := ParseStationDoc([]byte(labDoc), Downlink)
	if err != nil {
		t.Fatal(err)
	}
	ul, err := ParseStationDoc([]byte(labDoc), Uplink)
	if err != nil {
		t.Fatal(err)
	}
	if dl["10.0.1.3"] != 12e6 || ul["10.0.1.3"] != 6e6 || ul["10.0.1.1"] != 24e6 {
		t.Fatalf("downlink %v, uplink %v", dl, ul)
	}
	if _, ok := dl["10.0.1.9"]; ok {
		t.Fatal("a PHY rate of 0 (unknown) was taken")
	}
	for doc, field := range map[string]string{
		`{"version":2,"timestamp_ms":1}`:                                             "version",
		`{"version":1,"timestamp_ms":0}`:                                             "timestamp_ms",
		`{"version":1,"timestamp_ms":1,"ues":[{"ips":["wl0"],"dl_phy_rate_bps":1}]}`: "ues[0].ips[0]",
		`{"version":1,"timestamp_ms":1,"ues":[{"dl_phy_rate_bps":-1}]}`:              "dl_phy_rate_bps",
		`[`: "station document",
	} {
		if _, err := ParseStationDoc([]byte(doc), Downlink); err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("%s: error %v, want one naming %s", doc, err, field)
		}
	}
}

func writeDoc(t *testing.T, path, doc string) {
	t.Helper()
	if err := os.WriteFile(path+".tmp", []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		t.Fatal(err)
	}
}

// A radio event: the document's new PHY rate reaches the running cell at the
// next interval; a station the document omits keeps its rate; a malformed
// version is counted and ignored, and the cell keeps the rates it had.
func TestRadioEventFromTheStationDocument(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wifi-stations.json")
	writeDoc(t, path, strings.Replace(labDoc, "12000000", "30000000", 1))
	f := &fakeTC{}
	c := &Controller{Tree: Tree{Dev: "wl", Limit: 20}, Stations: wifi(54e6, 54e6, 30e6),
		Contention: LinearContention(0.143), TC: f, Doc: &DocWatcher{Path: path, Dir: Downlink}}
	c.Stations[1].Addr, c.Stations[2].Addr = "10.0.1.2", "10.0.1.3"
	if err := c.Setup(); err != nil {
		t.Fatal(err)
	}
	before := c.capacity
	idle := leaves(0, 0, 0, 0, 0, 0)
	f.stats = []string{idle, idle, idle, idle}
	step := func(i int) Status {
		st, err := c.Step(time.Unix(100, 0).Add(time.Duration(i) * 100 * time.Millisecond))
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	step(0)
	writeDoc(t, path, labDoc) // station 3: 30 -> 12 Mb/s
	st := step(1)
	if st.PhyRate[2] != 12e6 || st.PhyRate[1] != 54e6 || st.PhyRate[0] != 54e6 {
		t.Fatalf("PHY rates after the event %v", st.PhyRate)
	}
	k := LinearContention(0.143)
	near(t, "capacity after the event", st.Capacity, 3/(k(3)*(2/54e6+1/12e6)), 1e3)
	if !(st.Capacity < before) {
		t.Fatalf("capacity %.4g did not fall from %.4g", st.Capacity, before)
	}
	writeDoc(t, path, `{"version":1,`)
	st = step(2)
	if st.DocErrors != 1 || st.PhyRate[2] != 12e6 {
		t.Fatalf("malformed document: errors %d, PHY %v", st.DocErrors, st.PhyRate)
	}
	if st = step(3); st.DocErrors != 1 {
		t.Fatalf("an unchanged malformed document counted again: %d", st.DocErrors)
	}
}

func FuzzParseStationDoc(f *testing.F) {
	f.Add([]byte(labDoc), false)
	f.Add([]byte(`{"version":1,"timestamp_ms":1,"ues":[{"ips":["10.0.1.1","::1"],"ul_phy_rate_bps":1}]}`), true)
	f.Add([]byte(`{"version":1,"timestamp_ms":1,"queues":{"downlink":{"limit_packets":1}},"ues":[]}`), false)
	f.Fuzz(func(t *testing.T, b []byte, up bool) {
		dir := Downlink
		if up {
			dir = Uplink
		}
		rates, err := ParseStationDoc(b, dir)
		if err != nil {
			return
		}
		for ip, r := range rates {
			if !(r > 0) || canonicalIPv4(ip) != ip {
				t.Fatalf("rate %v for %q", r, ip)
			}
		}
	})
}
