package collector

import (
	"encoding/binary"
	"fmt"

	"github.com/mdlayher/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// RawQdiscLimit is the limit parsed from a qdisc's TCA_OPTIONS for the kinds
// vishvananda/netlink leaves undecoded (pfifo, bfifo, pfifo_head_drop, codel).
type RawQdiscLimit struct {
	Packets uint64
	Bytes   uint64
}

const (
	tcmsgLen       = 20 // struct tcmsg
	tcaKind        = 1  // TCA_KIND
	tcaOptions     = 2  // TCA_OPTIONS
	tcaCodelLimit  = 2  // TCA_CODEL_LIMIT
	tcFifoQoptSize = 4  // struct tc_fifo_qopt { __u32 limit; }
)

// ParseQdiscMessage parses one RTM_NEWQDISC payload (struct tcmsg followed by
// attributes). It returns the interface index, the qdisc handle, its kind, and
// the limit for the kinds listed in rawLimitKinds (zero for other kinds).
func ParseQdiscMessage(b []byte) (ifindex int32, handle uint32, kind string, lim RawQdiscLimit, err error) {
	kind, opts, err := tcKindOptions(b, "qdisc")
	if err != nil {
		return 0, 0, "", lim, err
	}
	ifindex = int32(binary.NativeEndian.Uint32(b[4:8]))
	handle = binary.NativeEndian.Uint32(b[8:12])
	if kind == "" {
		return 0, 0, "", lim, fmt.Errorf("qdisc %#x: TCA_KIND missing", handle)
	}
	switch kind {
	case "pfifo", "pfifo_head_drop", "bfifo":
		if len(opts) < tcFifoQoptSize {
			return 0, 0, "", lim, fmt.Errorf("qdisc %s %#x: TCA_OPTIONS %d bytes, want %d", kind, handle, len(opts), tcFifoQoptSize)
		}
		l := uint64(binary.NativeEndian.Uint32(opts[:4]))
		if kind == "bfifo" {
			lim.Bytes = l
		} else {
			lim.Packets = l
		}
	case "codel":
		nd, err := netlink.NewAttributeDecoder(opts)
		if err != nil {
			return 0, 0, "", lim, fmt.Errorf("qdisc codel %#x options: %w", handle, err)
		}
		for nd.Next() {
			if nd.Type() == tcaCodelLimit {
				lim.Packets = uint64(nd.Uint32())
			}
		}
		if err := nd.Err(); err != nil {
			return 0, 0, "", lim, fmt.Errorf("qdisc codel %#x options: %w", handle, err)
		}
	}
	return ifindex, handle, kind, lim, nil
}

// dumpRawQdiscLimits dumps the qdiscs of ifindex in namespace ns and returns
// the raw limits by handle.
func dumpRawQdiscLimits(ns netns.NsHandle, ifindex int) (map[uint32]RawQdiscLimit, error) {
	msgs, err := dumpTC(ns, ifindex, unix.RTM_GETQDISC, 0, "RTM_GETQDISC")
	if err != nil {
		return nil, err
	}
	out := map[uint32]RawQdiscLimit{}
	for _, m := range msgs {
		idx, h, kind, lim, err := ParseQdiscMessage(m.Data)
		if err != nil {
			return nil, err
		}
		if int(idx) == ifindex && rawLimitKinds[kind] {
			out[h] = lim
		}
	}
	return out, nil
}
