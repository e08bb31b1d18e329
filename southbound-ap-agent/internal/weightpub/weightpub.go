// Package weightpub is a small Go implementation of the controller side of
// the ClientWeights contract (the production one is the Java server in the
// ONOS app). Tests and the lab use it to push weights to client agents: it
// authenticates clients by bearer token, keeps per-client versioned weight
// sets in one epoch, resumes subscribers from their last version, and records
// acks and subflow reports.
package weightpub

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Publisher serves ClientWeights.
type Publisher struct {
	clientv1.UnimplementedClientWeightsServer
	epoch  uint64
	tokens map[string]string // client id -> token

	mu      sync.Mutex
	current map[string]*clientv1.WeightUpdate
	subs    map[string][]chan *clientv1.WeightUpdate
	acks    map[string][]*clientv1.AckRequest
	reports map[string][]*clientv1.SubflowReport
	paths   map[string][]*clientv1.ClientPath
	srv     *grpc.Server
}

// New creates a publisher for one epoch.
func New(epoch uint64, tokens map[string]string) *Publisher {
	return &Publisher{epoch: epoch, tokens: tokens, current: map[string]*clientv1.WeightUpdate{},
		subs: map[string][]chan *clientv1.WeightUpdate{}, acks: map[string][]*clientv1.AckRequest{},
		reports: map[string][]*clientv1.SubflowReport{}, paths: map[string][]*clientv1.ClientPath{}}
}

// Serve serves on lis until Stop.
func (p *Publisher) Serve(lis net.Listener) error {
	p.mu.Lock()
	p.srv = grpc.NewServer()
	clientv1.RegisterClientWeightsServer(p.srv, p)
	srv := p.srv
	p.mu.Unlock()
	return srv.Serve(lis)
}

// Stop stops the server, ending every stream (a controller going down).
func (p *Publisher) Stop() {
	p.mu.Lock()
	srv := p.srv
	p.mu.Unlock()
	if srv != nil {
		srv.Stop()
	}
}

// Epoch returns the epoch.
func (p *Publisher) Epoch() uint64 { return p.epoch }

// Publish sets a client's weights (path id -> weight, in path order) as the
// next version and pushes it to its subscribers.
func (p *Publisher) Publish(clientID string, source clientv1.WeightSource, weights ...*clientv1.PathWeight) *clientv1.WeightUpdate {
	p.mu.Lock()
	defer p.mu.Unlock()
	var v uint64 = 1
	if c := p.current[clientID]; c != nil {
		v = c.Version + 1
	}
	u := &clientv1.WeightUpdate{ClientId: clientID, Epoch: p.epoch, Version: v, Weights: weights, Source: source,
		IssuedUnixMs: time.Now().UnixMilli()}
	p.current[clientID] = u
	p.pushLocked(clientID, u)
	return u
}

// SendRaw pushes u to the client's subscribers without recording it (to test
// that agents reject malformed or stale updates).
func (p *Publisher) SendRaw(clientID string, u *clientv1.WeightUpdate) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pushLocked(clientID, u)
}

func (p *Publisher) pushLocked(clientID string, u *clientv1.WeightUpdate) {
	for _, ch := range p.subs[clientID] {
		select {
		case ch <- u:
		default: // slow subscriber: it resumes from its version on reconnect
		}
	}
}

// Subscribers returns the number of open streams of a client.
func (p *Publisher) Subscribers(clientID string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.subs[clientID])
}

// Acks returns the acks received from a client.
func (p *Publisher) Acks(clientID string) []*clientv1.AckRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*clientv1.AckRequest(nil), p.acks[clientID]...)
}

// Reports returns the subflow reports received from a client.
func (p *Publisher) Reports(clientID string) []*clientv1.SubflowReport {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*clientv1.SubflowReport(nil), p.reports[clientID]...)
}

func (p *Publisher) auth(ctx context.Context, clientID string) error {
	md, _ := metadata.FromIncomingContext(ctx)
	var given string
	if v := md.Get("authorization"); len(v) == 1 && strings.HasPrefix(v[0], "Bearer ") {
		given = strings.TrimPrefix(v[0], "Bearer ")
	}
	caller := ""
	for id, tok := range p.tokens {
		if subtle.ConstantTimeCompare([]byte(tok), []byte(given)) == 1 {
			caller = id
		}
	}
	if caller == "" {
		return status.Error(codes.Unauthenticated, "no valid bearer token")
	}
	if caller != clientID {
		return status.Errorf(codes.PermissionDenied, "caller %s may not act for client %s", caller, clientID)
	}
	return nil
}

// Subscribe implements ClientWeights.Subscribe.
func (p *Publisher) Subscribe(req *clientv1.SubscribeRequest, stream grpc.ServerStreamingServer[clientv1.WeightUpdate]) error {
	if err := p.auth(stream.Context(), req.GetClientId()); err != nil {
		return err
	}
	if len(req.GetPaths()) == 0 {
		return status.Error(codes.InvalidArgument, "paths: at least one path is required")
	}
	ch := make(chan *clientv1.WeightUpdate, 64)
	p.mu.Lock()
	id := req.GetClientId()
	p.paths[id] = req.GetPaths()
	p.subs[id] = append(p.subs[id], ch)
	if c := p.current[id]; c != nil && !(req.GetLastEpoch() == p.epoch && req.GetLastVersion() >= c.Version) {
		ch <- c
	}
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		s := p.subs[id]
		for i, c := range s {
			if c == ch {
				p.subs[id] = append(s[:i:i], s[i+1:]...)
				break
			}
		}
	}()
	for {
		select {
		case <-stream.Context().Done():
			return stream.Context().Err()
		case u := <-ch:
			if err := stream.Send(u); err != nil {
				return err
			}
		}
	}
}

// Ack implements ClientWeights.Ack.
func (p *Publisher) Ack(ctx context.Context, req *clientv1.AckRequest) (*clientv1.AckResponse, error) {
	if err := p.auth(ctx, req.GetClientId()); err != nil {
		return nil, err
	}
	if req.GetEpoch() == 0 || req.GetVersion() == 0 {
		return nil, status.Error(codes.InvalidArgument, fmt.Sprintf("epoch %d / version %d must be > 0", req.GetEpoch(), req.GetVersion()))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.acks[req.GetClientId()] = append(p.acks[req.GetClientId()], req)
	c := p.current[req.GetClientId()]
	return &clientv1.AckResponse{Current: c != nil && c.Epoch == req.GetEpoch() && c.Version == req.GetVersion()}, nil
}

// ReportSubflows implements ClientWeights.ReportSubflows.
func (p *Publisher) ReportSubflows(ctx context.Context, req *clientv1.SubflowReport) (*clientv1.ReportResponse, error) {
	if err := p.auth(ctx, req.GetClientId()); err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reports[req.GetClientId()] = append(p.reports[req.GetClientId()], req)
	return &clientv1.ReportResponse{Accepted: uint32(len(req.GetSubflows()))}, nil
}

// W is a shorthand for a PathWeight.
func W(pathID string, weight uint32) *clientv1.PathWeight {
	return &clientv1.PathWeight{PathId: pathID, Weight: weight, Reason: "manual"}
}
