// Package testutil holds helpers for the agent's tests: fresh network
// namespaces with veth pairs (root tests), a UDP load generator, and an mTLS
// PKI in a temporary directory.
package testutil

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/vishvananda/netns"
)

var nsCounter atomic.Uint64

// NS is a named network namespace created for one test.
type NS struct {
	Name   string
	Handle netns.NsHandle
}

// RequireRoot fails the test (never skips) when not running as root: the
// namespace tests are part of CI, which runs as root.
func RequireRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatalf("this test creates network namespaces and must run as root (CI runs it as root)")
	}
}

// NewNS creates a fresh named network namespace with lo up, removed at cleanup.
func NewNS(t testing.TB, tag string) *NS {
	t.Helper()
	RequireRoot(t)
	name := fmt.Sprintf("mpsdn-t%d-%d-%s", os.Getpid(), nsCounter.Add(1), tag)
	runtime.LockOSThread()
	orig, err := netns.Get()
	if err != nil {
		runtime.UnlockOSThread()
		t.Fatalf("netns.Get: %v", err)
	}
	h, err := netns.NewNamed(name)
	if serr := netns.Set(orig); serr != nil {
		t.Fatalf("restore netns: %v", serr)
	}
	orig.Close()
	runtime.UnlockOSThread()
	if err != nil {
		t.Fatalf("create netns %s: %v", name, err)
	}
	ns := &NS{Name: name, Handle: h}
	t.Cleanup(func() {
		h.Close()
		_ = netns.DeleteNamed(name)
	})
	ns.Run(t, "ip", "link", "set", "lo", "up")
	return ns
}

// Run runs a command inside the namespace (ip netns exec) and fails the test on error.
func (n *NS) Run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command("ip", append([]string{"netns", "exec", n.Name, name}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("[%s] %s %s: %v\n%s", n.Name, name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Do runs f with the calling goroutine's thread inside the namespace; sockets
// created in f belong to the namespace.
func (n *NS) Do(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig, err := netns.Get()
	if err != nil {
		return err
	}
	defer orig.Close()
	if err := netns.Set(n.Handle); err != nil {
		return err
	}
	ferr := f()
	if err := netns.Set(orig); err != nil {
		return err
	}
	return ferr
}

// VethPair creates a veth pair aIf (in a, with aAddr) and bIf (in b, with
// bAddr), both up. Addresses are CIDR strings, e.g. "10.200.0.1/24".
func VethPair(t testing.TB, a *NS, aIf, aAddr string, b *NS, bIf, bAddr string) {
	t.Helper()
	a.Run(t, "ip", "link", "add", aIf, "type", "veth", "peer", "name", bIf, "netns", b.Name)
	a.Run(t, "ip", "addr", "add", aAddr, "dev", aIf)
	a.Run(t, "ip", "link", "set", aIf, "up")
	b.Run(t, "ip", "addr", "add", bAddr, "dev", bIf)
	b.Run(t, "ip", "link", "set", bIf, "up")
}
