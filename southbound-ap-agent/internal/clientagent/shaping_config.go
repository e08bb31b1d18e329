package clientagent

import (
	"fmt"
	"time"
)

// ShapingConfig configures the shaping backend.
type ShapingConfig struct {
	Mode         string // ModeMeasured or ModeStatic
	AggregateBps uint64 // ModeStatic: the aggregate to split
	LatencyMs    int    // tbf queue latency (default 50)
	// Hysteresis: a shaped rate is changed only when the new rate differs by
	// more than this fraction (default 0.01).
	Hysteresis float64
	// ControlInterval is the period of the share correction in ModeMeasured
	// (default 1 s); see Shaping.
	ControlInterval time.Duration
	// InitialRefBps is the reference rate assumed before any measurement
	// (default 10 Mbit/s), and RefHalfLife how fast a held reference peak
	// decays towards lower measurements (default 5 s); see Shaping.
	InitialRefBps uint64
	RefHalfLife   time.Duration
	// MinSendBps: in ModeMeasured paths follow the held reference only while
	// the held peak of the reference path's measured delivered rate (data this
	// client sends and the peer acked) is at least this (default 1 Mbit/s);
	// below it, e.g. on a client that only downloads, they are shaped from
	// InitialRefBps. See Shaping.
	MinSendBps uint64
	// ShareCorrection enables the share correction loop (ModeMeasured).
	ShareCorrection bool
	// ChangeInPlace updates an installed tbf with "tc qdisc change" (keeps
	// its queue) instead of "tc qdisc replace" (flushes it); see tbf.
	ChangeInPlace bool
	// MinLimitBytes, when > 0, sizes the tbf queue in bytes as
	// max(rate x latency + burst, MinLimitBytes) instead of by latency; see tbf.
	MinLimitBytes uint64
	// NotsentLowat, when > 0, is set as net.ipv4.tcp_notsent_lowat in the
	// agent's network namespace while a weighted path's share w / sum(w) is
	// below LowatBelowShare (the previous value is put back otherwise and on
	// Close); see Shaping.
	NotsentLowat    uint64
	LowatBelowShare float64 // default 0.1
	// PerConnectionBackup sets the backup bit on each subflow of a path
	// (MP_PRIO per connection, userspace path manager) instead of on the
	// path's in-kernel endpoints; see ResolvePathManager.
	PerConnectionBackup bool
}

// withDefaults checks the mode and fills in every default.
func (cfg ShapingConfig) withDefaults() (ShapingConfig, error) {
	if cfg.Mode != ModeMeasured && cfg.Mode != ModeStatic {
		return cfg, fmt.Errorf("shaping mode %q: want %s or %s", cfg.Mode, ModeMeasured, ModeStatic)
	}
	if cfg.Mode == ModeStatic && cfg.AggregateBps == 0 {
		return cfg, fmt.Errorf("shaping mode static needs an aggregate rate > 0")
	}
	if cfg.LatencyMs <= 0 {
		cfg.LatencyMs = 50
	}
	if cfg.Hysteresis <= 0 {
		cfg.Hysteresis = 0.01
	}
	if cfg.ControlInterval <= 0 {
		cfg.ControlInterval = time.Second
	}
	if cfg.InitialRefBps == 0 {
		cfg.InitialRefBps = 10_000_000
	}
	if cfg.MinSendBps == 0 {
		cfg.MinSendBps = 1_000_000
	}
	if cfg.LowatBelowShare <= 0 {
		cfg.LowatBelowShare = 0.1
	}
	if cfg.RefHalfLife <= 0 {
		cfg.RefHalfLife = 5 * time.Second
	}
	return cfg, nil
}
