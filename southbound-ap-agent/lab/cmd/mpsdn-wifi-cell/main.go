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
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
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

type execTC struct{}

func (execTC) Batch(lines []string) error {
	cmd := exec.Command("tc", "-batch", "-")
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("tc -batch: %v: %s", err, out)
	}
	return nil
}

func (execTC) QdiscStats(dev string) ([]byte, error) {
	return exec.Command("tc", "-s", "-j", "qdisc", "show", "dev", dev).Output()
}

func main() {
	var st stationFlags
	dev := flag.String("dev", "", "egress device toward the stations")
	flag.Var(&st, "station", "addr=PHY-Mb/s[:quantum] (repeat)")
	cont := flag.Float64("contention", 0.143, "collision overhead c in k̄(n) = 1 + c·n")
	pf := flag.Bool("pf-standin", false, "LTE PF stand-in: quantum ∝ PHY rate, no contention")
	limit := flag.Int("limit", 50, "pfifo limit per station (packets)")
	interval := flag.Duration("interval", 100*time.Millisecond, "capacity update interval")
	status := flag.String("status", "", "write a JSON status here every interval")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if *dev == "" {
		log.Error("-dev: required")
		os.Exit(2)
	}
	if *pf {
		*cont = 0
		for i := range st {
			st[i].Quantum = st[i].PhyRate / 1e4 // 46 Mb/s -> 4600 bytes
		}
	}
	c := &wificell.Controller{Dev: *dev, Stations: st, Contention: wificell.LinearContention(*cont),
		Limit: *limit, Interval: *interval, TC: execTC{}, StatusFile: *status}
	if err := c.Setup(); err != nil {
		log.Error("setup", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("cell up", "dev", *dev, "stations", len(st), "pf_standin", *pf)
	if err := c.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("run", "err", err)
		os.Exit(1)
	}
}
