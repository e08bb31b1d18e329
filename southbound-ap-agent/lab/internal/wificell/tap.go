package wificell

import (
	"encoding/binary"
	"fmt"
	"net"
	"os"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// Counter gives, per station, the bytes the cell has sent so far.
type Counter interface {
	Counts() []uint64
}

// Tap counts the bytes each station is sent on a device, at departure: a
// packet socket sees an outgoing packet when the qdisc hands it to the
// driver (dev_queue_xmit_nit), so its counts are what left the shared FIFO,
// not what arrived at it. A station is a packet's IPv4 destination
// (downlink) or source (uplink); a packet counts its IPv4 total length plus
// the 14-byte Ethernet header (what the qdisc counts on the lab's veths).
// The tap must be opened in the device's network namespace.
type Tap struct {
	f     *os.File
	dir   Direction
	index map[[4]byte]int
	bytes []atomic.Uint64
}

// tapFilter keeps outgoing IPv4 frames and truncates them to the IPv4
// header's addresses (classic BPF, attached with SO_ATTACH_FILTER).
func tapFilter() []unix.SockFilter {
	const (
		ldB, ldH, jeq, ret = 0x30, 0x28, 0x15, 0x06 // BPF_LD|BPF_{B,H}|BPF_ABS, BPF_JMP|BPF_JEQ|BPF_K, BPF_RET|BPF_K
	)
	// SKF_AD_OFF + SKF_AD_PKTTYPE (linux/filter.h): the ancillary load of skb->pkt_type
	off := int32(-0x1000 + 4)
	return []unix.SockFilter{
		{Code: ldB, K: uint32(off)},
		{Code: jeq, Jt: 0, Jf: 3, K: unix.PACKET_OUTGOING},
		{Code: ldH, K: 12}, // EtherType
		{Code: jeq, Jt: 0, Jf: 1, K: unix.ETH_P_IP},
		{Code: ret, K: 34},
		{Code: ret, K: 0},
	}
}

// NewTap opens a tap on dev for the stations' addresses and starts counting.
func NewTap(dev string, dir Direction, st []Station) (*Tap, error) {
	t := &Tap{dir: dir, index: map[[4]byte]int{}, bytes: make([]atomic.Uint64, len(st))}
	for i, s := range st {
		ip := net.ParseIP(s.Addr).To4()
		if ip == nil {
			return nil, fmt.Errorf("station %d: %q is not an IPv4 address", i, s.Addr)
		}
		t.index[[4]byte(ip)] = i
	}
	ifi, err := net.InterfaceByName(dev)
	if err != nil {
		return nil, fmt.Errorf("tap %s: %w", dev, err)
	}
	proto := htons(unix.ETH_P_ALL) // taps on outgoing packets are ETH_P_ALL sockets only
	fd, err := unix.Socket(unix.AF_PACKET, unix.SOCK_RAW|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, int(proto))
	if err != nil {
		return nil, fmt.Errorf("tap %s: packet socket: %w", dev, err)
	}
	prog := tapFilter()
	if err := setupTap(fd, ifi.Index, proto, prog); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("tap %s: %w", dev, err)
	}
	t.f = os.NewFile(uintptr(fd), "tap:"+dev)
	go t.read()
	return t, nil
}

func setupTap(fd, ifindex int, proto uint16, prog []unix.SockFilter) error {
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.SetsockoptSockFprog(fd, unix.SOL_SOCKET, unix.SO_ATTACH_FILTER, &fprog); err != nil {
		return fmt.Errorf("attach filter: %w", err)
	}
	// 4 MiB of queued truncated frames: the reader never falls that far behind
	_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_RCVBUFFORCE, 4<<20)
	if err := unix.Bind(fd, &unix.SockaddrLinklayer{Protocol: proto, Ifindex: ifindex}); err != nil {
		return fmt.Errorf("bind: %w", err)
	}
	return nil
}

func (t *Tap) read() {
	buf := make([]byte, 64)
	for {
		n, err := t.f.Read(buf)
		if err != nil {
			return
		}
		if i, size, ok := t.classify(buf[:n]); ok {
			t.bytes[i].Add(size)
		}
	}
}

// classify returns the station and the size of a frame's first 34 bytes.
func (t *Tap) classify(fr []byte) (int, uint64, bool) {
	if len(fr) < 34 || fr[14]>>4 != 4 {
		return 0, 0, false
	}
	addr := [4]byte(fr[30:34])
	if t.dir == Uplink {
		addr = [4]byte(fr[26:30])
	}
	i, ok := t.index[addr]
	return i, 14 + uint64(binary.BigEndian.Uint16(fr[16:18])), ok
}

// Counts implements Counter.
func (t *Tap) Counts() []uint64 {
	out := make([]uint64, len(t.bytes))
	for i := range t.bytes {
		out[i] = t.bytes[i].Load()
	}
	return out
}

// Close stops the tap.
func (t *Tap) Close() error { return t.f.Close() }

func htons(v uint16) uint16 { return v<<8 | v>>8 }
