package server

import (
	"crypto/tls"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
)

// ServiceName is the health-check name of the agent service.
const ServiceName = "mpsdn.agent.v1.ApAgent"

// Per-connection sizes for an agent on a small device: the controller's
// requests and the agent's replies are a few hundred bytes to a few KB, so
// 32 KB read and write buffers per connection (gRPC's defaults) only hold
// memory. A shared write buffer goes back to a pool after each flush. A
// controller (or two during an ownership move) and health checks need a few
// streams per connection, not gRPC's unbounded default.
const (
	connReadBuffer  = 4 << 10
	connWriteBuffer = 4 << 10
	maxStreams      = 16
)

// NewGRPC returns a gRPC server serving svc and the health service over mTLS
// only, admitting controller certificates only. Health starts NOT_SERVING;
// call SetHealth from the sampler's health callback.
func NewGRPC(tlsCfg *tls.Config, svc *Service) (*grpc.Server, *health.Server) {
	gs := grpc.NewServer(
		grpc.Creds(credentials.NewTLS(tlsCfg)),
		grpc.ChainUnaryInterceptor(RequireController),
		grpc.ChainStreamInterceptor(RequireControllerStream),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: 5 * time.Second, PermitWithoutStream: true}),
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: 30 * time.Second, Timeout: 10 * time.Second}),
		grpc.MaxRecvMsgSize(64<<10),
		grpc.ReadBufferSize(connReadBuffer),
		grpc.WriteBufferSize(connWriteBuffer),
		grpc.SharedWriteBuffer(true),
		grpc.MaxConcurrentStreams(maxStreams),
	)
	hs := health.NewServer()
	SetHealth(hs, false)
	agentv1.RegisterApAgentServer(gs, svc)
	healthpb.RegisterHealthServer(gs, hs)
	return gs, hs
}

// SetHealth sets the overall and the ApAgent service status.
func SetHealth(hs *health.Server, ok bool) {
	st := healthpb.HealthCheckResponse_NOT_SERVING
	if ok {
		st = healthpb.HealthCheckResponse_SERVING
	}
	hs.SetServingStatus("", st)
	hs.SetServingStatus(ServiceName, st)
}
