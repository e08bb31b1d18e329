package clientagent

import (
	"fmt"
	"net/netip"
	"regexp"
	"strings"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
)

// Path is one client interface the agent manages.
type Path struct {
	ID        string // path id announced to the controller (usually the interface name)
	Interface string // interface name
	Kind      clientv1.PathKind
	APID      string       // AP the interface attaches to, if known
	Addresses []netip.Addr // interface addresses
	IfIndex   int32        // interface index, once resolved (0: unknown)
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidID reports whether s is a valid client, path or AP id.
func ValidID(s string) bool { return idPattern.MatchString(s) }

// ParsePath parses "id=IFACE,kind=wifi|lte|other,ap=AP,addr=IP[,addr=IP...]";
// iface defaults to id.
func ParsePath(spec string) (Path, error) {
	p := Path{}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return Path{}, fmt.Errorf("path %q: %q is not key=value", spec, kv)
		}
		switch k {
		case "id":
			p.ID = v
		case "iface":
			p.Interface = v
		case "ap":
			p.APID = v
		case "kind":
			switch v {
			case "wifi":
				p.Kind = clientv1.PathKind_PATH_KIND_WIFI
			case "lte":
				p.Kind = clientv1.PathKind_PATH_KIND_LTE
			case "other":
				p.Kind = clientv1.PathKind_PATH_KIND_OTHER
			default:
				return Path{}, fmt.Errorf("path %q: kind %q: want wifi, lte or other", spec, v)
			}
		case "addr":
			a, err := netip.ParseAddr(v)
			if err != nil {
				return Path{}, fmt.Errorf("path %q: addr %q: %v", spec, v, err)
			}
			p.Addresses = append(p.Addresses, a)
		default:
			return Path{}, fmt.Errorf("path %q: unknown key %q", spec, k)
		}
	}
	if p.Interface == "" {
		p.Interface = p.ID
	}
	if !ValidID(p.ID) {
		return Path{}, fmt.Errorf("path %q: id %q is not a valid id", spec, p.ID)
	}
	if p.APID != "" && !ValidID(p.APID) {
		return Path{}, fmt.Errorf("path %q: ap %q is not a valid id", spec, p.APID)
	}
	if len(p.Addresses) == 0 {
		return Path{}, fmt.Errorf("path %q: at least one addr= is required", spec)
	}
	return p, nil
}

// Proto returns the path as announced in SubscribeRequest.
func (p Path) Proto() *clientv1.ClientPath {
	cp := &clientv1.ClientPath{PathId: p.ID, InterfaceName: p.Interface, Kind: p.Kind, ApId: p.APID}
	for _, a := range p.Addresses {
		cp.Addresses = append(cp.Addresses, a.String())
	}
	return cp
}

// PathOf returns the id of the path owning address a, or "".
func PathOf(paths []Path, a netip.Addr) string {
	a = a.Unmap()
	for _, p := range paths {
		for _, pa := range p.Addresses {
			if pa == a {
				return p.ID
			}
		}
	}
	return ""
}
