package weightslab

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

func clientLowat(t *testing.T, lab *Lab) string {
	t.Helper()
	out, err := exec.Command("ip", "netns", "exec", lab.Topo.Client, "sysctl", "-n", "net.ipv4.tcp_notsent_lowat").CombinedOutput()
	if err != nil {
		t.Fatalf("reading the client's tcp_notsent_lowat: %v: %s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestLowWeightShareSetsTheNotsentLowatInTheClientNamespace checks, with the
// real agent in a client namespace, that a weight share below 0.1 (LTE 10 of
// 210) sets net.ipv4.tcp_notsent_lowat to the agent's default there, that a
// share above it (30 of 230) puts the original back, and that stopping the
// agent leaves the original too.
func TestLowWeightShareSetsTheNotsentLowatInTheClientNamespace(t *testing.T) {
	requireLab(t)
	e := &Experiment{AgentBin: buildAgent(t), WiFiWeight: 200, Duration: time.Second,
		Prefix: "ml" + strconv.Itoa(os.Getpid()%10000), WiFiRate: "20mbit", LTERate: "20mbit", Logf: t.Logf}
	lab, err := e.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer lab.Stop()
	orig := clientLowat(t, lab)
	if orig == "16384" {
		t.Fatalf("the new namespace already has the agent's value; the test cannot tell them apart")
	}
	ctx := context.Background()
	if _, err := lab.PushAndWait(ctx, 200, 10); err != nil {
		t.Fatal(err)
	}
	if got := clientLowat(t, lab); got != "16384" {
		t.Fatalf("LTE weight 10: tcp_notsent_lowat %s, want 16384", got)
	}
	if _, err := lab.PushAndWait(ctx, 200, 30); err != nil {
		t.Fatal(err)
	}
	if got := clientLowat(t, lab); got != orig {
		t.Fatalf("LTE weight 30: tcp_notsent_lowat %s, want the original %s", got, orig)
	}
	if _, err := lab.PushAndWait(ctx, 200, 2); err != nil {
		t.Fatal(err)
	}
	if got := clientLowat(t, lab); got != "16384" {
		t.Fatalf("LTE weight 2: tcp_notsent_lowat %s, want 16384", got)
	}
	lab.stopAgent()
	if got := clientLowat(t, lab); got != orig {
		t.Fatalf("after the agent stopped: tcp_notsent_lowat %s, want the original %s", got, orig)
	}
}
