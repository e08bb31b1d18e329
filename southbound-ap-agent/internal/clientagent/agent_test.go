package clientagent

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/weightpub"
	"google.golang.org/grpc"
)

type fakeApplier struct {
	mu      sync.Mutex
	applied [][]Weight
}

func (f *fakeApplier) Name() string { return "fake" }
func (f *fakeApplier) Close() error { return nil }
func (f *fakeApplier) Apply(_ context.Context, ws []Weight) []Result {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.applied = append(f.applied, ws)
	var r []Result
	for _, w := range ws {
		r = append(r, Result{PathID: w.PathID, Value: w.Value})
	}
	return r
}
func (f *fakeApplier) count() int { f.mu.Lock(); defer f.mu.Unlock(); return len(f.applied) }
func (f *fakeApplier) last() []Weight {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.applied[len(f.applied)-1]
}

var testPaths = []Path{
	{ID: "wlan0", Interface: "wlan0", Addresses: []netip.Addr{netip.MustParseAddr("10.1.1.2")}},
	{ID: "lte0", Interface: "lte0", Addresses: []netip.Addr{netip.MustParseAddr("10.1.2.2")}},
}

const tok = "ue1-secret-token-0123"

func serve(t *testing.T, p *weightpub.Publisher, addr string) string {
	t.Helper()
	var lis net.Listener
	var err error
	for i := 0; i < 50; i++ { // the old listener's port may take a moment to free
		if lis, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	go p.Serve(lis)
	return lis.Addr().String()
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func newAgent(t *testing.T, addr, stateFile string, app Applier) (*Agent, context.CancelFunc) {
	t.Helper()
	tf := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tf, []byte(tok+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := DialOptions(DialConfig{Address: addr, TokenFile: tf, Insecure: true})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	a, err := New(Config{ClientID: "ue1", Paths: testPaths, StateFile: stateFile, MinBackoff: 20 * time.Millisecond,
		MaxBackoff: 100 * time.Millisecond}, []Controller{{Address: addr, Client: clientv1.NewClientWeightsClient(conn)}}, app,
		nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go a.Run(ctx)
	t.Cleanup(cancel)
	return a, cancel
}

func TestAgentAppliesRejectsStaleAndMalformedAndSurvivesControllerRestart(t *testing.T) {
	tokens := map[string]string{"ue1": tok}
	stateFile := filepath.Join(t.TempDir(), "state.json")
	p1 := weightpub.New(100, tokens)
	addr := serve(t, p1, "127.0.0.1:0")
	app := &fakeApplier{}
	a, cancel := newAgent(t, addr, stateFile, app)

	p1.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 30))
	eventually(t, "first apply", func() bool { return app.count() == 1 })
	if got := app.last(); got[0].Value != 200 || got[1].Value != 30 {
		t.Fatalf("applied %+v", got)
	}
	eventually(t, "ack", func() bool { return len(p1.Acks("ue1")) == 1 })
	if ack := p1.Acks("ue1")[0]; ack.Version != 1 || ack.Epoch != 100 || len(ack.Paths) != 2 || !ack.Paths[1].Ok {
		t.Fatalf("ack %+v", ack)
	}

	// stale: same epoch, same version, other weights -> not applied, not acked
	p1.SendRaw("ue1", &clientv1.WeightUpdate{ClientId: "ue1", Epoch: 100, Version: 1,
		Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1), weightpub.W("lte0", 1)}})
	// malformed: unknown path, all zero, other client, missing path
	for _, bad := range []*clientv1.WeightUpdate{
		{ClientId: "ue1", Epoch: 100, Version: 5, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1), weightpub.W("eth7", 1)}},
		{ClientId: "ue1", Epoch: 100, Version: 5, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 0), weightpub.W("lte0", 0)}},
		{ClientId: "ue2", Epoch: 100, Version: 5, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1), weightpub.W("lte0", 1)}},
		{ClientId: "ue1", Epoch: 100, Version: 5, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1)}},
		{ClientId: "ue1", Epoch: 100, Version: 5, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1), weightpub.W("lte0", 70000)}},
	} {
		p1.SendRaw("ue1", bad)
	}
	eventually(t, "stale and rejected counted", func() bool { s := a.Stats(); return s.Stale == 1 && s.Rejected == 5 })
	if app.count() != 1 || len(p1.Acks("ue1")) != 1 {
		t.Fatalf("stale or malformed update applied: %d applies, %d acks", app.count(), len(p1.Acks("ue1")))
	}

	// controller restart: new instance, newer epoch, its own version 1
	p1.Stop()
	p2 := weightpub.New(200, tokens)
	p2.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 60))
	serve(t, p2, addr)
	eventually(t, "apply after restart", func() bool { return app.count() == 2 })
	if got := app.last(); got[1].Value != 60 {
		t.Fatalf("applied %+v", got)
	}
	if s := a.Stats(); s.Reconnects < 1 || s.Epoch != 200 || s.Version != 1 {
		t.Fatalf("stats %+v", s)
	}

	// stream drop without a controller change: the agent resumes at (200, 1) and nothing is re-applied
	p2.Stop()
	p3 := weightpub.New(200, tokens)
	p3.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 60))
	serve(t, p3, addr)
	eventually(t, "resubscribe", func() bool { return p3.Subscribers("ue1") == 1 })
	p3.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 140))
	eventually(t, "apply v2", func() bool { return app.count() == 3 })
	if got := app.last(); got[1].Value != 140 {
		t.Fatalf("applied %+v (the resumed v1 must not be re-applied)", got)
	}

	// agent restart: the state file makes it resume at (200, 2)
	cancel()
	st, err := LoadState(stateFile)
	if err != nil || st.Epoch != 200 || st.Version != 2 {
		t.Fatalf("state %+v %v", st, err)
	}
	app2 := &fakeApplier{}
	newAgent(t, addr, stateFile, app2)
	eventually(t, "second agent subscribed", func() bool { return p3.Subscribers("ue1") >= 1 })
	time.Sleep(200 * time.Millisecond)
	if app2.count() != 0 {
		t.Fatalf("restarted agent re-applied %+v", app2.last())
	}
	p3.Stop()
}

func TestNewer(t *testing.T) {
	cases := []struct {
		e, v, le, lv uint64
		want         bool
	}{{1, 2, 1, 1, true}, {1, 1, 1, 1, false}, {1, 0, 1, 1, false}, {2, 1, 1, 9, true}, {1, 9, 2, 1, false}, {1, 1, 0, 0, true}}
	for _, c := range cases {
		if got := Newer(c.e, c.v, c.le, c.lv); got != c.want {
			t.Errorf("Newer(%d,%d,%d,%d)=%v", c.e, c.v, c.le, c.lv, got)
		}
	}
}

func TestParsePath(t *testing.T) {
	p, err := ParsePath("id=wlan0,kind=wifi,ap=ap-1,addr=10.0.0.2,addr=fd00::2")
	if err != nil || p.Interface != "wlan0" || len(p.Addresses) != 2 || p.Kind != clientv1.PathKind_PATH_KIND_WIFI {
		t.Fatalf("%+v %v", p, err)
	}
	for _, bad := range []string{"id=wlan0", "id=wl an,addr=1.2.3.4", "id=a,addr=1.2.3.400", "id=a,kind=5g,addr=1.2.3.4", "x"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
