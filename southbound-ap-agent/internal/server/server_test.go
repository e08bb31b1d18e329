package server

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/collector"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

type fakeWindow struct {
	mu  sync.Mutex
	err error
	// asked records each poll: its mode and length.
	asked []sampler.Mode
	sizes []time.Duration
}

func (f *fakeWindow) Window(d time.Duration) (sampler.Window, error) {
	return f.poll(d, sampler.SinceLastPoll)
}

func (f *fakeWindow) SlidingWindow(d time.Duration) (sampler.Window, error) {
	return f.poll(d, sampler.Sliding)
}

// polls returns the recorded polls.
func (f *fakeWindow) polls() ([]sampler.Mode, []time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]sampler.Mode(nil), f.asked...), append([]time.Duration(nil), f.sizes...)
}

func (f *fakeWindow) poll(d time.Duration, mode sampler.Mode) (sampler.Window, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked, f.sizes = append(f.asked, mode), append(f.sizes, d)
	if f.err != nil {
		return sampler.Window{}, f.err
	}
	now := time.Now()
	return sampler.Window{Mode: mode, Start: now.Add(-2 * time.Second), End: now, Newest: now.Add(-80 * time.Millisecond),
		CapacityBps: 5000, Queues: []sampler.QueueWindow{{
			Direction: collector.Downlink, Ratio: 0.9, Count: 20, Drops: 4,
			Last: collector.QueueSample{BacklogBytes: 900, LimitBytes: 1000, Source: "qdisc"},
			Stations: []sampler.StationWindow{{Ratio: 0.75, Count: 19, Empty: 2, Drops: 3, SentBytes: 64000,
				Last: collector.StationQueueSample{QueueID: "1:100", IPs: []string{"10.0.0.2"},
					QueueSample: collector.QueueSample{BacklogPackets: 30, LimitPackets: 40, Source: "qdisc"}}}}}}}, nil
}

type fakeStations struct{}

func (fakeStations) Name() string { return "fake-stations" }
func (fakeStations) Collect(context.Context) (*collector.Reading, error) {
	return &collector.Reading{Stations: []collector.Station{{MAC: "02:00:00:00:00:01", IPs: []string{"10.0.0.2"}, RSSIdBm: -40}}}, nil
}

type env struct {
	addr string
	pki  *testutil.PKI
	win  *fakeWindow
	hs   func(bool)
	svc  *Service
}

func start(t *testing.T) *env {
	t.Helper()
	pki := testutil.NewPKI(t)
	cert, key := pki.Issue(t, "ap", "ap1")
	tlsCfg, id, err := ServerTLS(TLSFiles{Cert: cert, Key: key, ClientCA: pki.CAFile()})
	if err != nil {
		t.Fatal(err)
	}
	if id != "ap1" {
		t.Fatalf("identity %q, want ap1", id)
	}
	win := &fakeWindow{}
	svc, err := New(Config{APID: id, Kind: agentv1.ApKind_AP_KIND_WIFI, MaxWindow: 10 * time.Second,
		Sampler: win, Stations: []collector.Collector{fakeStations{}}})
	if err != nil {
		t.Fatal(err)
	}
	gs, hs := NewGRPC(tlsCfg, svc)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go gs.Serve(lis)
	t.Cleanup(gs.Stop)
	SetHealth(hs, true)
	return &env{addr: lis.Addr().String(), pki: pki, win: win, hs: func(ok bool) { SetHealth(hs, ok) }, svc: svc}
}

// dial connects with the given client pair, trusting trustCA.
func dial(t *testing.T, addr, cert, key, trustCA string) *grpc.ClientConn {
	t.Helper()
	pool := x509.NewCertPool()
	pem, err := os.ReadFile(trustCA)
	if err != nil {
		t.Fatal(err)
	}
	pool.AppendCertsFromPEM(pem)
	cfg := &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
	if cert != "" {
		pair, err := tls.LoadX509KeyPair(cert, key)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewTLS(cfg)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return cc
}

func call(cc *grpc.ClientConn, apID string, maxWin uint32) (*agentv1.ApStatus, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return agentv1.NewApAgentClient(cc).GetStatus(ctx, &agentv1.GetStatusRequest{ApId: apID, MaxWindowMs: maxWin})
}

func TestGetStatusOverMTLS(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	st, err := call(cc, "ap1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if st.ApId != "ap1" || st.Sequence != 1 || st.BootId == 0 || st.CapacityBps != 5000 || st.WindowMs != 2000 {
		t.Fatalf("status %v", st)
	}
	q := st.Queues[0]
	if q.Direction != agentv1.Direction_DIRECTION_DOWNLINK || q.OccupancyRatio != 0.9 || q.SampleCount != 20 || q.Drops != 4 || q.Source != "qdisc" {
		t.Fatalf("queue %v", q)
	}
	if len(st.Stations) != 1 || st.Stations[0].Mac != "02:00:00:00:00:01" || st.Stations[0].RssiDbm != -40 {
		t.Fatalf("stations %v", st.Stations)
	}
	st2, err := call(cc, "ap1", 500)
	if err != nil || st2.Sequence != 2 || st2.BootId != st.BootId || st2.MonotonicNs <= st.MonotonicNs {
		t.Fatalf("second status %v err %v", st2, err)
	}
}

func TestRequestForAnotherAPIsPermissionDenied(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	_, err := call(dial(t, e.addr, cert, key, e.pki.CAFile()), "ap2", 0)
	if status.Code(err) != codes.PermissionDenied || !strings.Contains(err.Error(), "ap1") {
		t.Fatalf("err %v, want PERMISSION_DENIED", err)
	}
}

func TestInvalidRequests(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	for _, tc := range []struct {
		id   string
		win  uint32
		want string
	}{{"", 0, "ap_id must not be empty"}, {"ap 1/../x", 0, "not a valid id"},
		{strings.Repeat("a", 65), 0, "not a valid id"}, {"ap1", 60001, "max_window_ms 60001"}} {
		_, err := call(cc, tc.id, tc.win)
		if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q/%d: err %v, want INVALID_ARGUMENT %q", tc.id, tc.win, err, tc.want)
		}
	}
}

