// Command mpsdn-delay-line carries every frame between two interfaces of its
// network namespace with a fixed one-way delay per direction (lab use): the
// path between the lab's server and an AP's switch. See package delayline.
//
// Usage (inside the path's network namespace):
//
//	mpsdn-delay-line -a s -b o -a-to-b 10ms -b-to-a 10ms
//
// It runs until SIGINT or SIGTERM and then logs what each direction carried.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/pktio"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/lab/internal/delayline"
)

func main() {
	a := flag.String("a", "", "first interface")
	b := flag.String("b", "", "second interface")
	ab := flag.Duration("a-to-b", 0, "one-way delay of frames from -a to -b")
	ba := flag.Duration("b-to-a", 0, "one-way delay of frames from -b to -a")
	flag.Parse()
	if err := run(*a, *b, *ab, *ba); err != nil {
		fmt.Fprintln(os.Stderr, "mpsdn-delay-line:", err)
		os.Exit(2)
	}
}

func run(a, b string, ab, ba time.Duration) error {
	if a == "" || b == "" || a == b {
		return fmt.Errorf("-a and -b: want two different interfaces, got %q and %q", a, b)
	}
	if ab < 0 || ba < 0 || ab > 10*time.Second || ba > 10*time.Second {
		return fmt.Errorf("-a-to-b %v, -b-to-a %v: want delays in [0, 10s]", ab, ba)
	}
	pa, err := pktio.OpenPort(a)
	if err != nil {
		return err
	}
	pb, err := pktio.OpenPort(b)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	dirs := []*delayline.Direction{{In: pa, Out: pb, Delay: ab}, {In: pb, Out: pa, Delay: ba}}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	log.Info("delay line up", "a", a, "b", b, "a_to_b", ab, "b_to_a", ba)
	var wg sync.WaitGroup
	for _, d := range dirs {
		wg.Add(1)
		go func(d *delayline.Direction) { defer wg.Done(); d.Run(ctx) }(d)
	}
	wg.Wait()
	for i, d := range dirs {
		log.Info("delay line down", "direction", []string{a + "->" + b, b + "->" + a}[i], "frames", d.C.Frames.Load(),
			"dropped", d.C.Dropped.Load(), "write_errors", d.C.WriteErrors.Load())
	}
	return nil
}
