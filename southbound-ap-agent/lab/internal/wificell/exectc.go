package wificell

import (
	"fmt"
	"os/exec"
	"strings"
)

// ExecTC runs the tc binary, in network namespace Netns (a name under
// /run/netns, through `ip netns exec`) when set, else in the caller's.
type ExecTC struct {
	Netns string
}

func (e ExecTC) command(args ...string) *exec.Cmd {
	if e.Netns != "" {
		return exec.Command("ip", append([]string{"netns", "exec", e.Netns, "tc"}, args...)...)
	}
	return exec.Command("tc", args...)
}

// Batch implements TC.
func (e ExecTC) Batch(lines []string) error {
	cmd := e.command("-batch", "-")
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("tc -batch: %v: %s", err, out)
	}
	return nil
}

// QdiscStats implements TC.
func (e ExecTC) QdiscStats(dev string) ([]byte, error) {
	out, err := e.command("-s", "-j", "qdisc", "show", "dev", dev).Output()
	if err != nil {
		return nil, fmt.Errorf("tc qdisc show dev %s: %w", dev, err)
	}
	return out, nil
}
