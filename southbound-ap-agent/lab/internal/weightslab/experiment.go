package weightslab

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/weightpub"
)

// Experiment repeats the weight-adherence experiment of De Schepper et al.
// (CNSM 2017, Sec. V-A): the client uploads with iperf3 over MPTCP
// (mptcpize) on a Wi-Fi and an LTE path; Wi-Fi has weight WiFiWeight, LTE
// each of the given weights in turn; the weights are pushed by a publisher
// to the real mpsdn-client-agent binary, which applies them by shaping. The
// LTE share is the LTE bytes received by the server over the measurement
// window divided by the bytes received on both paths.
type Experiment struct {
	AgentBin   string        // mpsdn-client-agent binary
	AgentArgs  []string      // extra agent flags
	WiFiWeight uint32        // paper: 200
	Duration   time.Duration // iperf3 run length per weight (paper: 30 s)
	Warmup     time.Duration // excluded from the start of each run
	Prefix     string        // namespace prefix
	WiFiRate   string        // AP uplink rates, e.g. "20mbit"
	LTERate    string
	// ClientSysctls are extra "key=value" sysctls set in the client namespace
	// after the topology is built (e.g. net.ipv4.tcp_wmem, the sender's buffer).
	ClientSysctls []string
	Logf          func(format string, args ...any)
}

// Result is one run.
type Result struct {
	LTEWeight         uint32
	TheoryPct         float64 // 100 * w_lte / (w_wifi + w_lte)
	MeasuredPct       float64
	WiFiMbps, LTEMbps float64
	Window            time.Duration
}

// Lab is a running topology with publisher and agent.
type Lab struct {
	Topo     *Topo
	Pub      *weightpub.Publisher
	agent    *exec.Cmd
	agentLog *syncBuffer
	dir      string
	e        *Experiment
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// ClientID is the lab client's identity.
const ClientID = "ue1"

// Start builds the topology, starts a publisher listening on the client
// namespace's loopback and the agent inside the client namespace.
func (e *Experiment) Start() (*Lab, error) {
	if e.Logf == nil {
		e.Logf = func(string, ...any) {}
	}
	topo, err := Build(e.Prefix, e.WiFiRate, e.LTERate)
	if err != nil {
		return nil, err
	}
	l := &Lab{Topo: topo, e: e, agentLog: &syncBuffer{}}
	for _, kv := range e.ClientSysctls {
		if err := sh("ip", "netns", "exec", topo.Client, "sysctl", "-qw", kv); err != nil {
			l.Stop()
			return nil, err
		}
	}
	l.dir, err = os.MkdirTemp("", "mpsdn-weights-")
	if err != nil {
		l.Stop()
		return nil, err
	}
	token := "lab-token-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	tf := filepath.Join(l.dir, "token")
	if err := os.WriteFile(tf, []byte(token), 0o600); err != nil {
		l.Stop()
		return nil, err
	}
	l.Pub = weightpub.New(uint64(time.Now().UnixMilli()), map[string]string{ClientID: token})
	lis, err := ListenIn(topo.Client, "127.0.0.1:0")
	if err != nil {
		l.Stop()
		return nil, err
	}
	go l.Pub.Serve(lis)
	args := append([]string{"netns", "exec", topo.Client, e.AgentBin, "-client-id", ClientID,
		"-controller", lis.Addr().String(), "-insecure", "-token-file", tf, "-state-file", "",
		"-path", "id=" + topo.ClientWiFi + ",kind=wifi,addr=" + topo.ClientWiFiIP,
		"-path", "id=" + topo.ClientLTE + ",kind=lte,addr=" + topo.ClientLTEIP}, e.AgentArgs...)
	l.agent = exec.Command("ip", args...)
	l.agent.Stdout, l.agent.Stderr = l.agentLog, l.agentLog
	if err := l.agent.Start(); err != nil {
		l.Stop()
		return nil, err
	}
	return l, nil
}

// AgentPid is the client agent's process id ("ip netns exec" execs the agent in place).
func (l *Lab) AgentPid() int { return l.agent.Process.Pid }

// AgentLog returns what the agent logged.
func (l *Lab) AgentLog() string { return l.agentLog.String() }

// Stop stops the agent and publisher and removes the topology.
func (l *Lab) Stop() {
	l.stopAgent()
	if l.Pub != nil {
		l.Pub.Stop()
	}
	l.Topo.Destroy()
	if l.dir != "" {
		os.RemoveAll(l.dir)
	}
}

// stopAgent interrupts the agent (it cleans up) and waits for it, killing it after 5 s.
func (l *Lab) stopAgent() {
	if l.agent != nil && l.agent.Process != nil && l.agent.ProcessState == nil {
		_ = l.agent.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = l.agent.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = l.agent.Process.Kill()
			<-done
		}
	}
}

