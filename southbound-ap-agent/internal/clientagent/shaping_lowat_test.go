package clientagent

import (
	"context"
	"strings"
	"testing"
)

func TestShapingSetsNotsentLowatOnceAndRestoresItOnClose(t *testing.T) {
	r := newFake()
	r.sysctls["net.ipv4.tcp_notsent_lowat"] = "4294967295"
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000, NotsentLowat: 16384})
	for _, res := range s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 10}}) {
		if res.Err != nil {
			t.Fatalf("%s: %v", res.PathID, res.Err)
		}
	}
	if !r.ran("sysctl net.ipv4.tcp_notsent_lowat=16384") {
		t.Fatalf("low-water mark not set: %q", r.cmds)
	}
	if got := s.NotsentLowatOriginal(); got != "4294967295" {
		t.Fatalf("original %q, want 4294967295", got)
	}
	n := len(r.cmds)
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 2}})
	for _, c := range r.cmds[n:] {
		if strings.HasPrefix(c, "sysctl") {
			t.Fatalf("second apply (still a slow path) touched the sysctl again: %q", c)
		}
	}
	// 30 / 230 = 0.13 >= 0.1: no slow path any more, the original comes back
	n = len(r.cmds)
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 30}})
	if got := strings.Join(r.cmds[n:], "|"); !strings.Contains(got, "sysctl net.ipv4.tcp_notsent_lowat=4294967295") {
		t.Fatalf("original not restored for a 13 %% share: %q", got)
	}
	if got := s.NotsentLowatOriginal(); got != "" {
		t.Fatalf("after restore: original still held: %q", got)
	}
	n = len(r.cmds)
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 10}})
	if got := strings.Join(r.cmds[n:], "|"); !strings.Contains(got, "sysctl net.ipv4.tcp_notsent_lowat=16384") {
		t.Fatalf("low-water mark not set again for a 4.8 %% share: %q", got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if !r.ran("sysctl net.ipv4.tcp_notsent_lowat=4294967295") {
		t.Fatalf("original not restored: %q", r.cmds)
	}
	if got := s.NotsentLowatOriginal(); got != "" {
		t.Fatalf("after close: original still held: %q", got)
	}
}

func TestShapingWithoutNotsentLowatLeavesTheSysctlAlone(t *testing.T) {
	r := newFake()
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 10}})
	_ = s.Close()
	for _, c := range r.cmds {
		if strings.HasPrefix(c, "sysctl") {
			t.Fatalf("sysctl run without NotsentLowat: %q", c)
		}
	}
}

func TestShapingReportsAnUnsettableOrUnreadableLowat(t *testing.T) {
	cases := []struct {
		name, fail, read, want string
	}{
		{"write fails", "sysctl net.", "0", "permission denied"},
		{"read fails", "sysctl get", "0", "permission denied"},
		{"read garbage", "none", "lots", `"lots": not a number`},
	}
	for _, c := range cases {
		r := newFake()
		r.sysctls["net.ipv4.tcp_notsent_lowat"] = c.read
		r.fail = c.fail
		s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000, NotsentLowat: 16384})
		for _, res := range s.Apply(context.Background(), []Weight{{"wlan0", 200}, {"lte0", 10}}) {
			if res.Err == nil || !strings.Contains(res.Err.Error(), c.want) ||
				!strings.Contains(res.Err.Error(), "notsent lowat") {
				t.Errorf("%s: %s: error %v, want one naming the low-water mark and %q", c.name, res.PathID, res.Err, c.want)
			}
		}
		if s.NotsentLowatOriginal() != "" {
			t.Errorf("%s: original recorded although not set", c.name)
		}
		if err := s.Close(); err != nil {
			t.Errorf("%s: close: %v", c.name, err)
		}
	}
}

func TestNeedsLowatComparesEachPathsWeightShare(t *testing.T) {
	cases := []struct {
		weights []Weight
		want    bool
	}{
		{[]Weight{{"a", 200}, {"b", 2}}, true},    // 0.99 %
		{[]Weight{{"a", 200}, {"b", 10}}, true},   // 4.8 %
		{[]Weight{{"a", 200}, {"b", 30}}, false},  // 13 %
		{[]Weight{{"a", 200}, {"b", 140}}, false}, // 41 %
		{[]Weight{{"a", 200}, {"b", 0}}, false},   // a backup carries nothing: no slow path
		{[]Weight{{"a", 1}, {"b", 1}, {"c", 1}}, false},
		{[]Weight{{"a", 100}, {"b", 100}, {"c", 5}}, true},
		{nil, false},
	}
	for _, c := range cases {
		if got := NeedsLowat(c.weights, 0.1); got != c.want {
			t.Errorf("%v: %v, want %v", c.weights, got, c.want)
		}
	}
}

func TestParseLowatAcceptsOnlyAnUnsignedNumber(t *testing.T) {
	if v, err := parseLowat(" 4294967295\n"); err != nil || v != "4294967295" {
		t.Errorf("max uint32: %q %v", v, err)
	}
	for _, bad := range []string{"", "-1", "4294967296", "16k", "1 2"} {
		if v, err := parseLowat(bad); err == nil || !strings.Contains(err.Error(), "not a number") {
			t.Errorf("%q: %q %v", bad, v, err)
		}
	}
}
