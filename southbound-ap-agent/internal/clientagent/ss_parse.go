package clientagent

import (
	"bufio"
	"net/netip"
	"strconv"
	"strings"
)

// Subflow is one MPTCP subflow as `ss -tinH` shows it.
type Subflow struct {
	Local, Remote    netip.AddrPort
	SrttUs, RttvarUs uint32
	DeliveryRateBps  uint64
	BytesAcked       uint64
	BytesSent        uint64
	BytesRetrans     uint64
	Cwnd             uint32
	Backup           bool // local backup flag ('b' in the tcp-ulp-mptcp flags)
}

// ParseSS parses the output of `ss -tinH` (iproute2 >= 5.x): a socket line
// ("STATE RECV-Q SEND-Q LOCAL PEER") followed by an indented info line. Only
// sockets whose info carries "tcp-ulp-mptcp" (MPTCP subflows) are returned.
// Malformed records are skipped and counted.
func ParseSS(out string) (subflows []Subflow, malformed int) {
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var head []string
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			head = strings.Fields(line)
			continue
		}
		if head == nil {
			malformed++
			continue
		}
		h := head
		head = nil
		if !strings.Contains(line, "tcp-ulp-mptcp") {
			continue
		}
		sf, ok := parseSubflow(h, line)
		if !ok {
			malformed++
			continue
		}
		subflows = append(subflows, sf)
	}
	return subflows, malformed
}

// parseAddrPort parses "10.0.0.1:80", "10.0.0.1%eth0:80" or "[fe80::1%eth0]:80".
func parseAddrPort(s string) (netip.AddrPort, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return netip.AddrPort{}, false
	}
	host, port := s[:i], s[i+1:]
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if j := strings.IndexByte(host, '%'); j >= 0 {
		host = host[:j]
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.AddrPort{}, false
	}
	p, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(a.Unmap(), uint16(p)), true
}

func msToUs(s string) (uint32, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 4e6 {
		return 0, false
	}
	return uint32(f*1000 + 0.5), true
}

// ssUnits are the rate units ss prints.
var ssUnits = []rateUnit{{"Gbps", 1e9}, {"Mbps", 1e6}, {"Kbps", 1e3}, {"bps", 1}}

// parseSSRate parses "12345bps", "12.3Kbps", "4.5Mbps", "1.2Gbps".
func parseSSRate(s string) (uint64, bool) {
	s, mult, ok := cutRateUnit(s, ssUnits)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f*mult > 1e15 {
		return 0, false
	}
	return uint64(f * mult), true
}

func parseSubflow(head []string, info string) (Subflow, bool) {
	var sf Subflow
	// "STATE RECV-Q SEND-Q LOCAL PEER", or without STATE when ss filters by state
	var addrs []netip.AddrPort
	for _, h := range head {
		if ap, ok := parseAddrPort(h); ok {
			addrs = append(addrs, ap)
		}
	}
	if len(addrs) != 2 || len(head) < 4 {
		return sf, false
	}
	sf.Local, sf.Remote = addrs[0], addrs[1]
	var ok bool
	f := strings.Fields(info)
	inULP := false
	for i := 0; i < len(f); i++ {
		tok := f[i]
		switch {
		case tok == "tcp-ulp-mptcp":
			inULP = true
		case tok == "delivery_rate" && i+1 < len(f):
			if sf.DeliveryRateBps, ok = parseSSRate(f[i+1]); !ok {
				return sf, false
			}
			i++
		case !sf.setInfo(tok, inULP):
			return sf, false
		}
	}
	return sf, true
}

// setInfo sets the field a "key:value" token of the info line names (the
// tokens after tcp-ulp-mptcp are the MPTCP ones); other tokens are ignored.
// It reports false for a malformed value.
func (sf *Subflow) setInfo(tok string, inULP bool) bool {
	k, v, hasColon := strings.Cut(tok, ":")
	var ok bool
	switch {
	case !hasColon:
	case k == "rtt" && !inULP:
		s, vr, found := strings.Cut(v, "/")
		if !found {
			return false
		}
		if sf.SrttUs, ok = msToUs(s); !ok {
			return false
		}
		if sf.RttvarUs, ok = msToUs(vr); !ok {
			return false
		}
	case k == "bytes_acked" || k == "bytes_sent" || k == "bytes_retrans":
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return false
		}
		switch k {
		case "bytes_acked":
			sf.BytesAcked = n
		case "bytes_sent":
			sf.BytesSent = n
		default:
			sf.BytesRetrans = n
		}
	case k == "cwnd" && !inULP:
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return false
		}
		sf.Cwnd = uint32(n)
	case k == "flags" && inULP:
		sf.Backup = strings.ContainsRune(v, 'b')
	}
	return true
}
