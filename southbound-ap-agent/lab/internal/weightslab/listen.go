package weightslab

import (
	"net"
	"runtime"

	"github.com/vishvananda/netns"
)

// ListenIn opens a TCP listener inside namespace ns (the socket stays there
// after the calling thread returns to its own namespace).
func ListenIn(ns, addr string) (net.Listener, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig, err := netns.Get()
	if err != nil {
		return nil, err
	}
	defer orig.Close()
	target, err := netns.GetFromName(ns)
	if err != nil {
		return nil, err
	}
	defer target.Close()
	if err := netns.Set(target); err != nil {
		return nil, err
	}
	lis, lerr := net.Listen("tcp", addr)
	if err := netns.Set(orig); err != nil {
		panic("cannot return to the original network namespace: " + err.Error())
	}
	return lis, lerr
}
