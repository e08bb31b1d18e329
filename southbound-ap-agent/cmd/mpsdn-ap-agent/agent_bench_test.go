package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// BenchmarkAgentProcess builds the agent (static, as shipped), runs it as a separate process at
// 10 Hz on a tbf-shaped veth in a fresh namespace, polls it over mTLS every
// 2 s like the controller, and reports its resident memory (VmRSS, VmHWM) and
// CPU share measured from /proc over the run (AGENT_BENCH_SECONDS, default 30).
// Run with -benchtime=1x.
func BenchmarkAgentProcess(b *testing.B) {
	secs := 30
	if v, err := strconv.Atoi(os.Getenv("AGENT_BENCH_SECONDS")); err == nil && v > 0 {
		secs = v
	}
	dir := b.TempDir()
	bin := filepath.Join(dir, "mpsdn-ap-agent")
	build := exec.Command("go", "build", "-tags", "grpcnotrace", "-trimpath", "-ldflags", "-s -w", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0") // the shipped static build (make static)
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	ap := testutil.NewNS(b, "rss")
	ue := testutil.NewNS(b, "rssue")
	testutil.VethPair(b, ap, "ap0", "10.203.0.1/24", ue, "ue0", "10.203.0.2/24")
	ap.Run(b, "tc", "qdisc", "add", "dev", "ap0", "root", "tbf", "rate", "10mbit", "burst", "10kb", "limit", "100kb")
	pki := testutil.NewPKI(b)
	cert, key := pki.Issue(b, "ap", "ap1")
	ccert, ckey := pki.Issue(b, "controller", "onos1")
	cfg := filepath.Join(dir, "agent.yaml")
	os.WriteFile(cfg, []byte("listen: 127.0.0.1:0\nsample_rate_hz: 10\ntls: {cert: "+cert+", key: "+key+
		", client_ca: "+pki.CAFile()+"}\nqueues:\n  - {direction: downlink, source: qdisc, interface: ap0}\n"), 0o644)
	cmd := exec.Command("ip", "netns", "exec", ap.Name, bin, "-config", cfg)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "LISTENING ") {
		b.Fatalf("agent start: %q %v", line, err)
	}
	addr := strings.TrimSpace(strings.TrimPrefix(line, "LISTENING "))
	pid := cmd.Process.Pid // ip netns exec execs the agent in place

	pool := x509.NewCertPool()
	caPEM, _ := os.ReadFile(pki.CAFile())
	pool.AppendCertsFromPEM(caPEM)
	pair, _ := tls.LoadX509KeyPair(ccert, ckey)
	var cc *grpc.ClientConn
	err = ap.Do(func() error {
		var e error
		cc, e = grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{
			RootCAs: pool, Certificates: []tls.Certificate{pair}, ServerName: "127.0.0.1"})),
			grpc.WithContextDialer(func(ctx context.Context, a string) (netConn, error) { return dialIn(ap, a) }))
		return e
	})
	if err != nil {
		b.Fatal(err)
	}
	defer cc.Close()
	client := agentv1.NewApAgentClient(cc)

	time.Sleep(time.Second) // startup
	cpu0, t0 := cpuTicks(b, pid), time.Now()
	polls := 0
	b.ResetTimer()
	for time.Since(t0) < time.Duration(secs)*time.Second {
		time.Sleep(2 * time.Second)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		st, err := client.GetStatus(ctx, &agentv1.GetStatusRequest{ApId: "ap1"})
		cancel()
		if err != nil {
			b.Fatalf("GetStatus: %v", err)
		}
		if st.Queues[0].SampleCount < 15 {
			b.Fatalf("only %d samples in a 2 s window at 10 Hz", st.Queues[0].SampleCount)
		}
		polls++
	}
	b.StopTimer()
	elapsed := time.Since(t0).Seconds()
	cpu := float64(cpuTicks(b, pid)-cpu0) / 100 / elapsed * 100 // USER_HZ = 100
	rss, hwm := procKB(b, pid, "VmRSS:"), procKB(b, pid, "VmHWM:")
	// RSS = anonymous (heap, stacks) + file-backed (the mapped, shared, reclaimable binary text).
	b.ReportMetric(float64(procKB(b, pid, "RssAnon:"))/1024, "rss-anon-MB")
	b.ReportMetric(float64(procKB(b, pid, "RssFile:"))/1024, "rss-file-MB")
	b.ReportMetric(float64(rss)/1024, "rss-MB")
	b.ReportMetric(float64(hwm)/1024, "peak-rss-MB")
	b.ReportMetric(cpu, "cpu-%-of-core")
	b.ReportMetric(float64(polls), "polls")
	b.ReportMetric(elapsed, "seconds")
}

func cpuTicks(b *testing.B, pid int) int64 {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		b.Fatal(err)
	}
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	u, _ := strconv.ParseInt(f[11], 10, 64) // utime (field 14)
	s, _ := strconv.ParseInt(f[12], 10, 64) // stime (field 15)
	return u + s
}

func procKB(b *testing.B, pid int, key string) int64 {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(l, key) {
			v, _ := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return v
		}
	}
	b.Fatalf("%s not in /proc/%d/status", key, pid)
	return 0
}
