package clientagent

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// fakeKernel is every kernel interface at once: it records each change as a
// line of text, answers reads from its fields, and fails every operation
// whose line starts with fail.
type fakeKernel struct {
	cmds     []string
	rootTbf  map[string]bool   // interface -> root qdisc is a tbf
	eps      []Endpoint        // in-kernel endpoints
	sysctls  map[string]string // key -> value
	subflows []Subflow
	fail     string
}

func newFake() *fakeKernel {
	return &fakeKernel{rootTbf: map[string]bool{}, sysctls: map[string]string{}}
}

func (f *fakeKernel) kernel() Kernel { return Kernel{Qdiscs: f, PM: f, Sysctls: f, Subflows: f} }

func (f *fakeKernel) do(format string, args ...any) error {
	c := fmt.Sprintf(format, args...)
	f.cmds = append(f.cmds, c)
	if f.fail != "" && strings.HasPrefix(c, f.fail) {
		return errors.New("permission denied")
	}
	return nil
}

func (f *fakeKernel) ran(c string) bool {
	for _, x := range f.cmds {
		if x == c {
			return true
		}
	}
	return false
}

func (f *fakeKernel) RootIsTbf(iface string) (bool, error) {
	return f.rootTbf[iface], f.do("qdisc show %s", iface)
}
func (f *fakeKernel) DelRoot(iface string) error {
	delete(f.rootTbf, iface)
	return f.do("qdisc del %s", iface)
}
func (f *fakeKernel) SetTbf(iface string, s TbfSpec, change bool) error {
	verb := "replace"
	if change {
		verb = "change"
	}
	f.rootTbf[iface] = true
	return f.do("tbf %s %s rate %d burst %d limit %d", verb, iface, s.RateBps, s.BurstBytes, s.LimitBytes)
}

func (f *fakeKernel) Endpoints() ([]Endpoint, error) { return f.eps, f.do("endpoint show") }
func (f *fakeKernel) AddEndpoint(ep Endpoint) error {
	if err := f.do("endpoint add %s flags %#x ifindex %d", ep.Addr, ep.Flags, ep.IfIndex); err != nil {
		return err
	}
	for _, e := range f.eps {
		ep.ID = max(ep.ID, e.ID)
	}
	ep.ID++
	f.eps = append(f.eps, ep)
	return nil
}
func (f *fakeKernel) SetEndpointFlags(id uint8, flags uint32) error {
	if err := f.do("endpoint set-flags id %d flags %#x", id, flags); err != nil {
		return err
	}
	for i := range f.eps {
		if f.eps[i].ID == id {
			f.eps[i].Flags = flags
		}
	}
	return nil
}
func (f *fakeKernel) SetSubflowBackup(token uint32, l, r netip.AddrPort, backup bool) error {
	return f.do("subflow set-flags token %08x %s %s backup %v", token, l, r, backup)
}
func (f *fakeKernel) CreateSubflow(token uint32, l Endpoint, r netip.AddrPort) error {
	return f.do("subflow create token %08x %s id %d flags %#x ifindex %d -> %s", token, l.Addr, l.ID, l.Flags, l.IfIndex, r)
}

func (f *fakeKernel) Get(key string) (string, error) {
	v, ok := f.sysctls[key]
	if err := f.do("sysctl get %s", key); err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("sysctl %s: no such file", key)
	}
	return v, nil
}
func (f *fakeKernel) Set(key, value string) error {
	if err := f.do("sysctl %s=%s", key, value); err != nil {
		return err
	}
	f.sysctls[key] = value
	return nil
}

func (f *fakeKernel) Subflows() ([]Subflow, error) { return f.subflows, f.do("subflow show") }
