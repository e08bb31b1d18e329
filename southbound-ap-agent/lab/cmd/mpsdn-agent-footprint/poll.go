package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"path/filepath"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/lab/internal/weightslab"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/certs"
)

func nilCtx() context.Context { return context.Background() }

// poller polls one AP agent over mTLS as the controller does: GetStatus every period.
type poller struct {
	label, apID string
	conn        *grpc.ClientConn
	client      agentv1.ApAgentClient
	ok, failed  int
}

func newPoller(pki, label, apID, ns, addr string) (*poller, error) {
	pool, err := certs.LoadPool(filepath.Join(pki, "ca.crt"))
	if err != nil {
		return nil, err
	}
	pair, err := tls.LoadX509KeyPair(filepath.Join(pki, "controller-lab.crt"), filepath.Join(pki, "controller-lab.key"))
	if err != nil {
		return nil, err
	}
	creds := credentials.NewTLS(&tls.Config{RootCAs: pool, Certificates: []tls.Certificate{pair}, ServerName: "127.0.0.1"})
	conn, err := grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(creds),
		grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) { return dialIn(ns, a) }))
	if err != nil {
		return nil, err
	}
	return &poller{label: label, apID: apID, conn: conn, client: agentv1.NewApAgentClient(conn)}, nil
}

// poll asks for the status once (the window since the previous poll).
func (p *poller) poll() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	st, err := p.client.GetStatus(ctx, &agentv1.GetStatusRequest{ApId: p.apID, MaxWindowMs: 10000})
	if err == nil && (len(st.Queues) == 0 || st.Queues[0].SampleCount < 10) {
		err = fmt.Errorf("%s: %d queues, too few samples for 10 Hz", p.label, len(st.Queues))
	}
	if err != nil {
		p.failed++
		return err
	}
	p.ok++
	return nil
}

// dialIn opens a TCP connection from inside namespace ns.
func dialIn(ns, addr string) (net.Conn, error) {
	var c net.Conn
	err := weightslab.In(ns, func() (err error) {
		c, err = net.Dial("tcp", addr)
		return err
	})
	return c, err
}
