package enbtls

import (
	"crypto/tls"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/keepalive"

	enbv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/enb/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/server"
)

// Files names the eNB's PEM files (same meaning as the AP agent's tls section).
type Files = server.TLSFiles

// maxRecv bounds a request (policies and split sets are small).
const maxRecv = 1 << 20

// ServerTLS loads the eNB's certificate and the controller CA and checks that
// the certificate is bound to enbID (URI SAN mpsdn://ap/<enbID>), so the
// controller, which dials the eNB as that AP, accepts it.
func ServerTLS(f Files, enbID string) (*tls.Config, error) {
	cfg, id, err := server.ServerTLS(f)
	if err != nil {
		return nil, err
	}
	if id != enbID {
		return nil, fmt.Errorf("tls: cert %s is bound to %s%s, not to this eNB %q", f.Cert, server.APURIPrefix, id, enbID)
	}
	return cfg, nil
}

func options() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: 5 * time.Second, PermitWithoutStream: true}),
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: 30 * time.Second, Timeout: 10 * time.Second}),
		grpc.MaxRecvMsgSize(maxRecv),
	}
}

// NewServer returns a gRPC server serving svc over mTLS only, admitting
// controller certificates only.
func NewServer(tlsCfg *tls.Config, svc enbv1.EnbPolicyServer) *grpc.Server {
	opts := append(options(),
		grpc.Creds(credentials.NewTLS(tlsCfg)),
		grpc.ChainUnaryInterceptor(server.RequireController),
		grpc.ChainStreamInterceptor(server.RequireControllerStream))
	gs := grpc.NewServer(opts...)
	enbv1.RegisterEnbPolicyServer(gs, svc)
	return gs
}

// NewPlaintextServer returns a gRPC server without TLS. Lab only.
func NewPlaintextServer(svc enbv1.EnbPolicyServer) *grpc.Server {
	gs := grpc.NewServer(options()...)
	enbv1.RegisterEnbPolicyServer(gs, svc)
	return gs
}

// Settings is what the eNB configuration says about the policy service's transport.
type Settings struct {
	ENBID     string
	TLS       Files
	Plaintext bool
}

// Build returns the server the settings ask for: mTLS when the tls files are
// given, plaintext only when asked for explicitly. Both, or neither, is an error.
func Build(s Settings, svc enbv1.EnbPolicyServer) (*grpc.Server, error) {
	hasTLS := s.TLS.Cert != "" || s.TLS.Key != "" || s.TLS.ClientCA != ""
	switch {
	case hasTLS && s.Plaintext:
		return nil, fmt.Errorf("grpc_plaintext: true together with tls: choose one (mTLS outside the lab)")
	case s.Plaintext:
		return NewPlaintextServer(svc), nil
	case !hasTLS:
		return nil, fmt.Errorf("tls: cert, key and client_ca are required to serve the EnbPolicy service (mTLS only; " +
			"\"grpc_plaintext\": true is for the lab)")
	}
	cfg, err := ServerTLS(s.TLS, s.ENBID)
	if err != nil {
		return nil, err
	}
	return NewServer(cfg, svc), nil
}
