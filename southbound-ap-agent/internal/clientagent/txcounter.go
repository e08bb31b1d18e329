package clientagent

import (
	"fmt"

	"github.com/vishvananda/netlink"
)

// NetlinkTxCounter reads an interface's tx_bytes over rtnetlink in the
// agent's network namespace.
func NetlinkTxCounter(iface string) (uint64, error) {
	l, err := netlink.LinkByName(iface)
	if err != nil {
		return 0, err
	}
	st := l.Attrs().Statistics
	if st == nil {
		return 0, fmt.Errorf("%s: no statistics", iface)
	}
	return st.TxBytes, nil
}
