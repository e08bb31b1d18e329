package clientagent

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/mdlayher/netlink"
	"golang.org/x/sys/unix"
)

// DiagSubflows reads the namespace's established MPTCP subflows over
// sock_diag (NETLINK_SOCK_DIAG, SOCK_DIAG_BY_FAMILY for IPPROTO_TCP with
// INET_DIAG_INFO), the source `ss -ti` reads too. The socket is opened in the
// network namespace of the thread that first uses it.
type DiagSubflows struct {
	mu        sync.Mutex
	c         *netlink.Conn
	Malformed int // replies that could not be decoded, in total
}

// NewDiagSubflows opens the sock_diag socket in the current network namespace.
func NewDiagSubflows() (*DiagSubflows, error) {
	c, err := netlink.Dial(unix.NETLINK_SOCK_DIAG, nil)
	if err != nil {
		return nil, fmt.Errorf("sock_diag: %w", err)
	}
	return &DiagSubflows{c: c}, nil
}

// Close closes the socket.
func (d *DiagSubflows) Close() error { return d.c.Close() }

// Subflows dumps the established TCP sockets of both families and keeps the
// MPTCP subflows.
func (d *DiagSubflows) Subflows() ([]Subflow, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []Subflow
	for _, fam := range []uint8{unix.AF_INET, unix.AF_INET6} {
		msgs, err := d.c.Execute(netlink.Message{
			Header: netlink.Header{Type: unix.SOCK_DIAG_BY_FAMILY, Flags: netlink.Request | netlink.Dump},
			Data:   diagRequest(fam, unix.IPPROTO_TCP),
		})
		if err != nil {
			return nil, fmt.Errorf("sock_diag dump (family %d): %w", fam, err)
		}
		for _, m := range msgs {
			sf, err := ParseDiagMessage(m.Data)
			switch {
			case errors.Is(err, errNotSubflow):
			case err != nil:
				d.Malformed++
			default:
				out = append(out, sf)
			}
		}
	}
	return out, nil
}

// diagRequest builds a struct inet_diag_req_v2 for established sockets of
// family and protocol, asking for tcp_info (INET_DIAG_INFO).
func diagRequest(family, protocol uint8) []byte {
	b := make([]byte, 56) // inet_diag_req_v2: 8 bytes + inet_diag_sockid (48)
	b[0], b[1] = family, protocol
	b[2] = 1 << (inetDiagInfo - 1)
	binary.NativeEndian.PutUint32(b[4:8], 1<<unix.BPF_TCP_ESTABLISHED)
	return b
}
