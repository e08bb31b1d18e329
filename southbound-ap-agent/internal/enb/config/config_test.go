package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseAndBuild(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.csv"), []byte("0,1000\n5,2000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := `{"enb_id":"enb1","uplink":"up","seed":3,"ues":[
	 {"id":"a","iface":"ea","ips":["10.0.0.2"],"channel":{"kind":"markov","p":0.3,"q":0.1}},
	 {"id":"b","iface":"eb","channel":{"kind":"constant","rate_bps":5e6}},
	 {"id":"c","iface":"ec","channel":{"kind":"trace","file":"t.csv"}}]}`
	f, err := Parse(strings.NewReader(in), dir)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := f.CellConfig()
	if err != nil {
		t.Fatal(err)
	}
	if len(cc.UEs) != 3 || cc.PeakRateBps != 75e6 || cc.UEs[1].Channel.Next() != 5e6 || cc.UEs[2].Channel.Next() != 1000 {
		t.Fatalf("%+v", cc)
	}
}

func TestParseErrorsNameField(t *testing.T) {
	cases := map[string]string{
		`{"ues":[]}`:              "enb_id",
		`{"enb_id":"e","ues":[]}`: "ues",
		`{"enb_id":"e","ues":[{"id":"a","ips":["x"],"channel":{"kind":"constant"}}]}`: "ues[0].ips[0]",
		`{"enb_id":"e","ues":[{"id":"a","channel":{"kind":"fading"}}]}`:               "ues[0].channel.kind",
		`{"enb_id":"e","bogus":1,"ues":[{"id":"a","channel":{"kind":"constant"}}]}`:   "bogus",
	}
	for in, field := range cases {
		_, err := Parse(strings.NewReader(in), ".")
		if err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("%s: %v, want error naming %s", in, err, field)
		}
	}
	f, err := Parse(strings.NewReader(`{"enb_id":"e","ues":[{"id":"a","channel":{"kind":"markov","p":2}}]}`), ".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.CellConfig(); err == nil || !strings.Contains(err.Error(), "ues[0].channel") {
		t.Fatalf("p=2: %v", err)
	}
}

// The example shipped next to the command stays valid.
func TestExampleConfig(t *testing.T) {
	f, err := Load("../../../cmd/mpsdn-enb/enb.example.json")
	if err != nil {
		t.Fatal(err)
	}
	cc, err := f.CellConfig()
	if err != nil {
		t.Fatal(err)
	}
	if len(cc.UEs) != 3 || f.GRPCListen == "" || f.MetricsListen == "" || f.Uplink == "" {
		t.Fatalf("%+v", f)
	}
}

func TestTLSPathsResolveAgainstConfigDir(t *testing.T) {
	in := `{"enb_id":"e","grpc_listen":"127.0.0.1:0","tls":{"cert":"pki/ap-e.crt","key":"/etc/mpsdn/ap-e.key",
"client_ca":"pki/ca.crt"},"ues":[{"id":"a","channel":{"kind":"constant","rate_bps":1}}]}`
	f, err := Parse(strings.NewReader(in), "/srv/enb")
	if err != nil {
		t.Fatal(err)
	}
	if f.TLS.Cert != "/srv/enb/pki/ap-e.crt" || f.TLS.Key != "/etc/mpsdn/ap-e.key" || f.TLS.ClientCA != "/srv/enb/pki/ca.crt" {
		t.Fatalf("tls paths %+v", f.TLS)
	}
	if f.GRPCPlaintext {
		t.Fatal("plaintext without asking")
	}
}
