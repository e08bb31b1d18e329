package clientagent

import (
	"fmt"
	"strings"
)

// Path manager choices (-path-manager).
const (
	// PMAuto follows the namespace's path manager: per-connection backups
	// when it is the userspace one, per-endpoint flags otherwise.
	PMAuto = "auto"
	// PMKernel uses the in-kernel path manager: the kernel opens the subflows
	// from its endpoints, and a backup flag is set per endpoint, so it
	// applies to every connection of the namespace (mptcp_pm_nl_set_flags).
	PMKernel = "kernel"
	// PMUserspace makes the agent the path manager: it switches the
	// namespace to the userspace path manager, opens the subflows of each
	// new connection itself (SubflowCreator), and sets the backup bit per
	// subflow (MP_PRIO with token, local and remote address).
	PMUserspace = "userspace"
)

// NamespacePathManager reads the namespace's MPTCP path manager: "kernel" or
// "userspace". net.mptcp.path_manager (Linux >= 6.15) is read first, then
// net.mptcp.pm_type (5.19-6.14: 0 kernel, 1 userspace); a kernel with neither
// has only the in-kernel one.
func NamespacePathManager(s Sysctls) (string, error) {
	if v, err := s.Get("net.mptcp.path_manager"); err == nil {
		switch v {
		case PMKernel, PMUserspace:
			return v, nil
		}
		return "", fmt.Errorf("net.mptcp.path_manager is %q: want kernel or userspace", v)
	}
	v, err := s.Get("net.mptcp.pm_type")
	if err != nil {
		return PMKernel, nil
	}
	switch v {
	case "0":
		return PMKernel, nil
	case "1":
		return PMUserspace, nil
	}
	return "", fmt.Errorf("net.mptcp.pm_type is %q: want 0 or 1", v)
}

// ResolvePathManager turns the -path-manager choice into the path manager in
// force: with PMUserspace it switches the namespace to the userspace path
// manager when needed and returns a restore function that switches it back
// (nil when nothing was changed). PMKernel in a namespace running the
// userspace path manager is an error: endpoint flags would do nothing there.
func ResolvePathManager(want string, s Sysctls) (string, func() error, error) {
	have, err := NamespacePathManager(s)
	if err != nil {
		return "", nil, err
	}
	switch want {
	case PMAuto:
		return have, nil, nil
	case PMKernel:
		if have != PMKernel {
			return "", nil, fmt.Errorf("-path-manager kernel: this namespace runs the %s path manager, "+
				"whose connections ignore endpoint flags; use -path-manager userspace or auto", have)
		}
		return have, nil, nil
	case PMUserspace:
		if have == PMUserspace {
			return have, nil, nil
		}
		return switchToUserspace(s)
	}
	return "", nil, fmt.Errorf("-path-manager %q: want %s, %s or %s", want, PMAuto, PMKernel, PMUserspace)
}

func switchToUserspace(s Sysctls) (string, func() error, error) {
	if avail, err := s.Get("net.mptcp.available_path_managers"); err == nil {
		if !strings.Contains(" "+avail+" ", " userspace ") {
			return "", nil, fmt.Errorf("-path-manager userspace: this kernel offers only %q", avail)
		}
		if err := s.Set("net.mptcp.path_manager", PMUserspace); err != nil {
			return "", nil, err
		}
		return PMUserspace, func() error { return s.Set("net.mptcp.path_manager", PMKernel) }, nil
	}
	if _, err := s.Get("net.mptcp.pm_type"); err != nil {
		return "", nil, fmt.Errorf("-path-manager userspace: this kernel has no userspace MPTCP path manager (no net.mptcp.pm_type)")
	}
	if err := s.Set("net.mptcp.pm_type", "1"); err != nil {
		return "", nil, err
	}
	return PMUserspace, func() error { return s.Set("net.mptcp.pm_type", "0") }, nil
}
