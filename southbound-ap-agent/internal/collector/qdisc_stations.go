package collector

import (
	"slices"
	"sort"

	vnl "github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"
)

// stationIdentity is what the filters say about the stations of one class.
type stationIdentity struct {
	ips, macs []string
}

// QdiscStationQueues returns one sample per leaf qdisc under a classful root
// (e.g. one pfifo per station under htb) that the root's filters map to a
// station: the leaf's parent class is a filter's target, and the filter
// matches single hosts by destination (dir Downlink) or by source (Uplink).
// Leaves no such filter points at (a default class) are left out; a root
// with a limit of its own (tbf, fq_codel, ...) has no per-station leaves.
// Samples are ordered by class.
func QdiscStationQueues(qs []vnl.Qdisc, filters []FilterTarget, dir Direction, txQLen uint64,
	raw map[uint32]RawQdiscLimit) ([]StationQueueSample, error) {
	var root vnl.Qdisc
	for _, q := range qs {
		if isRoot(q) {
			root = q
			break
		}
	}
	if root == nil || len(filters) == 0 {
		return nil, nil
	}
	if _, _, _, ok := qdiscLimit(root, txQLen, raw); ok {
		return nil, nil
	}
	byClass := stationsByClass(filters, dir)
	var out []StationQueueSample
	for _, q := range leafQdiscs(qs) {
		class := q.Attrs().Parent
		id, ok := byClass[class]
		if !ok {
			continue
		}
		s, sent, err := leafSample(q, root, txQLen, raw)
		if err != nil {
			return nil, err
		}
		s.Direction = dir
		sq := StationQueueSample{QueueSample: s, QueueID: vnl.HandleStr(class), IPs: id.ips, SentBytes: sent}
		if len(id.macs) == 1 {
			sq.MAC = id.macs[0]
		}
		out = append(out, sq)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].QueueID < out[j].QueueID })
	return out, nil
}

// stationsByClass collects, per target class, the host addresses the filters
// match on the side that names the station in direction dir.
func stationsByClass(filters []FilterTarget, dir Direction) map[uint32]*stationIdentity {
	out := map[uint32]*stationIdentity{}
	for _, f := range filters {
		ips, macs := f.DstIPs, f.DstMACs
		if dir == Uplink {
			ips, macs = f.SrcIPs, f.SrcMACs
		}
		if len(ips)+len(macs) == 0 {
			continue
		}
		id := out[f.ClassID]
		if id == nil {
			id = &stationIdentity{}
			out[f.ClassID] = id
		}
		id.ips = appendNew(id.ips, ips...)
		id.macs = appendNew(id.macs, macs...)
	}
	return out
}

func appendNew(dst []string, vs ...string) []string {
	for _, v := range vs {
		if !slices.Contains(dst, v) {
			dst = append(dst, v)
		}
	}
	return dst
}

// dumpRootFilters dumps the filters attached to the qdisc with handle parent
// on ifindex in namespace ns (RTM_GETTFILTER) and returns the ones that map
// single hosts to a class.
func dumpRootFilters(ns netns.NsHandle, ifindex int, parent uint32) ([]FilterTarget, error) {
	msgs, err := dumpTC(ns, ifindex, unix.RTM_GETTFILTER, parent, "RTM_GETTFILTER")
	if err != nil {
		return nil, err
	}
	var out []FilterTarget
	for _, m := range msgs {
		t, ok, err := ParseFilterMessage(m.Data)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, t)
		}
	}
	return out, nil
}
