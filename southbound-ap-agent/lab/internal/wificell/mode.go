package wificell

import "fmt"

// QueueMode is how the cell queues packets.
type QueueMode int

const (
	// PerStation gives every station its own pfifo leaf, shared by HTB's DRR
	// (an AP with per-station queues and airtime or packet fairness).
	PerStation QueueMode = iota
	// SharedFIFO puts every station's packets in one pfifo, served in arrival
	// order (an AP with one MAC FIFO, as the paper's testbed AP).
	SharedFIFO
)

// ParseQueueMode reads "per-station" or "shared-fifo".
func ParseQueueMode(s string) (QueueMode, error) {
	switch s {
	case "per-station":
		return PerStation, nil
	case "shared-fifo":
		return SharedFIFO, nil
	}
	return 0, fmt.Errorf("queue mode %q: want per-station or shared-fifo", s)
}

func (m QueueMode) String() string {
	if m == SharedFIFO {
		return "shared-fifo"
	}
	return "per-station"
}

// Direction is which way the cell's device carries the stations' traffic.
type Direction int

const (
	// Downlink: packets go to the stations; a station is its destination address.
	Downlink Direction = iota
	// Uplink: packets come from the stations; a station is its source address.
	Uplink
)

// ParseDirection reads "downlink" or "uplink".
func ParseDirection(s string) (Direction, error) {
	switch s {
	case "downlink":
		return Downlink, nil
	case "uplink":
		return Uplink, nil
	}
	return 0, fmt.Errorf("direction %q: want downlink or uplink", s)
}

func (d Direction) String() string {
	if d == Uplink {
		return "uplink"
	}
	return "downlink"
}

// match is the u32 selector side that names a station in direction d.
func (d Direction) match() string {
	if d == Uplink {
		return "src"
	}
	return "dst"
}
