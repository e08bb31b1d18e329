package collector

import (
	"strings"

	"github.com/vishvananda/netlink"
)

// neighbourIPs maps lower-case MAC addresses to the IPs the kernel neighbour
// table holds for them on ifindex (IPv4 and IPv6). Errors yield an empty map:
// IPs are a convenience, not a health signal.
func neighbourIPs(ifindex int) map[string][]string {
	out := map[string][]string{}
	neighs, err := netlink.NeighList(ifindex, netlink.FAMILY_ALL)
	if err != nil {
		return out
	}
	for _, n := range neighs {
		if n.HardwareAddr == nil || n.IP == nil || n.State&(netlink.NUD_FAILED|netlink.NUD_INCOMPLETE) != 0 {
			continue
		}
		mac := strings.ToLower(n.HardwareAddr.String())
		out[mac] = append(out[mac], n.IP.String())
	}
	return out
}
