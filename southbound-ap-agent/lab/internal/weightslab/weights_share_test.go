package weightslab

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ciTolerancePct is how far (in percentage points) a CI run may be from the
// theoretical share. The 1-point goal is judged on the 30 s medians in
// results/weights-share.md, not here. CI runs are 20 s with the first 6 s
// excluded, on a 2-core runner shared with the other test packages; across
// the agent versions tried while building this (see the results file), short
// runs at LTE weights 30 and 60 were up to 2.78 points off (30 s runs up to
// 1.4). 3 points catches what matters for a regression: no shaping (~50 %),
// shaping at the floor rate (~0.3 %), a wrong proportion (e.g. w/sum vs
// w/max: 23 % vs 30 % at weight 60).
const ciTolerancePct = 3.0

// minWiFiMbps is the least the unshaped Wi-Fi path (20 Mbit/s at its AP) must
// carry while LTE is shaped.
const minWiFiMbps = 12.0

func buildAgent(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mpsdn-client-agent")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/mpsdn/mpsdn/southbound-ap-agent/cmd/mpsdn-client-agent").CombinedOutput()
	if err != nil {
		t.Fatalf("building the agent: %v\n%s", err, out)
	}
	return bin
}

func requireLab(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatal("this test needs root (network namespaces, tc, MPTCP endpoints); run it as root (CI does)")
	}
	for _, tool := range []string{"ip", "tc", "ss", "iperf3", "mptcpize"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: run deploy/setup-host.sh", tool)
		}
	}
}

// TestWeightShareAndBackup pushes Wi-Fi 200 / LTE 30 and 60 to the real agent
// in a namespace lab with kernel MPTCP, measures the byte share the server
// receives per path, then LTE weight 0 (backup flag) and checks LTE is idle.
func TestWeightShareAndBackup(t *testing.T) {
	requireLab(t)
	e := &Experiment{AgentBin: buildAgent(t), WiFiWeight: 200, Duration: 20 * time.Second, Warmup: 6 * time.Second,
		Prefix: "mw" + strconv.Itoa(os.Getpid()%10000), WiFiRate: "20mbit", LTERate: "20mbit",
		AgentArgs: []string{"-sample-interval", "250ms", "-v"}, Logf: t.Logf}
	lab, err := e.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer lab.Stop()
	ctx := context.Background()
	// LTE weights of 10 and below put the LTE path under ~1 Mbit/s, where data
	// waiting unsent on the slow subflow holds the connection back and a loaded
	// runner can stall the connection in a short run; at 140 the LTE subflow
	// runs near its own limits and stalls for seconds at times. The 30 s
	// experiment covers them (results/weights-share.md).
	for _, w := range []uint32{30, 60} {
		if _, err := lab.PushAndWait(ctx, 200, w); err != nil {
			t.Fatal(err)
		}
		r, err := lab.Measure(ctx, w)
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(r.MeasuredPct - r.TheoryPct); d > ciTolerancePct {
			t.Errorf("LTE weight %d: measured %.2f %%, theory %.2f %% (off by %.2f points > %.1f)\nagent log:\n%s",
				w, r.MeasuredPct, r.TheoryPct, d, ciTolerancePct, lab.AgentLog())
		}
		// the Wi-Fi path (the reference, unshaped) must keep most of its 20 Mbit/s: an upload that began on
		// unshaped paths once stalled behind the LTE subflow's backlog and ran at 2-12 Mbit/s for the whole run
		// with the share still near w / sum(w); three runs of this test since carried 15.9-19.0 Mbit/s
		if r.WiFiMbps < minWiFiMbps {
			t.Errorf("LTE weight %d: Wi-Fi carried only %.2f Mbit/s (< %.0f)\nagent log:\n%s", w, r.WiFiMbps, minWiFiMbps, lab.AgentLog())
		}
	}
	if _, err := lab.PushAndWait(ctx, 200, 0); err != nil {
		t.Fatal(err)
	}
	eps, err := lab.EndpointShow()
	if err != nil {
		t.Fatal(err)
	}
	backup := false // a line of `ip mptcp endpoint show`: "10.1.2.2 id 1 subflow backup dev cl"
	for _, line := range strings.Split(eps, "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == lab.Topo.ClientLTEIP {
			backup = slices.Contains(f, "backup")
		}
	}
	if !backup {
		t.Fatalf("LTE endpoint is not a backup after weight 0: %q", eps)
	}
	r, err := lab.Measure(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.MeasuredPct > 0.5 {
		t.Errorf("LTE carried %.2f %% with weight 0 (backup)", r.MeasuredPct)
	}
	if r.WiFiMbps < 5 {
		t.Errorf("Wi-Fi carried only %.2f Mbit/s with LTE as backup", r.WiFiMbps)
	}
	if !strings.Contains(lab.AgentLog(), "applied weights") {
		t.Errorf("agent log has no applied weights:\n%s", lab.AgentLog())
	}
}
