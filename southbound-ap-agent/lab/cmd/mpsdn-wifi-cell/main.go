// Command mpsdn-wifi-cell turns one egress device into an emulated shared
// radio cell (lab use): an HTB tree with one pfifo leaf per station (the real
// MAC queue the AP agent reads) whose total rate follows the airtime capacity
// of package wificell.
//
// Usage (inside the AP's network namespace):
//
//	mpsdn-wifi-cell -dev wl -station 10.0.1.1=54 -station 10.0.1.3=30 -contention 0.143
//
// -station is addr=PHY-Mb/s[:quantum-bytes]; quantum defaults to 1514 (packet
// fairness, Wi-Fi). -pf-standin sets each quantum proportional to the PHY rate
// and no contention: equal airtime, the stand-in for an LTE proportional fair
// scheduler with full buffers (the reference eNB is mpsdn-enb).
//
// -queue-mode shared-fifo replaces the per-station leaves with one pfifo of
// -limit packets that every station's packets share in arrival order (the
// paper's testbed AP); -direction uplink matches stations by source address,
// for the device that carries the stations' traffic toward the AP's wired
// side; -station-doc names the AP agent's station document, whose PHY rates
// the cell follows while it runs (radio events); -peer-status names the status
// file of the cell that carries the radio's other direction, whose stations
// then share this cell's airtime budget (one channel carries both). See
// package wificell.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/lab/internal/wificell"
)

type stationFlags []wificell.Station

func (s *stationFlags) String() string { return fmt.Sprint(*s) }

func (s *stationFlags) Set(v string) error {
	addr, rest, ok := strings.Cut(v, "=")
	if !ok || addr == "" {
		return fmt.Errorf("-station %q: want addr=PHY-Mb/s[:quantum]", v)
	}
	rateS, qS, hasQ := strings.Cut(rest, ":")
	r, err := strconv.ParseFloat(rateS, 64)
	if err != nil || !(r > 0) {
		return fmt.Errorf("-station %q: PHY rate %q must be a positive number of Mb/s", v, rateS)
	}
	q := 1514.0
	if hasQ {
		q, err = strconv.ParseFloat(qS, 64)
		if err != nil || !(q >= 64) {
			return fmt.Errorf("-station %q: quantum %q must be >= 64 bytes", v, qS)
		}
	}
	*s = append(*s, wificell.Station{Addr: addr, PhyRate: r * 1e6, Quantum: q})
	return nil
}

type options struct {
	dev, status, stationDoc string
	peerStatus              string
	cont                    float64
	pf                      bool
	limit                   int
	interval                time.Duration
	mode                    wificell.QueueMode
	dir                     wificell.Direction
}

func parseFlags() (options, stationFlags, error) {
	var o options
	var st stationFlags
	flag.StringVar(&o.dev, "dev", "", "egress device toward the stations (downlink) or from them (uplink)")
	flag.Var(&st, "station", "addr=PHY-Mb/s[:quantum] (repeat)")
	flag.Float64Var(&o.cont, "contention", 0.143, "collision overhead c in k̄(n) = 1 + c·n")
	flag.BoolVar(&o.pf, "pf-standin", false, "LTE PF stand-in: quantum ∝ PHY rate, no contention")
	flag.IntVar(&o.limit, "limit", 50, "pfifo limit in packets: per station, or of the shared FIFO")
	flag.DurationVar(&o.interval, "interval", 100*time.Millisecond, "capacity update interval")
	flag.StringVar(&o.status, "status", "", "write a JSON status here every interval")
	flag.StringVar(&o.stationDoc, "station-doc", "", "station document (agent format) whose PHY rates the cell follows")
	flag.StringVar(&o.peerStatus, "peer-status", "",
		"status file of the cell carrying the other direction on the same channel (shared airtime)")
	mode := flag.String("queue-mode", "per-station", "per-station (one pfifo per station) or shared-fifo (one pfifo)")
	dir := flag.String("direction", "downlink", "downlink (stations by destination) or uplink (by source)")
	flag.Parse()
	var err error
	if o.mode, err = wificell.ParseQueueMode(*mode); err != nil {
		return o, nil, fmt.Errorf("-queue-mode: %w", err)
	}
	if o.dir, err = wificell.ParseDirection(*dir); err != nil {
		return o, nil, fmt.Errorf("-direction: %w", err)
	}
	if o.dev == "" {
		return o, nil, fmt.Errorf("-dev: required")
	}
	if o.peerStatus != "" && o.mode == wificell.SharedFIFO {
		return o, nil, fmt.Errorf("-peer-status: needs -queue-mode per-station")
	}
	if o.limit < 1 {
		return o, nil, fmt.Errorf("-limit %d: must be >= 1", o.limit)
	}
	return o, st, nil
}

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	o, st, err := parseFlags()
	if err != nil {
		log.Error("flags", "err", err)
		os.Exit(2)
	}
	if o.pf {
		o.cont = 0
		for i := range st {
			st[i].Quantum = wificell.PFQuantum(st[i].PhyRate)
		}
	}
	c := &wificell.Controller{Tree: wificell.Tree{Dev: o.dev, Mode: o.mode, Dir: o.dir, Limit: o.limit},
		Stations: st, Contention: wificell.LinearContention(o.cont), Interval: o.interval,
		TC: wificell.ExecTC{}, PFQuantum: o.pf, StatusFile: o.status, Log: log}
	if o.stationDoc != "" {
		c.Doc = &wificell.DocWatcher{Path: o.stationDoc, Dir: o.dir, Log: log}
	}
	if o.peerStatus != "" {
		// ten intervals: a peer that stopped writing leaves the medium to this cell
		c.Peer = &wificell.Peer{Path: o.peerStatus, MaxAge: 10 * o.interval, Log: log}
	}
	if o.mode == wificell.SharedFIFO {
		tap, err := wificell.NewTap(o.dev, o.dir, st)
		if err != nil {
			log.Error("setup", "err", err)
			os.Exit(1)
		}
		defer tap.Close()
		c.Counter = tap
	}
	if err := c.Setup(); err != nil {
		log.Error("setup", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("cell up", "dev", o.dev, "stations", len(st), "queue_mode", o.mode, "direction", o.dir,
		"pf_standin", o.pf, "station_doc", o.stationDoc,
		"peer_status", o.peerStatus)
	if err := c.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("run", "err", err)
		os.Exit(1)
	}
}
