package policysvc

import (
	"context"
	"errors"

	"log/slog"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	enbv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/enb/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

// Server implements enbv1.EnbPolicyServer for one cell.
type Server struct {
	enbv1.UnimplementedEnbPolicyServer
	cell *cell.Cell
	log  *slog.Logger
	mu   sync.Mutex // serialises check-then-apply
}

// New returns a server for c; log may be nil.
func New(c *cell.Cell, log *slog.Logger) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{cell: c, log: log}
}

func (s *Server) checkENB(id string) error {
	if id == "" {
		return status.Error(codes.InvalidArgument, "enb_id: empty")
	}
	if id != s.cell.ENBID() {
		return status.Errorf(codes.PermissionDenied, "enb_id: %q is not this eNB (%q)", id, s.cell.ENBID())
	}
	return nil
}

func toStatus(err error) error {
	var fe *sched.FieldError
	var pe *sched.PreconditionError
	switch {
	case errors.As(err, &fe):
		return status.Error(codes.InvalidArgument, fe.Error())
	case errors.As(err, &pe):
		return status.Error(codes.FailedPrecondition, pe.Error())
	}
	return status.Error(codes.Internal, err.Error())
}

// SetSchedulingPolicy implements enbv1.EnbPolicyServer.
func (s *Server) SetSchedulingPolicy(_ context.Context, req *enbv1.SetSchedulingPolicyRequest) (*enbv1.SetSchedulingPolicyResponse, error) {
	if err := s.checkENB(req.GetEnbId()); err != nil {
		return nil, err
	}
	if req.GetPolicy() == nil {
		return nil, status.Error(codes.InvalidArgument, "policy: missing")
	}
	p := PolicyFromProto(req.GetPolicy())
	if err := sched.Validate(p, s.cell.UEIDs(), "policy"); err != nil {
		return nil, toStatus(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.cell.Policy()
	if v, err := versionCheck("policy.version", p.Version, cur.Version, sched.Equal(p, cur)); err != nil || !v {
		if err == nil {
			return &enbv1.SetSchedulingPolicyResponse{InstalledVersion: cur.Version, Changed: false}, nil
		}
		return nil, err
	}
	if err := s.cell.SetPolicy(p); err != nil {
		return nil, toStatus(err)
	}
	s.log.Info("scheduling policy installed", "version", p.Version, "inter", p.Inter, "clusters", len(p.Clusters))
	return &enbv1.SetSchedulingPolicyResponse{InstalledVersion: p.Version, Changed: true}, nil
}

// versionCheck returns (true, nil) when the new version must be applied,
// (false, nil) for an idempotent repeat, and an error for stale/conflicting.
func versionCheck(field string, v, cur uint64, same bool) (bool, error) {
	switch {
	case v < cur:
		return false, status.Errorf(codes.FailedPrecondition, "%s: %d is older than the installed %d", field, v, cur)
	case v == cur && same:
		return false, nil
	case v == cur:
		return false, status.Errorf(codes.FailedPrecondition,
			"%s: %d is already installed with other content; use a new version", field, v)
	}
	return true, nil
}

// GetSchedulingPolicy implements enbv1.EnbPolicyServer.
func (s *Server) GetSchedulingPolicy(_ context.Context, req *enbv1.GetSchedulingPolicyRequest) (*enbv1.GetSchedulingPolicyResponse, error) {
	if err := s.checkENB(req.GetEnbId()); err != nil {
		return nil, err
	}
	return &enbv1.GetSchedulingPolicyResponse{EnbId: s.cell.ENBID(), Policy: PolicyToProto(s.cell.Policy()),
		KnownUeIds: s.cell.UEIDs()}, nil
}

// SetSplitConfig implements enbv1.EnbPolicyServer.
func (s *Server) SetSplitConfig(_ context.Context, req *enbv1.SetSplitConfigRequest) (*enbv1.SetSplitConfigResponse, error) {
	if err := s.checkENB(req.GetEnbId()); err != nil {
		return nil, err
	}
	if req.GetConfig() == nil {
		return nil, status.Error(codes.InvalidArgument, "config: missing")
	}
	c, err := SplitsFromProto(req.GetConfig())
	if err != nil {
		return nil, toStatus(err)
	}
	if err := cell.ValidateSplits(c, s.cell.UEIDs(), "config"); err != nil {
		return nil, toStatus(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.cell.Splits()
	if v, err := versionCheck("config.version", c.Version, cur.Version, splitsEqual(c, cur)); err != nil || !v {
		if err == nil {
			return &enbv1.SetSplitConfigResponse{InstalledVersion: cur.Version}, nil
		}
		return nil, err
	}
	if err := s.cell.SetSplits(c); err != nil {
		return nil, toStatus(err)
	}
	s.log.Info("split configuration installed", "version", c.Version, "splits", len(c.Splits))
	return &enbv1.SetSplitConfigResponse{InstalledVersion: c.Version, Changed: true}, nil
}

// GetSplitConfig implements enbv1.EnbPolicyServer.
func (s *Server) GetSplitConfig(_ context.Context, req *enbv1.GetSplitConfigRequest) (*enbv1.GetSplitConfigResponse, error) {
	if err := s.checkENB(req.GetEnbId()); err != nil {
		return nil, err
	}
	return &enbv1.GetSplitConfigResponse{EnbId: s.cell.ENBID(), Config: SplitsToProto(s.cell.Splits())}, nil
}
