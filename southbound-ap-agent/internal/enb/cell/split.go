package cell

import (
	"fmt"
	"net/netip"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/mux"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

// MaxHold bounds hold times and second-path delays.
const MaxHold = 10 * time.Second

// maxHeldPackets bounds one mux's hold buffer.
const maxHeldPackets = 4096

// SplitSpec is one split flow.
type SplitSpec struct {
	ID               string
	DstIP            netip.Addr
	Proto            uint8
	SrcPort, DstPort uint16
	TargetUE         string
	SecondUE         string
	LTEFraction      float64 // ignored when SharedBuffer
	// SharedBuffer selects the paper's demux (Section III-A, IV-A): the
	// flow's frames wait in one buffer shared by the target's and the second
	// UE's links, and whichever of the two links the scheduler serves takes
	// the head; a frame taken by one link is gone from the other.
	SharedBuffer    bool
	Hold            time.Duration
	SecondPathDelay time.Duration
}

// SplitConfig is the installed set of split flows.
type SplitConfig struct {
	Version uint64
	Splits  []SplitSpec
}

func (s SplitSpec) matches(f packet.Flow) bool {
	return f.Dst == s.DstIP && (s.Proto == 0 || s.Proto == f.Proto) &&
		(s.SrcPort == 0 || s.SrcPort == f.SrcPort) && (s.DstPort == 0 || s.DstPort == f.DstPort)
}

// ValidateSplits checks a split configuration against the cell's UEs; field
// names are prefixed by prefix (e.g. "config").
func ValidateSplits(c SplitConfig, ues []string, prefix string) error {
	f := func(s string) string { return prefix + "." + s }
	if c.Version == 0 {
		return &sched.FieldError{Field: f("version"), Msg: "must be > 0"}
	}
	known := map[string]bool{}
	for _, u := range ues {
		known[u] = true
	}
	ids := map[string]bool{}
	for i, s := range c.Splits {
		sf := f(fmt.Sprintf("splits[%d]", i))
		if !sched.ValidID(s.ID) {
			return &sched.FieldError{Field: sf + ".split_id", Msg: fmt.Sprintf("%q must match [A-Za-z0-9._:-]{1,64}", s.ID)}
		}
		if ids[s.ID] {
			return &sched.FieldError{Field: sf + ".split_id", Msg: fmt.Sprintf("%q used twice", s.ID)}
		}
		ids[s.ID] = true
		if !s.DstIP.IsValid() {
			return &sched.FieldError{Field: sf + ".match.dst_ip", Msg: "must be an IPv4 or IPv6 address"}
		}
		if (s.SrcPort != 0 || s.DstPort != 0) && s.Proto != 6 && s.Proto != 17 {
			return &sched.FieldError{Field: sf + ".match.ip_proto", Msg: "ports need ip_proto 6 or 17"}
		}
		if s.TargetUE == "" {
			return &sched.FieldError{Field: sf + ".target_ue_id", Msg: "empty"}
		}
		if s.SecondUE == "" || s.SecondUE == s.TargetUE {
			return &sched.FieldError{Field: sf + ".second_path_ue_id", Msg: "must name a UE other than target_ue_id"}
		}
		if !(s.LTEFraction >= 0 && s.LTEFraction <= 1) {
			return &sched.FieldError{Field: sf + ".lte_fraction", Msg: fmt.Sprintf("%v not in [0, 1]", s.LTEFraction)}
		}
		if s.Hold < 0 || s.Hold > MaxHold {
			return &sched.FieldError{Field: sf + ".hold_time_us", Msg: fmt.Sprintf("%v not in [0, %v]", s.Hold, MaxHold)}
		}
		if s.SecondPathDelay < 0 || s.SecondPathDelay > MaxHold {
			return &sched.FieldError{Field: sf + ".second_path_delay_us",
				Msg: fmt.Sprintf("%v not in [0, %v]", s.SecondPathDelay, MaxHold)}
		}
		for j := 0; j < i; j++ {
			o := c.Splits[j]
			if o.DstIP == s.DstIP && o.Proto == s.Proto && o.SrcPort == s.SrcPort && o.DstPort == s.DstPort {
				return &sched.FieldError{Field: sf + ".match", Msg: fmt.Sprintf("same match as splits[%d]", j)}
			}
		}
	}
	for i, s := range c.Splits {
		if !known[s.TargetUE] {
			return &sched.PreconditionError{Field: f(fmt.Sprintf("splits[%d].target_ue_id", i)),
				Msg: fmt.Sprintf("UE %q is not served by this eNB", s.TargetUE)}
		}
		if !known[s.SecondUE] {
			return &sched.PreconditionError{Field: f(fmt.Sprintf("splits[%d].second_path_ue_id", i)),
				Msg: fmt.Sprintf("UE %q is not served by this eNB", s.SecondUE)}
		}
	}
	return nil
}

type inflight struct {
	at   time.Duration
	seq  uint64
	data []byte
}

// splitState is the runtime of one split flow.
type splitState struct {
	spec                SplitSpec
	target              int
	second              int
	demux               *mux.Demux
	shared              []item // SharedBuffer: frames waiting for either link, FIFO
	sharedBits          float64
	sharedBytes         int64
	sharedLimit         int
	nextSeq             uint64
	sharedDrops         uint64
	reorder             *mux.Reorder[[]byte]
	delayed             []inflight // FIFO: constant delay keeps it sorted by at
	retired             bool
	sentLTE, sentSecond uint64
}
