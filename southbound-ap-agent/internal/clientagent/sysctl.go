package clientagent

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ProcSysctls reads and writes sysctls under /proc/sys; the net.* ones are
// those of the network namespace of the thread that opens the file.
type ProcSysctls struct {
	Root string // default /proc/sys
}

func (s ProcSysctls) path(key string) string {
	root := s.Root
	if root == "" {
		root = "/proc/sys"
	}
	return filepath.Join(root, strings.ReplaceAll(key, ".", "/"))
}

// Get returns the value with surrounding space trimmed.
func (s ProcSysctls) Get(key string) (string, error) {
	b, err := os.ReadFile(s.path(key))
	if err != nil {
		return "", fmt.Errorf("sysctl %s: %w", key, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// Set writes value.
func (s ProcSysctls) Set(key, value string) error {
	if err := os.WriteFile(s.path(key), []byte(value), 0o644); err != nil {
		return fmt.Errorf("sysctl %s=%s: %w", key, value, err)
	}
	return nil
}
