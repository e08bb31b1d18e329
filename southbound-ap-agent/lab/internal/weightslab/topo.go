// Package weightslab builds the two-path MPTCP lab used by the client-weights
// namespace tests: a client namespace with a "Wi-Fi" and an "LTE" interface,
// each through its own AP namespace (whose uplink is shaped with tbf, the
// access bottleneck) to one server namespace. Root only.
package weightslab

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
)

// Topo is a built lab; names are prefixed so parallel runs do not collide.
type Topo struct {
	Prefix                    string
	Client, Server, APW, APL  string // namespace names
	ClientWiFi, ClientLTE     string // client interfaces
	ServerWiFi, ServerLTE     string // server interfaces facing each AP
	ClientWiFiIP, ClientLTEIP string
	ServerIP                  string
}

func sh(args ...string) error {
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}

// Build creates the lab. wifiRate and lteRate are the AP uplink rates (tc
// rate syntax, e.g. "20mbit").
func Build(prefix, wifiRate, lteRate string) (*Topo, error) {
	t := &Topo{Prefix: prefix, Client: prefix + "c", Server: prefix + "s", APW: prefix + "aw", APL: prefix + "al",
		ClientWiFi: "cw", ClientLTE: "cl", ServerWiFi: "sw", ServerLTE: "sl",
		ClientWiFiIP: "10.1.1.2", ClientLTEIP: "10.1.2.2", ServerIP: "10.1.3.2"}
	t.Destroy()
	for _, n := range []string{t.Client, t.Server, t.APW, t.APL} {
		if err := sh("ip", "netns", "add", n); err != nil {
			return nil, err
		}
		if err := sh("ip", "-n", n, "link", "set", "lo", "up"); err != nil {
			return nil, err
		}
	}
	steps := []func() error{
		func() error { return veth("cw", t.Client, "awc", t.APW, "10.1.1.2/24", "10.1.1.1/24") },
		func() error { return veth("cl", t.Client, "alc", t.APL, "10.1.2.2/24", "10.1.2.1/24") },
		func() error { return veth("aws", t.APW, "sw", t.Server, "10.1.3.1/24", "10.1.3.2/24") },
		func() error { return veth("als", t.APL, "sl", t.Server, "10.1.4.1/24", "10.1.4.2/24") },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			t.Destroy()
			return nil, err
		}
	}
	for _, c := range t.setup(wifiRate, lteRate) {
		if err := sh(c...); err != nil {
			t.Destroy()
			return nil, err
		}
	}
	return t, nil
}

// veth links interface a in namespace ans to b in bns, with addresses aip and bip.
func veth(a, ans, b, bns, aip, bip string) error {
	for _, c := range [][]string{
		{"ip", "link", "add", a, "netns", ans, "type", "veth", "peer", "name", b, "netns", bns},
		{"ip", "-n", ans, "addr", "add", aip, "dev", a},
		{"ip", "-n", bns, "addr", "add", bip, "dev", b},
		{"ip", "-n", ans, "link", "set", a, "up"},
		{"ip", "-n", bns, "link", "set", b, "up"},
	} {
		if err := sh(c...); err != nil {
			return err
		}
	}
	return nil
}

// setup returns the commands that make the linked namespaces a two-path
// MPTCP lab: forwarding and routes (the client routes by source address),
// buffers, MPTCP limits and the LTE endpoint, and the AP uplinks' tbf.
func (t *Topo) setup(wifiRate, lteRate string) [][]string {
	return [][]string{
		{"ip", "netns", "exec", t.APW, "sysctl", "-qw", "net.ipv4.ip_forward=1"},
		{"ip", "netns", "exec", t.APL, "sysctl", "-qw", "net.ipv4.ip_forward=1"},
		{"ip", "-n", t.APW, "route", "add", "10.1.4.0/24", "via", "10.1.3.2"},
		{"ip", "-n", t.APL, "route", "add", "10.1.3.0/24", "via", "10.1.4.2"},
		{"ip", "-n", t.Server, "route", "add", "10.1.1.0/24", "via", "10.1.3.1"},
		{"ip", "-n", t.Server, "route", "add", "10.1.2.0/24", "via", "10.1.4.1"},
		{"ip", "-n", t.Client, "route", "add", "default", "via", "10.1.1.1"},
		{"ip", "-n", t.Client, "rule", "add", "from", t.ClientWiFiIP, "table", "101"},
		{"ip", "-n", t.Client, "route", "add", "default", "via", "10.1.1.1", "dev", "cw", "table", "101"},
		{"ip", "-n", t.Client, "rule", "add", "from", t.ClientLTEIP, "table", "102"},
		{"ip", "-n", t.Client, "route", "add", "default", "via", "10.1.2.1", "dev", "cl", "table", "102"},
		// buffers sized for MPTCP over asymmetric paths: a slow path holds data back for up to a few seconds
		// (MPTCP-rec's delay difference x aggregate rate), which the receiver must buffer and the sender keep
		{"ip", "netns", "exec", t.Server, "sysctl", "-qw", "net.ipv4.tcp_rmem=4096 16777216 33554432"},
		{"ip", "netns", "exec", t.Client, "sysctl", "-qw", "net.ipv4.tcp_wmem=4096 65536 33554432"},
		{"ip", "-n", t.Client, "mptcp", "limits", "set", "subflow", "2", "add_addr_accepted", "2"},
		{"ip", "-n", t.Server, "mptcp", "limits", "set", "subflow", "2", "add_addr_accepted", "2"},
		{"ip", "-n", t.Client, "mptcp", "endpoint", "add", t.ClientLTEIP, "dev", "cl", "subflow"},
		{"tc", "-n", t.APW, "qdisc", "add", "dev", "aws", "root", "tbf", "rate", wifiRate, "burst", "32kb", "latency", "100ms"},
		{"tc", "-n", t.APL, "qdisc", "add", "dev", "als", "root", "tbf", "rate", lteRate, "burst", "32kb", "latency", "100ms"},
	}
}

// Destroy removes the namespaces (and with them every veth).
func (t *Topo) Destroy() {
	for _, n := range []string{t.Client, t.Server, t.APW, t.APL} {
		_ = exec.Command("ip", "netns", "del", n).Run()
	}
}

// RxBytes reads the rx_bytes of an interface in a namespace.
func RxBytes(ns, iface string) (uint64, error) {
	h, err := netns.GetFromName(ns)
	if err != nil {
		return 0, err
	}
	defer h.Close()
	nh, err := netlink.NewHandleAt(h)
	if err != nil {
		return 0, err
	}
	defer nh.Close()
	l, err := nh.LinkByName(iface)
	if err != nil {
		return 0, err
	}
	if l.Attrs().Statistics == nil {
		return 0, fmt.Errorf("%s/%s: no statistics", ns, iface)
	}
	return l.Attrs().Statistics.RxBytes, nil
}