// PushAndWait publishes Wi-Fi/LTE weights and waits until the agent acked them.
func (l *Lab) PushAndWait(ctx context.Context, wifi, lte uint32) (*clientv1.WeightUpdate, error) {
	n := len(l.Pub.Acks(ClientID))
	u := l.Pub.Publish(ClientID, clientv1.WeightSource_WEIGHT_SOURCE_MANUAL,
		weightpub.W(l.Topo.ClientWiFi, wifi), weightpub.W(l.Topo.ClientLTE, lte))
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		acks := l.Pub.Acks(ClientID)
		for _, a := range acks[min(n, len(acks)):] {
			if a.Version == u.Version && a.Epoch == u.Epoch {
				for _, p := range a.Paths {
					if !p.Ok {
						return u, fmt.Errorf("agent failed to apply %s: %s", p.PathId, p.Error)
					}
				}
				return u, nil
			}
		}
		select {
		case <-ctx.Done():
			return u, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return u, fmt.Errorf("no ack for version %d within 15 s; agent log:\n%s", u.Version, l.AgentLog())
}

func (l *Lab) rx() (wifi, lte uint64, err error) {
	if wifi, err = RxBytes(l.Topo.Server, l.Topo.ServerWiFi); err != nil {
		return
	}
	lte, err = RxBytes(l.Topo.Server, l.Topo.ServerLTE)
	return
}

// Measure runs one iperf3 upload over MPTCP and returns the byte split over
// the window [Warmup, Duration-0.5s].
func (l *Lab) Measure(ctx context.Context, lteWeight uint32) (Result, error) {
	e := l.e
	srv := exec.CommandContext(ctx, "ip", "netns", "exec", l.Topo.Server, "mptcpize", "run", "iperf3", "-s", "-1")
	var srvOut bytes.Buffer
	srv.Stdout, srv.Stderr = &srvOut, &srvOut
	if err := srv.Start(); err != nil {
		return Result{}, err
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	if err := waitListen(ctx, l.Topo.Server, 5201, 10*time.Second); err != nil {
		return Result{}, fmt.Errorf("%v; iperf3 server: %s", err, srvOut.String())
	}
	secs := strconv.Itoa(int(e.Duration.Seconds()))
	cli := exec.CommandContext(ctx, "ip", "netns", "exec", l.Topo.Client, "mptcpize", "run", "iperf3", "-c",
		l.Topo.ServerIP, "-t", secs)
	var cliOut bytes.Buffer
	cli.Stdout, cli.Stderr = &cliOut, &cliOut
	if err := cli.Start(); err != nil {
		return Result{}, err
	}
	start := time.Now()
	time.Sleep(e.Warmup)
	w0, l0, err := l.rx()
	if err != nil {
		return Result{}, err
	}
	t0 := time.Now()
	time.Sleep(time.Until(start.Add(e.Duration - 500*time.Millisecond)))
	w1, l1, err := l.rx()
	if err != nil {
		return Result{}, err
	}
	win := time.Since(t0)
	if err := cli.Wait(); err != nil {
		return Result{}, fmt.Errorf("iperf3 client: %v: %s", err, cliOut.String())
	}
	dw, dl := float64(w1-w0), float64(l1-l0)
	if dw+dl == 0 {
		return Result{}, fmt.Errorf("no bytes received; iperf3: %s", cliOut.String())
	}
	r := Result{LTEWeight: lteWeight,
		TheoryPct:   100 * float64(lteWeight) / float64(e.WiFiWeight+lteWeight),
		MeasuredPct: 100 * dl / (dw + dl),
		WiFiMbps:    dw * 8 / win.Seconds() / 1e6, LTEMbps: dl * 8 / win.Seconds() / 1e6, Window: win}
	e.Logf("LTE weight %d: theory %.2f %%, measured %.2f %% (Wi-Fi %.2f Mbit/s, LTE %.2f Mbit/s over %.1f s)",
		lteWeight, r.TheoryPct, r.MeasuredPct, r.WiFiMbps, r.LTEMbps, win.Seconds())
	return r, nil
}

// waitListen waits until a TCP socket listens on port in namespace ns.
func waitListen(ctx context.Context, ns string, port int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		out, err := exec.CommandContext(ctx, "ip", "netns", "exec", ns, "ss", "-ltnH", "sport = :"+strconv.Itoa(port)).Output()
		if err == nil && strings.TrimSpace(string(out)) != "" {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("nothing listens on port %d in %s after %s", port, ns, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// EndpointShow returns `ip mptcp endpoint show` in the client namespace.
func (l *Lab) EndpointShow() (string, error) {
	out, err := exec.Command("ip", "-n", l.Topo.Client, "mptcp", "endpoint", "show").CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
