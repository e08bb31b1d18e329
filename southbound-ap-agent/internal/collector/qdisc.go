package collector

import (
	"context"
	"fmt"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
)

// Qdisc reads the egress qdisc of one interface through rtnetlink: backlog and
// drops from the qdisc statistics, the limit from the qdisc kind's options
// (see qdisc_limit.go). It serves emulated and qdisc-based APs. Under a
// classful root it also reports the per-station leaves the root's filters
// map to stations (qdisc_stations.go, filters parsed by filter_parse.go).
type Qdisc struct {
	dir   Direction
	iface string
	ns    netns.NsHandle // netns.None() for the agent's own namespace
	h     *netlink.Handle
}

// NewQdisc returns a collector for iface's egress queue reported as dir.
// ns selects a network namespace (tests); pass netns.None() for the current one.
func NewQdisc(dir Direction, iface string, ns netns.NsHandle) (*Qdisc, error) {
	if iface == "" {
		return nil, fmt.Errorf("qdisc collector: interface must not be empty")
	}
	var h *netlink.Handle
	var err error
	if ns.IsOpen() {
		h, err = netlink.NewHandleAt(ns)
	} else {
		h, err = netlink.NewHandle()
	}
	if err != nil {
		return nil, fmt.Errorf("qdisc collector %s: rtnetlink: %w", iface, err)
	}
	return &Qdisc{dir: dir, iface: iface, ns: ns, h: h}, nil
}

// Name implements Collector.
func (q *Qdisc) Name() string { return "qdisc:" + q.iface + ":" + q.dir.String() }

// Close releases the netlink handle.
func (q *Qdisc) Close() { q.h.Close() }

// Collect implements Collector.
func (q *Qdisc) Collect(ctx context.Context) (*Reading, error) {
	link, err := q.h.LinkByName(q.iface)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", q.iface, err)
	}
	qdiscs, err := q.h.QdiscList(link)
	if err != nil {
		return nil, fmt.Errorf("interface %q: list qdiscs: %w", q.iface, err)
	}
	var raw map[uint32]RawQdiscLimit
	if needsRawLimits(qdiscs) {
		raw, err = dumpRawQdiscLimits(q.ns, link.Attrs().Index)
		if err != nil {
			return nil, fmt.Errorf("interface %q: %w", q.iface, err)
		}
	}
	s, capacity, err := QdiscSample(qdiscs, uint64(link.Attrs().TxQLen), raw)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", q.iface, err)
	}
	s.Direction = q.dir
	sq, err := q.stationQueues(qdiscs, link.Attrs(), raw)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", q.iface, err)
	}
	return &Reading{Queues: []QueueSample{s}, StationQueues: sq, CapacityBps: capacity}, nil
}

// stationQueues reads the per-station leaves of a classful root; it dumps
// the root's filters only when the root has no limit of its own.
func (q *Qdisc) stationQueues(qdiscs []netlink.Qdisc, link *netlink.LinkAttrs, raw map[uint32]RawQdiscLimit) ([]StationQueueSample, error) {
	txQLen := uint64(link.TxQLen)
	for _, r := range qdiscs {
		if !isRoot(r) {
			continue
		}
		if _, _, _, ok := qdiscLimit(r, txQLen, raw); ok {
			return nil, nil
		}
		filters, err := dumpRootFilters(q.ns, link.Index, r.Attrs().Handle)
		if err != nil {
			return nil, err
		}
		return QdiscStationQueues(qdiscs, filters, q.dir, txQLen, raw)
	}
	return nil, nil
}
