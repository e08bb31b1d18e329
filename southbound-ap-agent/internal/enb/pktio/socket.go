package pktio

import (
	"fmt"
	"net"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

func htons(v uint16) uint16 { return v<<8 | v>>8 }

// Port is an AF_PACKET socket bound to one interface.
type Port struct {
	Name    string
	fd      int
	ifindex int
	closed  atomic.Bool
}

// OpenPort binds a raw socket to the named interface. It ignores frames the
// host itself sends on the interface.
func OpenPort(name string) (*Port, error) {
	ifi, err := net.InterfaceByName(name)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", name, err)
	}
	fd, err := unix.Socket(unix.AF_PACKET, unix.SOCK_RAW|unix.SOCK_CLOEXEC, int(htons(unix.ETH_P_ALL)))
	if err != nil {
		return nil, fmt.Errorf("interface %q: AF_PACKET socket: %w", name, err)
	}
	if err := unix.SetsockoptInt(fd, unix.SOL_PACKET, unix.PACKET_IGNORE_OUTGOING, 1); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("interface %q: PACKET_IGNORE_OUTGOING: %w", name, err)
	}
	sa := &unix.SockaddrLinklayer{Protocol: htons(unix.ETH_P_ALL), Ifindex: ifi.Index}
	if err := unix.Bind(fd, sa); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("interface %q: bind: %w", name, err)
	}
	// A blocked recvfrom is not woken by close: poll the closed flag.
	tv := unix.Timeval{Usec: 200000}
	if err := unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, unix.SO_RCVTIMEO, &tv); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("interface %q: SO_RCVTIMEO: %w", name, err)
	}
	_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_RCVBUF, 4<<20)
	_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_SNDBUF, 4<<20)
	return &Port{Name: name, fd: fd, ifindex: ifi.Index}, nil
}

// Read receives one frame into buf (skipping frames sent by this host).
func (p *Port) Read(buf []byte) (int, error) {
	for {
		if p.closed.Load() {
			return 0, net.ErrClosed
		}
		n, from, err := unix.Recvfrom(p.fd, buf, 0)
		if err != nil {
			if err == unix.EINTR || err == unix.EAGAIN {
				continue
			}
			return 0, err
		}
		if ll, ok := from.(*unix.SockaddrLinklayer); ok && ll.Pkttype == unix.PACKET_OUTGOING {
			continue
		}
		return n, nil
	}
}

// Write sends one frame.
func (p *Port) Write(frame []byte) error {
	_, err := unix.Write(p.fd, frame)
	return err
}

// Close closes the socket (a blocked Read returns an error).
// Close stops the port: a blocked Read returns within 200 ms, then the socket
// is closed.
func (p *Port) Close() error {
	p.closed.Store(true)
	return nil
}

// release closes the socket once no Read is running.
func (p *Port) release() error { return unix.Close(p.fd) }
