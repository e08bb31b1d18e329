package agent

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

// fixture is a PKI with an AP certificate for ap1 and a configuration file
// whose sources are an eNB metrics document in a file.
type fixture struct {
	pki  *testutil.PKI
	path string
}

func newFixture(t *testing.T, extra string) fixture {
	t.Helper()
	pki := testutil.NewPKI(t)
	cert, key := pki.Issue(t, "ap", "ap1")
	dir := t.TempDir()
	doc := filepath.Join(dir, "enb.json")
	os.WriteFile(doc, []byte(`{"version":1,"enb_id":"enb1","timestamp_ms":1,"capacity_bps":20000000,
 "queues":{"downlink":{"backlog_bytes":75000,"limit_bytes":150000}},
 "ues":[{"imsi":"001010123456789","ips":["10.45.0.2"],"dl_phy_rate_bps":20000000}]}`), 0o644)
	path := filepath.Join(dir, "agent.yaml")
	os.WriteFile(path, []byte("kind: lte\nlisten: 127.0.0.1:1\nsample_rate_hz: 50\n"+
		"tls: {cert: "+cert+", key: "+key+", client_ca: "+pki.CAFile()+"}\n"+
		"queues:\n  - {direction: downlink, source: enb}\nstations: {source: enb}\n"+
		"enb: {file: "+doc+", max_age_ms: 0}\n"+extra), 0o644)
	return fixture{pki: pki, path: path}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func ptr[T any](v T) *T { return &v }

func TestNewTakesTheAPIDFromTheCertificateAndAppliesOverrides(t *testing.T) {
	f := newFixture(t, "")
	a, err := New(f.path, Overrides{Listen: ptr("127.0.0.1:0"), SampleRateHz: ptr(20.0)})
	if err != nil {
		t.Fatal(err)
	}
	if a.cfg.APID != "ap1" || a.cfg.Listen != "127.0.0.1:0" || a.cfg.SampleRateHz != 20 || a.cfg.Kind != "lte" {
		t.Errorf("config %+v", a.cfg)
	}
	if got := a.Summary(); got != "ap_id=ap1 queues=1 station sources=1" {
		t.Errorf("summary %q", got)
	}
}

func TestNewRefusesAnAPIDOtherThanTheCertificatesAndNamesBadFields(t *testing.T) {
	f := newFixture(t, "")
	if _, err := New(f.path, Overrides{APID: ptr("ap2")}); err == nil ||
		err.Error() != `ap_id "ap2" does not match the certificate identity "ap1"` {
		t.Errorf("ap2 with ap1's certificate: %v", err)
	}
	if _, err := New(f.path, Overrides{SampleRateHz: ptr(5000.0)}); err == nil ||
		err.Error() != "config "+f.path+": sample_rate_hz 5000: want (0, 1000]" {
		t.Errorf("sample rate 5000: %v", err)
	}
	if _, err := New(f.path, Overrides{MetricsListen: ptr("0.0.0.0:9465")}); err == nil ||
		!strings.Contains(err.Error(), "metrics_listen \"0.0.0.0:9465\": must be a loopback address") {
		t.Errorf("metrics on every address: %v", err)
	}
	if _, err := New(filepath.Join(t.TempDir(), "missing.yaml"), Overrides{}); err == nil {
		t.Error("a missing file was accepted")
	}
}

func dial(t *testing.T, f fixture, addr string) agentv1.ApAgentClient {
	t.Helper()
	cert, key := f.pki.Issue(t, "controller", "onos1")
	pair, err := tls.LoadX509KeyPair(cert, key)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pem, _ := os.ReadFile(f.pki.CAFile())
	pool.AppendCertsFromPEM(pem)
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{
		RootCAs: pool, Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12})))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return agentv1.NewApAgentClient(cc)
}

// TestRunServesStatusAndMetricsUntilTheContextEnds runs the agent on its eNB
// file source, polls it like the controller, reads its Prometheus endpoint
// and checks that cancelling the context stops it without an error.
func TestRunServesStatusAndMetricsUntilTheContextEnds(t *testing.T) {
	addr, maddr := freeAddr(t), freeAddr(t)
	f := newFixture(t, "")
	a, err := New(f.path, Overrides{Listen: &addr, MetricsListen: &maddr})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	client := dial(t, f, addr)
	var st *agentv1.ApStatus
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		cctx, ccancel := context.WithTimeout(context.Background(), time.Second)
		st, err = client.GetStatus(cctx, &agentv1.GetStatusRequest{ApId: "ap1"})
		ccancel()
		if err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("GetStatus never succeeded: %v", err)
	}
	if st.ApId != "ap1" || st.Kind != agentv1.ApKind_AP_KIND_LTE || len(st.Queues) != 1 ||
		st.Queues[0].OccupancyRatio != 0.5 || len(st.Stations) != 1 || st.CapacityBps != 20_000_000 {
		t.Errorf("status %v", st)
	}
	resp, err := http.Get(fmt.Sprintf("http://%s/metrics", maddr))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `mpsdn_agent_getstatus_requests_total{code="OK"}`) {
		t.Errorf("metrics without the OK request:\n%s", body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}
