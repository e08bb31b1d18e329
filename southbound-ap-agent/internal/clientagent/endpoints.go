package clientagent

import (
	"bufio"
	"net/netip"
	"strconv"
	"strings"
)

// Endpoint is one line of `ip mptcp endpoint show`.
type Endpoint struct {
	Addr   netip.Addr
	ID     uint32
	Flags  []string // e.g. subflow, signal, backup, fullmesh
	Device string
}

// Backup reports whether the endpoint carries the backup flag.
func (e Endpoint) Backup() bool {
	for _, f := range e.Flags {
		if f == "backup" {
			return true
		}
	}
	return false
}

var endpointFlags = map[string]bool{"subflow": true, "signal": true, "backup": true, "fullmesh": true,
	"implicit": true, "laminar": true}

// ParseEndpoints parses `ip mptcp endpoint show` output, e.g.
// "10.1.2.2 id 1 subflow backup dev cl". Malformed lines are skipped and counted.
func ParseEndpoints(out string) (eps []Endpoint, malformed int) {
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		ep, ok := parseEndpoint(f)
		if !ok {
			malformed++
			continue
		}
		eps = append(eps, ep)
	}
	return eps, malformed
}

func parseEndpoint(f []string) (Endpoint, bool) {
	var ep Endpoint
	a, err := netip.ParseAddr(f[0])
	if err != nil {
		return ep, false
	}
	ep.Addr = a
	haveID := false
	for i := 1; i < len(f); i++ {
		switch {
		case f[i] == "id" && i+1 < len(f):
			n, err := strconv.ParseUint(f[i+1], 10, 8)
			if err != nil {
				return ep, false
			}
			ep.ID, haveID = uint32(n), true
			i++
		case f[i] == "dev" && i+1 < len(f):
			ep.Device = f[i+1]
			i++
		case f[i] == "port" && i+1 < len(f):
			i++
		case endpointFlags[f[i]]:
			ep.Flags = append(ep.Flags, f[i])
		default:
			return ep, false
		}
	}
	return ep, haveID
}
