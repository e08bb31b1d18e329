package wificell

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Class ids on the cell's egress device (tc parses minors as hex).
const (
	rootHandle   = "1:"
	parentClass  = "1:1"
	defaultMinor = 0x9
	firstMinor   = 0x100
	// assuredRate is each station's guaranteed HTB rate; everything above it
	// is borrowed from the parent by quantum, which is what makes the sharing
	// DRR-fair.
	assuredRate = "8kbit"
)

// StationMinor is the HTB class minor (and leaf qdisc major) of station i
// in the per-station tree.
func StationMinor(i int) int { return firstMinor + i }

// SharedMinor is the HTB class minor (and leaf qdisc major) of the one FIFO
// in the shared-FIFO tree.
const SharedMinor = firstMinor

// Tree is the cell's tc layout on its egress device.
type Tree struct {
	Dev   string
	Mode  QueueMode
	Dir   Direction
	Limit int // pfifo limit in packets: per station, or of the shared FIFO
}

// SetupBatch returns the `tc -batch` lines that build the cell on t.Dev at
// capacity bps. Per station: a parent class at the capacity, one class per
// station with a pfifo leaf of t.Limit packets, a u32 filter per station
// address (destination for downlink, source for uplink) and a default class
// for everything else (ARP and the like). Shared FIFO: the parent class and
// one child class at the capacity, the default for every packet, with one
// pfifo leaf of t.Limit packets and no filters.
func (t Tree) SetupBatch(st []Station, capacity float64) []string {
	r := rate(capacity)
	if t.Mode == SharedFIFO {
		return []string{
			fmt.Sprintf("qdisc replace dev %s root handle %s htb default %x", t.Dev, rootHandle, SharedMinor),
			fmt.Sprintf("class add dev %s parent %s classid %s htb rate %s ceil %s", t.Dev, rootHandle, parentClass, r, r),
			fmt.Sprintf("class add dev %s parent %s classid 1:%x htb rate %s ceil %s quantum 1514",
				t.Dev, parentClass, SharedMinor, r, r),
			fmt.Sprintf("qdisc add dev %s parent 1:%x handle %x: pfifo limit %d", t.Dev, SharedMinor, SharedMinor, t.Limit),
		}
	}
	lines := []string{
		fmt.Sprintf("qdisc replace dev %s root handle %s htb default %x", t.Dev, rootHandle, defaultMinor),
		fmt.Sprintf("class add dev %s parent %s classid %s htb rate %s ceil %s", t.Dev, rootHandle, parentClass, r, r),
		fmt.Sprintf("class add dev %s parent %s classid 1:%x htb rate %s ceil %s quantum 1514",
			t.Dev, parentClass, defaultMinor, assuredRate, r),
		fmt.Sprintf("qdisc add dev %s parent 1:%x handle %x: pfifo limit %d", t.Dev, defaultMinor, defaultMinor, t.Limit),
	}
	for i, s := range st {
		m := StationMinor(i)
		lines = append(lines,
			fmt.Sprintf("class add dev %s parent %s classid 1:%x htb rate %s ceil %s quantum %d",
				t.Dev, parentClass, m, assuredRate, r, int(s.Quantum)),
			fmt.Sprintf("qdisc add dev %s parent 1:%x handle %x: pfifo limit %d", t.Dev, m, m, t.Limit),
			fmt.Sprintf("filter add dev %s parent %s protocol ip prio 1 u32 match ip %s %s/32 flowid 1:%x",
				t.Dev, rootHandle, t.Dir.match(), s.Addr, m))
	}
	return lines
}

// RateBatch returns the `tc -batch` lines that move the cell to capacity bps
// (and, per station, to the stations' current quanta).
func (t Tree) RateBatch(st []Station, capacity float64) []string {
	r := rate(capacity)
	lines := []string{
		fmt.Sprintf("class change dev %s parent %s classid %s htb rate %s ceil %s", t.Dev, rootHandle, parentClass, r, r),
	}
	if t.Mode == SharedFIFO {
		return append(lines, fmt.Sprintf("class change dev %s parent %s classid 1:%x htb rate %s ceil %s quantum 1514",
			t.Dev, parentClass, SharedMinor, r, r))
	}
	lines = append(lines, fmt.Sprintf("class change dev %s parent %s classid 1:%x htb rate %s ceil %s quantum 1514",
		t.Dev, parentClass, defaultMinor, assuredRate, r))
	for i, s := range st {
		lines = append(lines, fmt.Sprintf("class change dev %s parent %s classid 1:%x htb rate %s ceil %s quantum %d",
			t.Dev, parentClass, StationMinor(i), assuredRate, r, int(s.Quantum)))
	}
	return lines
}

func rate(bps float64) string {
	if bps < 8000 {
		bps = 8000
	}
	return strconv.FormatInt(int64(bps), 10) + "bit"
}

// LeafStats are the counters of one station's pfifo leaf.
type LeafStats struct {
	Bytes   uint64 `json:"bytes"`
	Packets uint64 `json:"packets"`
	Drops   uint64 `json:"drops"`
	Backlog uint64 `json:"backlog"`
	Qlen    uint64 `json:"qlen"`
	Limit   uint64 `json:"-"`
}

type qdiscJSON struct {
	Kind    string `json:"kind"`
	Handle  string `json:"handle"`
	Parent  string `json:"parent"`
	Options struct {
		Limit uint64 `json:"limit"`
	} `json:"options"`
	LeafStats
}

// ParseLeafStats reads `tc -s -j qdisc show dev <dev>` output and returns the
// pfifo leaf counters keyed by the HTB class minor they hang from. Entries it
// does not understand are skipped; malformed JSON is an error.
func ParseLeafStats(out []byte) (map[int]LeafStats, error) {
	var qs []qdiscJSON
	if err := json.Unmarshal(out, &qs); err != nil {
		return nil, fmt.Errorf("tc qdisc json: %w", err)
	}
	res := make(map[int]LeafStats)
	for _, q := range qs {
		if q.Kind != "pfifo" || !strings.HasPrefix(q.Parent, "1:") {
			continue
		}
		m, err := strconv.ParseInt(strings.TrimPrefix(q.Parent, "1:"), 16, 32)
		if err != nil {
			continue
		}
		ls := q.LeafStats
		ls.Limit = q.Options.Limit
		res[int(m)] = ls
	}
	return res, nil
}

// Occupancy is the cell's queue fill as the AP agent's qdisc source reads it
// under a classful root: the backlog summed over every pfifo leaf (the
// default leaf included) over the sum of their limits; 0 without a limit.
func Occupancy(leaves map[int]LeafStats) float64 {
	var qlen, limit uint64
	for _, l := range leaves {
		qlen += l.Qlen
		limit += l.Limit
	}
	if limit == 0 {
		return 0
	}
	return math.Min(1, float64(qlen)/float64(limit))
}
