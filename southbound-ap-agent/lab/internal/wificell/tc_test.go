package wificell

import (
	"strings"
	"testing"
)

func TestSetupBatchBuildsOneClassFilterAndLeafPerStation(t *testing.T) {
	st := []Station{{Addr: "10.0.1.1", PhyRate: 54e6, Quantum: 1514}, {Addr: "10.0.1.3", PhyRate: 30e6, Quantum: 1514}}
	tree := Tree{Dev: "wl", Limit: 50}
	lines := tree.SetupBatch(st, 42e6)
	all := strings.Join(lines, "\n")
	for _, want := range []string{
		"qdisc replace dev wl root handle 1: htb default 9",
		"class add dev wl parent 1: classid 1:1 htb rate 42000000bit ceil 42000000bit",
		"class add dev wl parent 1:1 classid 1:101 htb rate 8kbit ceil 42000000bit quantum 1514",
		"qdisc add dev wl parent 1:101 handle 101: pfifo limit 50",
		"filter add dev wl parent 1: protocol ip prio 1 u32 match ip dst 10.0.1.3/32 flowid 1:101",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	if n := len(tree.RateBatch(st, 30e6)); n != 4 {
		t.Fatalf("RateBatch lines = %d, want 4", n)
	}
}

func TestParseLeafStats(t *testing.T) {
	out := []byte(`[{"kind":"htb","handle":"1:","root":true,"options":{"r2q":10},"bytes":86,"packets":1,"drops":0,"backlog":0,"qlen":0},
{"kind":"pfifo","handle":"100:","parent":"1:100","options":{"limit":50},"bytes":3000,"packets":2,"drops":1,"overlimits":0,"requeues":0,"backlog":1514,"qlen":1},
{"kind":"pfifo","handle":"9:","parent":"1:9","options":{"limit":50},"bytes":60,"packets":1,"drops":0,"backlog":0,"qlen":0}]`)
	m, err := ParseLeafStats(out)
	if err != nil {
		t.Fatal(err)
	}
	got := m[0x100]
	if got.Bytes != 3000 || got.Qlen != 1 || got.Limit != 50 || got.Drops != 1 {
		t.Fatalf("leaf 1:100 = %+v", got)
	}
	if _, ok := m[9]; !ok {
		t.Fatal("default leaf missing")
	}
	if _, err := ParseLeafStats([]byte("{")); err == nil {
		t.Fatal("malformed JSON accepted")
	}
}

func FuzzParseLeafStats(f *testing.F) {
	f.Add([]byte(`[{"kind":"pfifo","parent":"1:100","bytes":1}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ParseLeafStats(b)
	})
}
