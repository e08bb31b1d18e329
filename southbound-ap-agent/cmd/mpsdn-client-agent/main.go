// Command mpsdn-client-agent runs on an MPTCP client: it subscribes to the
// mpsdn controller's per-interface weights, applies them (backend "shaping":
// tbf per path in the weights' proportion, weight 0 = MPTCP backup), acks
// them and reports subflow RTT and rate. It talks to the kernel only over
// netlink. See README-client-agent.md.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"google.golang.org/grpc"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/clientagent"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/runtimemem"
)

const version = "0.2.0"

func main() {
	o := parseFlags()
	lvl := slog.LevelInfo
	if o.verbose {
		lvl = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
	mem := runtimemem.Apply(runtimemem.Agent, os.Getenv)
	log.Info("runtime memory", "gc_percent", mem.GCPercent, "memory_limit_bytes", mem.MemoryLimitBytes,
		"gogc_from_env", mem.GCFromEnv, "gomemlimit_from_env", mem.LimitFromEnv)
	if err := run(o, log); err != nil {
		log.Error("mpsdn-client-agent", "err", err)
		os.Exit(2)
	}
}

// run starts the agent and runs it until SIGINT or SIGTERM, then removes the
// shaping it installed. An error means it could not start.
func run(o *options, log *slog.Logger) error {
	addrs, err := controllerList(o.controllers)
	if err != nil {
		return err
	}
	var ps []clientagent.Path
	for _, s := range o.paths {
		p, err := clientagent.ParsePath(s)
		if err != nil {
			return err
		}
		ps = append(ps, p)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	k, err := openKernel(o, ps, log)
	if err != nil {
		return err
	}
	defer k.close(log)
	o.shaping.PerConnectionBackup = k.pm == clientagent.PMUserspace
	applier, err := newApplier(o, k.Kernel, ps)
	if err != nil {
		return err
	}
	if k.creator != nil {
		k.creator.Backup = backupOf(applier)
		go k.creator.Run(ctx, k.events)
	}
	ctrls, closeConns, err := dialControllers(o, addrs)
	if err != nil {
		return err
	}
	defer closeConns()
	if o.rcvbuf == 0 {
		o.rcvbuf = tcpRmemMax()
	}
	meter := clientagent.NewMeter(k.Subflows, ps, clientagent.NetlinkTxCounter, 0.5)
	agent, err := clientagent.New(clientagent.Config{ClientID: o.clientID, Paths: ps, ReceiveBufferBytes: o.rcvbuf,
		StateFile: o.stateFile, SampleInterval: o.sample, ReportInterval: o.report, AgentVersion: version},
		ctrls, applier, meter, log)
	if err != nil {
		return err
	}
	log.Info("mpsdn-client-agent starting", "client", o.clientID, "controllers", strings.Join(addrs, ","),
		"backend", applier.Name(), "path_manager", k.pm, "paths", len(ps), "rcvbuf", o.rcvbuf)
	_ = agent.Run(ctx)
	if err := applier.Close(); err != nil {
		log.Warn("removing shaping", "err", err)
	}
	return nil
}

// dialControllers creates one gRPC client per controller address.
func dialControllers(o *options, addrs []string) ([]clientagent.Controller, func(), error) {
	var ctrls []clientagent.Controller
	var conns []*grpc.ClientConn
	closeAll := func() {
		for _, c := range conns {
			c.Close()
		}
	}
	for _, a := range addrs {
		opts, err := clientagent.DialOptions(clientagent.DialConfig{Address: a, TokenFile: o.tokenFile,
			CAFile: o.caFile, CertFile: o.certFile, KeyFile: o.keyFile, Insecure: o.insecure})
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		conn, err := grpc.NewClient(a, opts...)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("-controller %s: %w", a, err)
		}
		conns = append(conns, conn)
		ctrls = append(ctrls, clientagent.Controller{Address: a, Client: clientv1.NewClientWeightsClient(conn)})
	}
	return ctrls, closeAll, nil
}

// newApplier builds the backend -backend names.
func newApplier(o *options, k clientagent.Kernel, ps []clientagent.Path) (clientagent.Applier, error) {
	switch o.backend {
	case "shaping":
		cfg := o.shaping
		if o.aggregate != "" {
			r, err := clientagent.ParseRate(o.aggregate)
			if err != nil {
				return nil, err
			}
			cfg.AggregateBps = r
		}
		return clientagent.NewShaping(k, ps, cfg)
	case "wrr":
		return nil, clientagent.CheckWRR("/proc/sys/net/mptcp/available_schedulers")
	default:
		return nil, fmt.Errorf("-backend %q: want shaping or wrr", o.backend)
	}
}

// backupOf returns the applier's per-path backup wish, or nil.
func backupOf(a clientagent.Applier) func(string) bool {
	if s, ok := a.(*clientagent.Shaping); ok {
		return s.BackupWanted
	}
	return nil
}

// tcpRmemMax reads the largest TCP receive buffer (third field of tcp_rmem).
func tcpRmemMax() uint64 {
	b, err := os.ReadFile("/proc/sys/net/ipv4/tcp_rmem")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) != 3 {
		return 0
	}
	n, _ := strconv.ParseUint(f[2], 10, 64)
	return n
}
