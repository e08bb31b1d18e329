package runtimemem

import (
	"math"
	"runtime/debug"
	"testing"
)

// restore puts the runtime's settings back after a test.
func restore(t *testing.T) {
	gc, limit := currentGCPercent(), debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetGCPercent(gc); debug.SetMemoryLimit(limit) })
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestApplySetsBothDefaultsWhenTheEnvironmentSetsNeither(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(1 << 40)
	a := Apply(Settings{GCPercent: 37, MemoryLimitBytes: 7 << 20}, env(nil))
	if a.GCPercent != 37 || a.MemoryLimitBytes != 7<<20 || a.GCFromEnv || a.LimitFromEnv {
		t.Fatalf("applied %+v, want GC 37 and limit 7 MiB from the defaults", a)
	}
	if currentGCPercent() != 37 || debug.SetMemoryLimit(-1) != 7<<20 {
		t.Fatalf("runtime has GC %d, limit %d", currentGCPercent(), debug.SetMemoryLimit(-1))
	}
}

func TestApplyKeepsWhatGOGCAndGOMEMLIMITSet(t *testing.T) {
	restore(t)
	debug.SetGCPercent(80) // as the runtime would have from GOGC=80
	debug.SetMemoryLimit(64 << 20)
	a := Apply(Settings{GCPercent: 37, MemoryLimitBytes: 7 << 20}, env(map[string]string{"GOGC": "80", "GOMEMLIMIT": "64MiB"}))
	if a.GCPercent != 80 || a.MemoryLimitBytes != 64<<20 || !a.GCFromEnv || !a.LimitFromEnv {
		t.Fatalf("applied %+v, want the environment's GC 80 and limit 64 MiB kept", a)
	}
}

func TestApplyOverridesOnlyTheSettingTheEnvironmentLeavesUnset(t *testing.T) {
	restore(t)
	debug.SetGCPercent(80)
	debug.SetMemoryLimit(1 << 40)
	a := Apply(Settings{GCPercent: 37, MemoryLimitBytes: 7 << 20}, env(map[string]string{"GOGC": "80"}))
	if a.GCPercent != 80 || a.MemoryLimitBytes != 7<<20 || !a.GCFromEnv || a.LimitFromEnv {
		t.Fatalf("applied %+v, want GC 80 from GOGC and the default limit", a)
	}
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64) // as the runtime has from GOMEMLIMIT=off
	a = Apply(Settings{GCPercent: 37, MemoryLimitBytes: 7 << 20}, env(map[string]string{"GOMEMLIMIT": "off"}))
	if a.GCPercent != 37 || a.MemoryLimitBytes != math.MaxInt64 || a.GCFromEnv || !a.LimitFromEnv {
		t.Fatalf("applied %+v, want the default GC and the limit left as the environment set it", a)
	}
}