func TestWrongCertificatesRefused(t *testing.T) {
	e := start(t)
	rogue := testutil.NewPKI(t)
	rc, rk := rogue.Issue(t, "controller", "onos1")
	// Client certificate from another CA: the handshake fails.
	if _, err := call(dial(t, e.addr, rc, rk, e.pki.CAFile()), "ap1", 0); status.Code(err) != codes.Unavailable {
		t.Errorf("rogue CA: err %v, want UNAVAILABLE (handshake refused)", err)
	}
	// No client certificate at all.
	if _, err := call(dial(t, e.addr, "", "", e.pki.CAFile()), "ap1", 0); status.Code(err) != codes.Unavailable {
		t.Errorf("no client cert: err %v, want UNAVAILABLE", err)
	}
	// A certificate of the right CA but for an AP, not a controller.
	ac, ak := e.pki.Issue(t, "ap", "ap2")
	if _, err := call(dial(t, e.addr, ac, ak, e.pki.CAFile()), "ap2", 0); status.Code(err) != codes.PermissionDenied {
		t.Errorf("AP cert as client: err %v, want PERMISSION_DENIED", err)
	}
	// The client refuses a server whose certificate is not from its CA.
	cc, ck := e.pki.Issue(t, "controller", "onos1")
	if _, err := call(dial(t, e.addr, cc, ck, rogue.CAFile()), "ap1", 0); status.Code(err) != codes.Unavailable {
		t.Errorf("untrusted server: err %v, want UNAVAILABLE", err)
	}
}

func TestUnhealthySourcesAreUnavailableAndNotServing(t *testing.T) {
	e := start(t)
	cert, key := e.pki.Issue(t, "controller", "onos1")
	cc := dial(t, e.addr, cert, key, e.pki.CAFile())
	hc := healthpb.NewHealthClient(cc)
	ctx := context.Background()
	r, err := hc.Check(ctx, &healthpb.HealthCheckRequest{Service: ServiceName})
	if err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health %v err %v, want SERVING", r, err)
	}
	e.win.mu.Lock()
	e.win.err = errors.New("qdisc:wlan0: link not found")
	e.win.mu.Unlock()
	e.hs(false)
	if _, err := call(cc, "ap1", 0); status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "link not found") {
		t.Fatalf("err %v, want UNAVAILABLE naming the source error", err)
	}
	r, err = hc.Check(ctx, &healthpb.HealthCheckRequest{Service: ""})
	if err != nil || r.Status != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("health %v err %v, want NOT_SERVING", r, err)
	}
}

func TestServerTLSRequiresIdentity(t *testing.T) {
	pki := testutil.NewPKI(t)
	cc, ck := pki.Issue(t, "controller", "onos1")
	if _, _, err := ServerTLS(TLSFiles{Cert: cc, Key: ck, ClientCA: pki.CAFile()}); err == nil || !strings.Contains(err.Error(), "mpsdn://ap/") {
		t.Fatalf("controller cert as agent cert: %v", err)
	}
	if _, _, err := ServerTLS(TLSFiles{Cert: cc, Key: ck}); err == nil || !strings.Contains(err.Error(), "mTLS only") {
		t.Fatalf("missing CA: %v", err)
	}
	if _, _, err := ServerTLS(TLSFiles{Cert: "/nonexistent.crt", Key: ck, ClientCA: pki.CAFile()}); err == nil || !strings.Contains(err.Error(), "/nonexistent.crt") {
		t.Fatalf("missing file: %v", err)
	}
}
