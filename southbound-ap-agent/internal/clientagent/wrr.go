package clientagent

import (
	"fmt"
	"os"
	"strings"
)

// WRRScheduler is the MPTCP scheduler name a kernel with the paper's
// weighted round-robin scheduler would list in net.mptcp.available_schedulers.
const WRRScheduler = "wrr"

// CheckWRR reports whether this kernel offers a WRR MPTCP scheduler. Upstream
// Linux (checked on 6.18) offers only "default" and has no BPF hook for
// mptcp_sched_ops, so the "wrr" backend is documented (README-client-agent.md)
// but refuses to start instead of pretending to apply weights.
func CheckWRR(availablePath string) error {
	b, err := os.ReadFile(availablePath)
	if err != nil {
		return fmt.Errorf("backend wrr: reading %s: %w", availablePath, err)
	}
	for _, s := range strings.Fields(string(b)) {
		if s == WRRScheduler {
			return fmt.Errorf("backend wrr: scheduler %q is present but this agent does not implement its per-interface num_segments interface yet", WRRScheduler)
		}
	}
	return fmt.Errorf("backend wrr: this kernel has no %q MPTCP scheduler (available: %s); use backend shaping",
		WRRScheduler, strings.TrimSpace(string(b)))
}
