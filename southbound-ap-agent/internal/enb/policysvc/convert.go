package policysvc

import (
	"fmt"
	"net/netip"
	"time"

	enbv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/enb/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

func disciplineFromProto(d enbv1.Discipline) sched.Discipline {
	switch d {
	case enbv1.Discipline_DISCIPLINE_PFS:
		return sched.PFS
	case enbv1.Discipline_DISCIPLINE_MAX_CI:
		return sched.MaxCI
	case enbv1.Discipline_DISCIPLINE_ROUND_ROBIN:
		return sched.RoundRobin
	case enbv1.Discipline_DISCIPLINE_UNSPECIFIED:
		return sched.Unspecified
	}
	return sched.Discipline(1000 + int(d)) // invalid: rejected by validation
}

func disciplineToProto(d sched.Discipline) enbv1.Discipline {
	switch d {
	case sched.PFS:
		return enbv1.Discipline_DISCIPLINE_PFS
	case sched.MaxCI:
		return enbv1.Discipline_DISCIPLINE_MAX_CI
	case sched.RoundRobin:
		return enbv1.Discipline_DISCIPLINE_ROUND_ROBIN
	}
	return enbv1.Discipline_DISCIPLINE_UNSPECIFIED
}

// PolicyFromProto converts without validating (see sched.Validate).
func PolicyFromProto(p *enbv1.SchedulingPolicy) sched.Policy {
	out := sched.Policy{Version: p.GetVersion(), Inter: disciplineFromProto(p.GetInterCluster()),
		PFSWindowTTI: p.GetPfsWindowTti()}
	for _, c := range p.GetClusters() {
		out.Clusters = append(out.Clusters, sched.ClusterSpec{ID: c.GetClusterId(),
			UEs: append([]string(nil), c.GetUeIds()...), Intra: disciplineFromProto(c.GetIntraCluster())})
	}
	return out
}

// PolicyToProto converts an installed policy.
func PolicyToProto(p sched.Policy) *enbv1.SchedulingPolicy {
	out := &enbv1.SchedulingPolicy{Version: p.Version, InterCluster: disciplineToProto(p.Inter),
		PfsWindowTti: p.PFSWindowTTI}
	for _, c := range p.Clusters {
		out.Clusters = append(out.Clusters, &enbv1.Cluster{ClusterId: c.ID, UeIds: append([]string(nil), c.UEs...),
			IntraCluster: disciplineToProto(c.Intra)})
	}
	return out
}

// SplitsFromProto converts and checks the fields the cell types cannot hold.
func SplitsFromProto(c *enbv1.SplitConfig) (cell.SplitConfig, error) {
	out := cell.SplitConfig{Version: c.GetVersion()}
	for i, s := range c.GetSplits() {
		f := fmt.Sprintf("config.splits[%d]", i)
		m := s.GetMatch()
		if m == nil {
			return out, &sched.FieldError{Field: f + ".match", Msg: "missing"}
		}
		ip, err := netip.ParseAddr(m.GetDstIp())
		if err != nil {
			return out, &sched.FieldError{Field: f + ".match.dst_ip", Msg: fmt.Sprintf("%q is not an IP address", m.GetDstIp())}
		}
		if m.GetIpProto() > 255 {
			return out, &sched.FieldError{Field: f + ".match.ip_proto", Msg: fmt.Sprintf("%d > 255", m.GetIpProto())}
		}
		if m.GetSrcPort() > 65535 {
			return out, &sched.FieldError{Field: f + ".match.src_port", Msg: fmt.Sprintf("%d > 65535", m.GetSrcPort())}
		}
		if m.GetDstPort() > 65535 {
			return out, &sched.FieldError{Field: f + ".match.dst_port", Msg: fmt.Sprintf("%d > 65535", m.GetDstPort())}
		}
		out.Splits = append(out.Splits, cell.SplitSpec{ID: s.GetSplitId(), DstIP: ip.Unmap(),
			Proto: uint8(m.GetIpProto()), SrcPort: uint16(m.GetSrcPort()), DstPort: uint16(m.GetDstPort()),
			TargetUE: s.GetTargetUeId(), SecondUE: s.GetSecondPathUeId(), LTEFraction: s.GetLteFraction(),
			Hold:            time.Duration(s.GetHoldTimeUs()) * time.Microsecond,
			SecondPathDelay: time.Duration(s.GetSecondPathDelayUs()) * time.Microsecond,
			SharedBuffer:    s.GetSharedBuffer()})
	}
	return out, nil
}

// SplitsToProto converts an installed split configuration.
func SplitsToProto(c cell.SplitConfig) *enbv1.SplitConfig {
	out := &enbv1.SplitConfig{Version: c.Version}
	for _, s := range c.Splits {
		out.Splits = append(out.Splits, &enbv1.FlowSplit{SplitId: s.ID,
			Match: &enbv1.FlowMatch{DstIp: s.DstIP.String(), IpProto: uint32(s.Proto),
				SrcPort: uint32(s.SrcPort), DstPort: uint32(s.DstPort)},
			TargetUeId: s.TargetUE, SecondPathUeId: s.SecondUE, LteFraction: s.LTEFraction,
			HoldTimeUs:        uint32(s.Hold / time.Microsecond),
			SecondPathDelayUs: uint32(s.SecondPathDelay / time.Microsecond),
			SharedBuffer:      s.SharedBuffer})
	}
	return out
}

func splitsEqual(a, b cell.SplitConfig) bool {
	if a.Version != b.Version || len(a.Splits) != len(b.Splits) {
		return false
	}
	for i := range a.Splits {
		if a.Splits[i] != b.Splits[i] {
			return false
		}
	}
	return true
}
