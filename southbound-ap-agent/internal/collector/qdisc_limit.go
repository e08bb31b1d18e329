package collector

import (
	"fmt"

	"github.com/vishvananda/netlink"
)

// rawLimitKinds are qdisc kinds whose limit vishvananda/netlink does not decode;
// their options are read by qdisc_options.go.
var rawLimitKinds = map[string]bool{"pfifo": true, "bfifo": true, "pfifo_head_drop": true, "codel": true}

func needsRawLimits(qs []netlink.Qdisc) bool {
	for _, q := range qs {
		if rawLimitKinds[q.Type()] {
			return true
		}
	}
	return false
}

// qdiscLimit returns the limit of a qdisc from its kind: packets, bytes, and
// the shaped rate in bit/s when the kind has one (tbf). known is false for
// kinds without a queue limit of their own (classful qdiscs, noqueue).
func qdiscLimit(q netlink.Qdisc, txQLen uint64, raw map[uint32]RawQdiscLimit) (pkts, bytes, rateBps uint64, known bool) {
	switch v := q.(type) {
	case *netlink.Tbf:
		return 0, uint64(v.Limit), v.Rate * 8, v.Limit > 0
	case *netlink.FqCodel:
		return uint64(v.Limit), uint64(v.MemoryLimit), 0, v.Limit > 0 || v.MemoryLimit > 0
	case *netlink.Fq:
		return uint64(v.PacketLimit), 0, 0, v.PacketLimit > 0
	case *netlink.Sfq:
		return uint64(v.Limit), 0, 0, v.Limit > 0
	case *netlink.Netem:
		return uint64(v.Limit), 0, 0, v.Limit > 0
	case *netlink.PfifoFast:
		return txQLen, 0, 0, txQLen > 0
	}
	if rawLimitKinds[q.Type()] {
		r, ok := raw[q.Attrs().Handle]
		if !ok || (r.Packets == 0 && r.Bytes == 0) {
			return 0, 0, 0, false
		}
		return r.Packets, r.Bytes, 0, true
	}
	return 0, 0, 0, false
}

func isRoot(q netlink.Qdisc) bool { return q.Attrs().Parent == netlink.HANDLE_ROOT }

func isIngress(q netlink.Qdisc) bool {
	t := q.Type()
	return t == "ingress" || t == "clsact" || q.Attrs().Parent == netlink.HANDLE_INGRESS
}

// QdiscSample turns one interface's qdisc list into a queue sample. The root
// qdisc is used when its kind has a limit (tbf, fq_codel, pfifo, ...); under a
// classful root (htb, prio, mq, ...) the leaf qdiscs' backlogs and limits are
// summed. It returns the shaping rate (tbf) as capacity, 0 if unknown.
func QdiscSample(qs []netlink.Qdisc, txQLen uint64, raw map[uint32]RawQdiscLimit) (QueueSample, uint64, error) {
	var root netlink.Qdisc
	for _, q := range qs {
		if isRoot(q) {
			root = q
			break
		}
	}
	if root == nil {
		return QueueSample{}, 0, fmt.Errorf("no root qdisc")
	}
	if root.Type() == "noqueue" {
		return QueueSample{}, 0, fmt.Errorf("root qdisc is noqueue: no queue to observe (use the mac80211-txq source on Wi-Fi)")
	}
	s := QueueSample{Source: "qdisc"}
	if p, b, rate, ok := qdiscLimit(root, txQLen, raw); ok {
		st := root.Attrs().Statistics
		if st == nil || st.Queue == nil {
			return QueueSample{}, 0, fmt.Errorf("root qdisc %s: no statistics", root.Type())
		}
		s.LimitPackets, s.LimitBytes = p, b
		s.BacklogPackets, s.BacklogBytes = uint64(st.Queue.Qlen), uint64(st.Queue.Backlog)
		s.Drops = uint64(st.Queue.Drops)
		return s, rate, nil
	}
	s, err := sumLeaves(qs, root, txQLen, raw)
	if err != nil {
		return QueueSample{}, 0, err
	}
	return s, 0, nil
}

// sumLeaves sums the backlogs, drops and limits of the leaves (qdiscs that
// are no other qdisc's parent) under a classful root.
func sumLeaves(qs []netlink.Qdisc, root netlink.Qdisc, txQLen uint64, raw map[uint32]RawQdiscLimit) (QueueSample, error) {
	s := QueueSample{Source: "qdisc"}
	leaves, allPkts, allBytes := 0, true, true
	for _, q := range leafQdiscs(qs) {
		l, _, err := leafSample(q, root, txQLen, raw)
		if err != nil {
			return QueueSample{}, err
		}
		allPkts, allBytes = allPkts && l.LimitPackets > 0, allBytes && l.LimitBytes > 0
		s.LimitPackets += l.LimitPackets
		s.LimitBytes += l.LimitBytes
		s.BacklogPackets += l.BacklogPackets
		s.BacklogBytes += l.BacklogBytes
		s.Drops += l.Drops
		leaves++
	}
	if leaves == 0 {
		return QueueSample{}, fmt.Errorf("classful root qdisc %s has no leaf qdisc with a limit: attach one (e.g. pfifo, fq_codel)", root.Type())
	}
	// A unit only some leaves limit would distort the ratio: keep the units every leaf has.
	if !allPkts {
		s.LimitPackets = 0
	}
	if !allBytes {
		s.LimitBytes = 0
	}
	if s.LimitPackets == 0 && s.LimitBytes == 0 {
		return QueueSample{}, fmt.Errorf("leaf qdiscs under %s mix packet and byte limits", root.Type())
	}
	return s, nil
}

// leafQdiscs returns the egress qdiscs that are no other qdisc's parent, root excluded.
func leafQdiscs(qs []netlink.Qdisc) []netlink.Qdisc {
	parents := parentMajors(qs)
	var out []netlink.Qdisc
	for _, q := range qs {
		if isRoot(q) || isIngress(q) {
			continue
		}
		if major, _ := netlink.MajorMinor(q.Attrs().Handle); !parents[major] {
			out = append(out, q)
		}
	}
	return out
}

// leafSample reads one leaf's backlog, limit and drops, and the bytes it sent.
func leafSample(q, root netlink.Qdisc, txQLen uint64, raw map[uint32]RawQdiscLimit) (QueueSample, uint64, error) {
	p, b, _, ok := qdiscLimit(q, txQLen, raw)
	if !ok {
		return QueueSample{}, 0, fmt.Errorf("leaf qdisc %s (%s) under %s: limit unknown",
			netlink.HandleStr(q.Attrs().Handle), q.Type(), root.Type())
	}
	st := q.Attrs().Statistics
	if st == nil || st.Queue == nil {
		return QueueSample{}, 0, fmt.Errorf("leaf qdisc %s: no statistics", netlink.HandleStr(q.Attrs().Handle))
	}
	var sent uint64
	if st.Basic != nil {
		sent = st.Basic.Bytes
	}
	return QueueSample{Source: "qdisc", LimitPackets: p, LimitBytes: b,
		BacklogPackets: uint64(st.Queue.Qlen), BacklogBytes: uint64(st.Queue.Backlog), Drops: uint64(st.Queue.Drops)}, sent, nil
}

// parentMajors returns the handle majors that are some non-root qdisc's parent.
func parentMajors(qs []netlink.Qdisc) map[uint16]bool {
	parents := map[uint16]bool{}
	for _, q := range qs {
		if !isRoot(q) && !isIngress(q) {
			major, _ := netlink.MajorMinor(q.Attrs().Parent)
			parents[major] = true
		}
	}
	return parents
}
