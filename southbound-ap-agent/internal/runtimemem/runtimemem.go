// Package runtimemem gives the Go runtime memory settings suited to an agent
// on a small device (an AP, an eNB host, a phone). Go's defaults are tuned for
// servers: GOGC=100 lets the heap grow to twice the live heap with a floor of
// 4 MB, and without a memory limit memory freed by the collector stays
// resident for minutes. An agent's live heap is under 1 MB, so the defaults
// here keep the heap near it: a lower GC percentage (a heap floor of
// 4 MB x GCPercent/100) and a soft memory limit, which makes the collector and
// the scavenger return freed memory to the kernel as the process nears it. A
// soft limit never fails an allocation; above it the collector only runs more
// often.
//
// Either default yields to its environment variable (GOGC, GOMEMLIMIT), which
// the runtime has already read at start, so an operator tunes them as in any
// Go program.
package runtimemem

import (
	"runtime/debug"
)

// Settings are the runtime memory settings of one program.
type Settings struct {
	GCPercent        int   // as GOGC
	MemoryLimitBytes int64 // as GOMEMLIMIT (a soft limit on the runtime's total memory)
}

// Agent is what the agents run with unless GOGC or GOMEMLIMIT is set. The
// limit counts all the memory the runtime has mapped and not returned, about
// 6.5 MiB for an AP agent whose resident anonymous memory is 3.5 MiB; a limit
// near that makes the collector run back to back (measured at 6 MiB: 259
// collections in 12 s, 5 % of a core, with no smaller RSS), so it sits well
// above it and acts only when the heap grows by several MB.
var Agent = Settings{GCPercent: 50, MemoryLimitBytes: 12 << 20}

// Applied says which settings Apply set and which it left to the environment.
type Applied struct {
	GCPercent        int   // in force after Apply
	MemoryLimitBytes int64 // in force after Apply
	GCFromEnv        bool  // GOGC was set: the runtime's value is kept
	LimitFromEnv     bool  // GOMEMLIMIT was set: the runtime's value is kept
}

// Apply sets s in the runtime, each setting only when its environment
// variable is unset (empty); getenv is os.Getenv outside tests.
func Apply(s Settings, getenv func(string) string) Applied {
	a := Applied{GCFromEnv: getenv("GOGC") != "", LimitFromEnv: getenv("GOMEMLIMIT") != ""}
	if !a.GCFromEnv {
		debug.SetGCPercent(s.GCPercent)
	}
	if !a.LimitFromEnv {
		debug.SetMemoryLimit(s.MemoryLimitBytes)
	}
	a.GCPercent = currentGCPercent()
	a.MemoryLimitBytes = debug.SetMemoryLimit(-1) // a negative value reads the limit without changing it
	return a
}

// currentGCPercent reads the GC percentage (SetGCPercent returns the previous value).
func currentGCPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}
