package clientagent

import (
	"context"
	"strings"
	"testing"
)

func TestShapingMinLimitSizesTheTbfQueueInBytes(t *testing.T) {
	r := newFake()
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 10_000_000, MinLimitBytes: 65536})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// 10 Mbit/s x 50 ms = 62500 bytes + 6250 burst = 68750 > 65536
	if !r.ran("tbf replace lte0 rate 10000000 burst 6250 limit 68750") {
		t.Errorf("queue not sized by rate x latency + burst: %q", r.cmds)
	}
	r2 := newFake()
	s2, _ := NewShaping(r2.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 1_000_000, MinLimitBytes: 65536})
	s2.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// 1 Mbit/s x 50 ms + 3028 = 9278 < 65536: the floor applies
	if !r2.ran("tbf replace lte0 rate 1000000 burst 3028 limit 65536") {
		t.Errorf("queue floor not applied: %q", r2.cmds)
	}
}

func TestShapingNeverLowersTheBurstOfAnInstalledTbf(t *testing.T) {
	r := newFake()
	s, _ := NewShaping(r.kernel(), testPaths, ShapingConfig{Mode: ModeStatic, AggregateBps: 14_480_000})
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	// 14.48 Mbit/s / 8 / 200 = 9050 bytes
	if !r.ran("tbf replace lte0 rate 14480000 burst 9050 limit 99550") {
		t.Fatalf("first tbf: %q", r.cmds)
	}
	// a slightly lower rate keeps the burst: a queued 9 KB packet must still fit
	s.cfg.AggregateBps = 13_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("tbf replace lte0 rate 13000000 burst 9050 limit 90300") {
		t.Fatalf("burst lowered: %q", r.cmds)
	}
	// under half the burst: the tbf is removed (queue dropped) and installed with the rate's burst
	n := len(r.cmds)
	s.cfg.AggregateBps = 1_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	got := strings.Join(r.cmds[n:], "|")
	if !strings.Contains(got, "qdisc del lte0|tbf replace lte0 rate 1000000 burst 3028 limit 9278") {
		t.Fatalf("much lower rate: want del then a 3028-byte burst: %q", got)
	}
	// a higher rate raises it
	s.cfg.AggregateBps = 16_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("tbf replace lte0 rate 16000000 burst 10000 limit 110000") {
		t.Fatalf("burst not raised: %q", r.cmds)
	}
	// once the tbf is removed (backup), a new one starts from the rate again
	s.cfg.AggregateBps = 16_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	s.Apply(context.Background(), []Weight{{"wlan0", 5}, {"lte0", 0}})
	s.cfg.AggregateBps = 1_000_000
	s.Apply(context.Background(), []Weight{{"wlan0", 0}, {"lte0", 5}})
	if !r.ran("tbf replace lte0 rate 1000000 burst 3028 limit 9278") {
		t.Fatalf("burst after removal: %q", r.cmds)
	}
}
