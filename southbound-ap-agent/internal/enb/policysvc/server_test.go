package policysvc

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	enbv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/enb/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
)

// serve starts the service on a loopback TCP port and returns a client.
func serve(t *testing.T) (enbv1.EnbPolicyClient, *cell.Cell) {
	t.Helper()
	c, err := cell.New(cell.Config{ENBID: "enb1", UEs: []cell.UEConfig{
		{ID: "ue0", IPs: []netip.Addr{netip.MustParseAddr("10.1.0.10")}, Channel: channel.Constant(1e6)},
		{ID: "ue1", IPs: []netip.Addr{netip.MustParseAddr("10.1.0.11")}, Channel: channel.Constant(1e6)},
		{ID: "ue2", Channel: channel.Constant(1e6)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	enbv1.RegisterEnbPolicyServer(srv, New(c, nil))
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return enbv1.NewEnbPolicyClient(conn), c
}

func userPolicy(version uint64) *enbv1.SchedulingPolicy {
	return &enbv1.SchedulingPolicy{Version: version, InterCluster: enbv1.Discipline_DISCIPLINE_PFS,
		Clusters: []*enbv1.Cluster{{ClusterId: "user-a", UeIds: []string{"ue0", "ue1"},
			IntraCluster: enbv1.Discipline_DISCIPLINE_MAX_CI}}}
}

func TestPolicyRoundTripAndIdempotence(t *testing.T) {
	cl, c := serve(t)
	ctx := context.Background()
	got, err := cl.GetSchedulingPolicy(ctx, &enbv1.GetSchedulingPolicyRequest{EnbId: "enb1"})
	if err != nil || got.GetPolicy().GetVersion() != 0 || len(got.GetKnownUeIds()) != 3 {
		t.Fatalf("default: %v %v", got, err)
	}
	p := userPolicy(5)
	r, err := cl.SetSchedulingPolicy(ctx, &enbv1.SetSchedulingPolicyRequest{EnbId: "enb1", Policy: p})
	if err != nil || !r.GetChanged() || r.GetInstalledVersion() != 5 {
		t.Fatalf("set: %v %v", r, err)
	}
	got, err = cl.GetSchedulingPolicy(ctx, &enbv1.GetSchedulingPolicyRequest{EnbId: "enb1"})
	if err != nil || !proto.Equal(got.GetPolicy(), p) {
		t.Fatalf("read back %v, want %v (%v)", got.GetPolicy(), p, err)
	}
	if c.Policy().Version != 5 {
		t.Fatal("cell does not enforce the new policy")
	}
	r, err = cl.SetSchedulingPolicy(ctx, &enbv1.SetSchedulingPolicyRequest{EnbId: "enb1", Policy: userPolicy(5)})
	if err != nil || r.GetChanged() || r.GetInstalledVersion() != 5 {
		t.Fatalf("repeat: %v %v", r, err)
	}
	other := userPolicy(5)
	other.InterCluster = enbv1.Discipline_DISCIPLINE_MAX_CI
	expectCode(t, "same version, other content", codes.FailedPrecondition, "policy.version",
		func() error {
			_, err := cl.SetSchedulingPolicy(ctx, &enbv1.SetSchedulingPolicyRequest{EnbId: "enb1", Policy: other})
			return err
		})
	expectCode(t, "stale", codes.FailedPrecondition, "policy.version", func() error {
		_, err := cl.SetSchedulingPolicy(ctx, &enbv1.SetSchedulingPolicyRequest{EnbId: "enb1", Policy: userPolicy(4)})
		return err
	})
}

func expectCode(t *testing.T, name string, code codes.Code, field string, call func() error) {
	t.Helper()
	err := call()
	st, _ := status.FromError(err)
	if st.Code() != code || !strings.HasPrefix(st.Message(), field) {
		t.Errorf("%s: got %v %q, want %v naming %s", name, st.Code(), st.Message(), code, field)
	}
}

func TestInvalidPolicies(t *testing.T) {
	cl, c := serve(t)
	ctx := context.Background()
	set := func(enb string, p *enbv1.SchedulingPolicy) func() error {
		return func() error {
			_, err := cl.SetSchedulingPolicy(ctx, &enbv1.SetSchedulingPolicyRequest{EnbId: enb, Policy: p})
			return err
		}
	}
	mut := func(f func(p *enbv1.SchedulingPolicy)) *enbv1.SchedulingPolicy {
		p := userPolicy(7)
		f(p)
		return p
	}
	expectCode(t, "no policy", codes.InvalidArgument, "policy", set("enb1", nil))
	expectCode(t, "no enb", codes.InvalidArgument, "enb_id", set("", userPolicy(1)))
	expectCode(t, "other enb", codes.PermissionDenied, "enb_id", set("enb9", userPolicy(1)))
	expectCode(t, "version 0", codes.InvalidArgument, "policy.version", set("enb1", userPolicy(0)))
	expectCode(t, "inter unset", codes.InvalidArgument, "policy.inter_cluster",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) { p.InterCluster = 0 })))
	expectCode(t, "inter unknown enum", codes.InvalidArgument, "policy.inter_cluster",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) { p.InterCluster = 42 })))
	expectCode(t, "intra unset", codes.InvalidArgument, "policy.clusters[0].intra_cluster",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) { p.Clusters[0].IntraCluster = 0 })))
	expectCode(t, "empty cluster", codes.InvalidArgument, "policy.clusters[0].ue_ids",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) { p.Clusters[0].UeIds = nil })))
	expectCode(t, "UE in two clusters", codes.InvalidArgument, "policy.clusters[1].ue_ids[0]",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) {
			p.Clusters = append(p.Clusters, &enbv1.Cluster{ClusterId: "b", UeIds: []string{"ue1"},
				IntraCluster: enbv1.Discipline_DISCIPLINE_PFS})
		})))
	expectCode(t, "window", codes.InvalidArgument, "policy.pfs_window_tti",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) { p.PfsWindowTti = 1 << 30 })))
	expectCode(t, "unknown UE", codes.FailedPrecondition, "policy.clusters[0].ue_ids[1]",
		set("enb1", mut(func(p *enbv1.SchedulingPolicy) { p.Clusters[0].UeIds[1] = "ue-x" })))
	if c.Policy().Version != 0 {
		t.Fatalf("a rejected policy was installed: %+v", c.Policy())
	}
}

