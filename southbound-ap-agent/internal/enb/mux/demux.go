package mux

import (
	"fmt"
	"math"
)

// Path of a split packet.
type Path int

// Paths.
const (
	PathLTE Path = iota
	PathSecond
)

// Demux splits a packet sequence by a share, deterministically: after n
// packets the LTE path has carried floor(n*share + 1/2) of them at most one
// off, interleaved as evenly as possible.
type Demux struct {
	share float64
	acc   float64
	seq   uint64
}

// NewDemux returns a demux sending share (in [0, 1]) of the packets on LTE.
func NewDemux(share float64) (*Demux, error) {
	if !(share >= 0 && share <= 1) {
		return nil, fmt.Errorf("lte_fraction: %v not in [0, 1]", share)
	}
	return &Demux{share: share, acc: 0.5}, nil
}

// Next returns the path and the mux sequence number of the next packet.
func (d *Demux) Next() (Path, uint64) {
	seq := d.seq
	d.seq++
	d.acc += d.share
	if d.acc >= 1-1e-12 {
		d.acc = math.Max(0, d.acc-1)
		return PathLTE, seq
	}
	return PathSecond, seq
}
