package enbtls

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/netip"
	"os"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	enbv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/enb/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/policysvc"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/testutil"
)

func newCell(t *testing.T) *cell.Cell {
	t.Helper()
	c, err := cell.New(cell.Config{ENBID: "enb1", UEs: []cell.UEConfig{
		{ID: "ue0", IPs: []netip.Addr{netip.MustParseAddr("10.1.0.10")}, Channel: channel.Constant(1e6)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// start serves gs on a loopback port and returns its address.
func start(t *testing.T, gs *grpc.Server) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	return lis.Addr().String()
}

// clientTLS trusts caFile and presents cert/key when given.
func clientTLS(t *testing.T, caFile, cert, key string) credentials.TransportCredentials {
	t.Helper()
	pem, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	cfg := &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	if cert != "" {
		pair, err := tls.LoadX509KeyPair(cert, key)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return credentials.NewTLS(cfg)
}

func call(t *testing.T, addr string, creds credentials.TransportCredentials) error {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := enbv1.NewEnbPolicyClient(conn).GetSchedulingPolicy(ctx, &enbv1.GetSchedulingPolicyRequest{EnbId: "enb1"})
	if err == nil && r.GetEnbId() != "enb1" {
		t.Fatalf("answer for %q", r.GetEnbId())
	}
	return err
}

func TestMTLSAdmitsOnlyControllerCertificates(t *testing.T) {
	pki := testutil.NewPKI(t)
	enbCert, enbKey := pki.Issue(t, "ap", "enb1")
	ctlCert, ctlKey := pki.Issue(t, "controller", "onos1")
	apCert, apKey := pki.Issue(t, "ap", "wifi1")
	rogue := testutil.NewPKI(t)
	rogueCert, rogueKey := rogue.Issue(t, "controller", "onos1")

	gs, err := Build(Settings{ENBID: "enb1", TLS: Files{Cert: enbCert, Key: enbKey, ClientCA: pki.CAFile()}},
		policysvc.New(newCell(t), nil))
	if err != nil {
		t.Fatal(err)
	}
	addr := start(t, gs)

	if err := call(t, addr, clientTLS(t, pki.CAFile(), ctlCert, ctlKey)); err != nil {
		t.Fatalf("controller refused: %v", err)
	}
	if err := call(t, addr, clientTLS(t, pki.CAFile(), "", "")); status.Code(err) != codes.Unavailable {
		t.Fatalf("client without certificate: got %v, want UNAVAILABLE (handshake refused)", err)
	}
	if err := call(t, addr, clientTLS(t, pki.CAFile(), rogueCert, rogueKey)); status.Code(err) != codes.Unavailable {
		t.Fatalf("certificate of another CA: got %v, want UNAVAILABLE (handshake refused)", err)
	}
	err = call(t, addr, clientTLS(t, pki.CAFile(), apCert, apKey))
	if status.Code(err) != codes.PermissionDenied || !strings.Contains(err.Error(), "not a controller") {
		t.Fatalf("AP certificate: got %v, want PERMISSION_DENIED", err)
	}
	if err := call(t, addr, insecure.NewCredentials()); status.Code(err) != codes.Unavailable {
		t.Fatalf("plaintext client: got %v, want UNAVAILABLE", err)
	}
}

func TestCertificateMustBeBoundToThisENB(t *testing.T) {
	pki := testutil.NewPKI(t)
	cert, key := pki.Issue(t, "ap", "enb2")
	_, err := ServerTLS(Files{Cert: cert, Key: key, ClientCA: pki.CAFile()}, "enb1")
	if err == nil || !strings.Contains(err.Error(), "mpsdn://ap/enb2") {
		t.Fatalf("got %v, want a refusal naming mpsdn://ap/enb2", err)
	}
}

func TestBuildNeedsAnExplicitChoice(t *testing.T) {
	svc := policysvc.New(newCell(t), nil)
	if _, err := Build(Settings{ENBID: "enb1"}, svc); err == nil || !strings.Contains(err.Error(), "grpc_plaintext") {
		t.Fatalf("neither tls nor plaintext: got %v", err)
	}
	both := Settings{ENBID: "enb1", Plaintext: true, TLS: Files{Cert: "a", Key: "b", ClientCA: "c"}}
	if _, err := Build(both, svc); err == nil {
		t.Fatal("tls and plaintext together accepted")
	}
	if _, err := Build(Settings{ENBID: "enb1", TLS: Files{Cert: "a"}}, svc); err == nil ||
		!strings.Contains(err.Error(), "mTLS only") {
		t.Fatalf("incomplete tls: got %v", err)
	}
	gs, err := Build(Settings{ENBID: "enb1", Plaintext: true}, svc)
	if err != nil {
		t.Fatal(err)
	}
	if err := call(t, start(t, gs), insecure.NewCredentials()); err != nil {
		t.Fatalf("lab plaintext: %v", err)
	}
}
