package server

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// controllerFromContext returns the controller identity of the verified
// client certificate, or a PERMISSION_DENIED/UNAUTHENTICATED status.
func controllerFromContext(ctx context.Context) (string, error) {
	p, ok := peer.FromContext(ctx)
	if !ok {
		return "", status.Error(codes.Unauthenticated, "no peer")
	}
	ti, ok := p.AuthInfo.(credentials.TLSInfo)
	if !ok || len(ti.State.VerifiedChains) == 0 || len(ti.State.VerifiedChains[0]) == 0 {
		return "", status.Error(codes.Unauthenticated, "no verified client certificate")
	}
	id, err := IdentityFromCert(ti.State.VerifiedChains[0][0], ControllerURIPrefix)
	if err != nil {
		return "", status.Errorf(codes.PermissionDenied, "client is not a controller: %v", err)
	}
	return id, nil
}

// RequireController is a unary interceptor admitting only clients whose
// verified certificate carries a mpsdn://controller/<name> URI SAN (an AP's
// certificate from the same CA is refused).
func RequireController(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if _, err := controllerFromContext(ctx); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

// RequireControllerStream is the streaming counterpart (health Watch).
func RequireControllerStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	if _, err := controllerFromContext(ss.Context()); err != nil {
		return err
	}
	return h(srv, ss)
}
