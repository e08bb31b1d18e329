package clientagent

import (
	"context"
	"crypto/tls"
	"fmt"
	"os"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/certs"
)

// bearer sends the per-client token on every call.
type bearer struct {
	token      string
	requireTLS bool
}

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

func (b bearer) RequireTransportSecurity() bool { return b.requireTLS }

// DialConfig says how to reach and authenticate to the controller.
type DialConfig struct {
	Address   string // host:port
	TokenFile string // per-client token (first line); optional with mTLS
	CAFile    string // CA of the controller's certificate; empty = plaintext (lab only)
	CertFile  string // client certificate (mpsdn://client/<id> URI SAN) for mTLS; optional
	KeyFile   string
	Insecure  bool // allow plaintext (token sent in clear): lab use only
}

// DialOptions builds the gRPC dial options.
func DialOptions(c DialConfig) ([]grpc.DialOption, error) {
	var opts []grpc.DialOption
	switch {
	case c.CAFile != "":
		pool, err := certs.LoadPool(c.CAFile)
		if err != nil {
			return nil, fmt.Errorf("ca: %w", err)
		}
		tc := &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
		if c.CertFile != "" {
			pair, err := tls.LoadX509KeyPair(c.CertFile, c.KeyFile)
			if err != nil {
				return nil, fmt.Errorf("client cert %s / key %s: %w", c.CertFile, c.KeyFile, err)
			}
			tc.Certificates = []tls.Certificate{pair}
		}
		opts = append(opts, grpc.WithTransportCredentials(credentials.NewTLS(tc)))
	case c.Insecure:
		opts = append(opts, grpc.WithTransportCredentials(insecure.NewCredentials()))
	default:
		return nil, fmt.Errorf("no ca file: set one, or allow plaintext explicitly (lab only)")
	}
	if c.TokenFile != "" {
		b, err := os.ReadFile(c.TokenFile)
		if err != nil {
			return nil, fmt.Errorf("token: %w", err)
		}
		tok := strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
		if tok == "" {
			return nil, fmt.Errorf("token file %s is empty", c.TokenFile)
		}
		opts = append(opts, grpc.WithPerRPCCredentials(bearer{token: tok, requireTLS: c.CAFile != ""}))
	} else if c.CertFile == "" {
		return nil, fmt.Errorf("no credentials: set a token file or a client certificate")
	}
	return opts, nil
}