func TestSplitRoundTripAndInvalid(t *testing.T) {
	cl, c := serve(t)
	ctx := context.Background()
	cfg := &enbv1.SplitConfig{Version: 2, Splits: []*enbv1.FlowSplit{{SplitId: "s1",
		Match:      &enbv1.FlowMatch{DstIp: "10.1.0.10", IpProto: 6, DstPort: 5201},
		TargetUeId: "ue0", SecondPathUeId: "ue1", LteFraction: 0.5, HoldTimeUs: 25000, SecondPathDelayUs: 2000},
		{SplitId: "s2", Match: &enbv1.FlowMatch{DstIp: "10.1.0.10", IpProto: 17},
			TargetUeId: "ue0", SecondPathUeId: "ue1", HoldTimeUs: 25000, SharedBuffer: true}}}
	r, err := cl.SetSplitConfig(ctx, &enbv1.SetSplitConfigRequest{EnbId: "enb1", Config: cfg})
	if err != nil || !r.GetChanged() {
		t.Fatalf("set: %v %v", r, err)
	}
	got, err := cl.GetSplitConfig(ctx, &enbv1.GetSplitConfigRequest{EnbId: "enb1"})
	if err != nil || !proto.Equal(got.GetConfig(), cfg) {
		t.Fatalf("read back %v want %v (%v)", got.GetConfig(), cfg, err)
	}
	r, err = cl.SetSplitConfig(ctx, &enbv1.SetSplitConfigRequest{EnbId: "enb1", Config: cfg})
	if err != nil || r.GetChanged() {
		t.Fatalf("repeat: %v %v", r, err)
	}
	setSplit := func(f func(s *enbv1.FlowSplit)) func() error {
		return func() error {
			c := proto.Clone(cfg).(*enbv1.SplitConfig)
			c.Version = 3
			f(c.Splits[0])
			_, err := cl.SetSplitConfig(ctx, &enbv1.SetSplitConfigRequest{EnbId: "enb1", Config: c})
			return err
		}
	}
	expectCode(t, "bad ip", codes.InvalidArgument, "config.splits[0].match.dst_ip",
		setSplit(func(s *enbv1.FlowSplit) { s.Match.DstIp = "10.1.0" }))
	expectCode(t, "no match", codes.InvalidArgument, "config.splits[0].match",
		setSplit(func(s *enbv1.FlowSplit) { s.Match = nil }))
	expectCode(t, "port", codes.InvalidArgument, "config.splits[0].match.dst_port",
		setSplit(func(s *enbv1.FlowSplit) { s.Match.DstPort = 70000 }))
	expectCode(t, "fraction", codes.InvalidArgument, "config.splits[0].lte_fraction",
		setSplit(func(s *enbv1.FlowSplit) { s.LteFraction = -1 }))
	expectCode(t, "hold", codes.InvalidArgument, "config.splits[0].hold_time_us",
		setSplit(func(s *enbv1.FlowSplit) { s.HoldTimeUs = 20_000_000 }))
	expectCode(t, "unknown second UE", codes.FailedPrecondition, "config.splits[0].second_path_ue_id",
		setSplit(func(s *enbv1.FlowSplit) { s.SecondPathUeId = "nope" }))
	if c.Splits().Version != 2 {
		t.Fatal("a rejected split configuration was installed")
	}
}
