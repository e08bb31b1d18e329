package clientagent

import "net/netip"

// The agent talks to the kernel only over netlink: qdiscs over rtnetlink
// (qdisc.go), MPTCP endpoints and subflow flags over the MPTCP path manager's
// generic-netlink family "mptcp_pm" (pm.go), subflow state over sock_diag
// (diag.go), and sysctls through /proc/sys (sysctl.go). It runs no tc, ip, ss
// or sysctl process. Each piece is an interface so that the shaping logic is
// tested without a kernel; the netns tests exercise the real ones.

// TbfSpec is a token bucket: rate in bit/s, burst and queue limit in bytes.
type TbfSpec struct {
	RateBps, BurstBytes, LimitBytes uint64
}

// Qdiscs installs and removes the tbf root qdisc of an interface.
type Qdiscs interface {
	// RootIsTbf reports whether iface's root qdisc is a tbf.
	RootIsTbf(iface string) (bool, error)
	// DelRoot deletes iface's root qdisc.
	DelRoot(iface string) error
	// SetTbf installs (replace) or updates in place (change, keeping the
	// queue) a tbf root qdisc on iface.
	SetTbf(iface string, spec TbfSpec, change bool) error
}

// MPTCP path manager endpoint flags (include/uapi/linux/mptcp.h).
const (
	EndpointSignal   uint32 = 1 << 0
	EndpointSubflow  uint32 = 1 << 1
	EndpointBackup   uint32 = 1 << 2
	EndpointFullmesh uint32 = 1 << 3
	EndpointImplicit uint32 = 1 << 4
)

// Endpoint is one in-kernel path manager endpoint (MPTCP_PM_CMD_GET_ADDR).
type Endpoint struct {
	Addr    netip.Addr
	ID      uint8
	Port    uint16
	Flags   uint32 // Endpoint* bits
	IfIndex int32
}

// Backup reports whether the endpoint carries the backup flag.
func (e Endpoint) Backup() bool { return e.Flags&EndpointBackup != 0 }

// PathManager drives the MPTCP path manager.
type PathManager interface {
	// Endpoints lists the in-kernel path manager's endpoints.
	Endpoints() ([]Endpoint, error)
	// AddEndpoint adds an in-kernel endpoint (address, flags, interface).
	AddEndpoint(ep Endpoint) error
	// SetEndpointFlags sets endpoint id's backup/fullmesh flags; the kernel
	// sends MP_PRIO on every connection of the namespace using it.
	SetEndpointFlags(id uint8, flags uint32) error
	// SetSubflowBackup sends MP_PRIO on one subflow of the connection
	// with local token (userspace path manager only).
	SetSubflowBackup(token uint32, local, remote netip.AddrPort, backup bool) error
	// CreateSubflow opens a subflow of connection token from local (with
	// local address id and interface) to remote (userspace path manager only).
	CreateSubflow(token uint32, local Endpoint, remote netip.AddrPort) error
}

// Sysctls reads and writes the agent's network namespace's sysctls.
type Sysctls interface {
	Get(key string) (string, error)
	Set(key, value string) error
}

// SubflowSource lists the namespace's established MPTCP subflows.
type SubflowSource interface {
	Subflows() ([]Subflow, error)
}

// Kernel bundles the kernel interfaces the agent uses.
type Kernel struct {
	Qdiscs   Qdiscs
	PM       PathManager
	Sysctls  Sysctls
	Subflows SubflowSource
}
