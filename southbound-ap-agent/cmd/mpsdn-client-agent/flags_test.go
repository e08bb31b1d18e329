package main

import (
	"flag"
	"io"
	"slices"
	"testing"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/clientagent"
)

func TestControllerListSplitsCommasAndRepeats(t *testing.T) {
	got, err := controllerList([]string{"onos1:50061, onos2:50061", "onos3:50061"})
	if err != nil || !slices.Equal(got, []string{"onos1:50061", "onos2:50061", "onos3:50061"}) {
		t.Fatalf("%q %v", got, err)
	}
	if got, err := controllerList([]string{"onos1:50061"}); err != nil || len(got) != 1 {
		t.Fatalf("one endpoint: %q %v", got, err)
	}
	for _, bad := range [][]string{nil, {""}, {"a:1,,b:2"}} {
		if _, err := controllerList(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestMinSendRateFlag(t *testing.T) {
	parse := func(args ...string) (clientagent.ShapingConfig, error) {
		var c clientagent.ShapingConfig
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		shapingFlags(fs, &c)
		return c, fs.Parse(args)
	}
	if c, err := parse(); err != nil || c.MinSendBps != 1_000_000 || c.Mode != clientagent.ModeMeasured {
		t.Fatalf("default: %+v %v", c, err)
	}
	if c, err := parse("-min-send-rate", "2.5M"); err != nil || c.MinSendBps != 2_500_000 {
		t.Fatalf("2.5M: %d %v", c.MinSendBps, err)
	}
	if _, err := parse("-min-send-rate", "0"); err == nil {
		t.Fatal("-min-send-rate 0 accepted")
	}
}
