package weightslab

import (
	"net"
	"runtime"

	"github.com/vishvananda/netns"
)

// ListenIn opens a TCP listener inside namespace ns (the socket stays there
// after the calling thread returns to its own namespace).
func ListenIn(ns, addr string) (net.Listener, error) {
	var lis net.Listener
	err := In(ns, func() (err error) {
		lis, err = net.Listen("tcp", addr)
		return err
	})
	return lis, err
}

// In runs f on a thread moved into namespace ns and returns the thread to its
// own namespace afterwards; sockets f opens stay in ns.
func In(ns string, f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	orig, err := netns.Get()
	if err != nil {
		return err
	}
	defer orig.Close()
	target, err := netns.GetFromName(ns)
	if err != nil {
		return err
	}
	defer target.Close()
	if err := netns.Set(target); err != nil {
		return err
	}
	ferr := f()
	if err := netns.Set(orig); err != nil {
		panic("cannot return to the original network namespace: " + err.Error())
	}
	return ferr
}
