package clientagent

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/weightpub"
	"google.golang.org/grpc"
)

// newClusterAgent starts an agent with one controller per address.
func newClusterAgent(t *testing.T, app Applier, addrs ...string) *Agent {
	t.Helper()
	tf := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tf, []byte(tok+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var ctrls []Controller
	for _, addr := range addrs {
		opts, err := DialOptions(DialConfig{Address: addr, TokenFile: tf, Insecure: true})
		if err != nil {
			t.Fatal(err)
		}
		conn, err := grpc.NewClient(addr, opts...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		ctrls = append(ctrls, Controller{Address: addr, Client: clientv1.NewClientWeightsClient(conn)})
	}
	a, err := New(Config{ClientID: "ue1", Paths: testPaths, MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond},
		ctrls, app, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go a.Run(ctx)
	t.Cleanup(cancel)
	return a
}

// TestAgentMovesToAnotherControllerWhenItsControllerDies: two instances of a
// cluster serve the weights with the cluster-wide epoch; the first dies, the
// agent subscribes to the second, accepts its newer version and drops older
// ones (same epoch and an older version, or an older epoch).
func TestAgentMovesToAnotherControllerWhenItsControllerDies(t *testing.T) {
	tokens := map[string]string{"ue1": tok}
	p1, p2 := weightpub.New(500, tokens), weightpub.New(500, tokens)
	a1, a2 := serve(t, p1, "127.0.0.1:0"), serve(t, p2, "127.0.0.1:0")
	defer p2.Stop()
	app := &fakeApplier{}
	a := newClusterAgent(t, app, a1, a2)

	p1.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 30))
	eventually(t, "v1 applied from the first controller", func() bool { return app.count() == 1 })
	eventually(t, "v1 acked to the first controller", func() bool { return len(p1.Acks("ue1")) == 1 })
	if s := a.Stats(); s.Controller != a1 || s.Failovers != 0 {
		t.Fatalf("before the failure: %+v", s)
	}
	// the second instance holds the same version 1 (computed once, cluster-wide)
	p2.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 30))
	p1.Stop()
	eventually(t, "subscribed to the second controller", func() bool { return p2.Subscribers("ue1") == 1 })
	if s := a.Stats(); s.Controller != a2 || s.Failovers < 1 {
		t.Fatalf("after the failure: %+v", s)
	}
	p2.Publish("ue1", clientv1.WeightSource_WEIGHT_SOURCE_MANUAL, weightpub.W("wlan0", 200), weightpub.W("lte0", 60))
	eventually(t, "v2 applied from the second controller", func() bool { return app.count() == 2 })
	if got := app.last(); got[1].Value != 60 {
		t.Fatalf("applied %+v, want lte0 60", got)
	}
	eventually(t, "v2 acked to the second controller", func() bool { return len(p2.Acks("ue1")) == 1 })
	for _, old := range []*clientv1.WeightUpdate{
		{ClientId: "ue1", Epoch: 500, Version: 1, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1), weightpub.W("lte0", 1)}},
		{ClientId: "ue1", Epoch: 499, Version: 9, Weights: []*clientv1.PathWeight{weightpub.W("wlan0", 1), weightpub.W("lte0", 2)}},
	} {
		p2.SendRaw("ue1", old)
	}
	eventually(t, "two stale updates dropped", func() bool { return a.Stats().Stale == 2 })
	if app.count() != 2 || len(p2.Acks("ue1")) != 1 {
		t.Fatalf("an older update was applied or acked: %d applies, %d acks", app.count(), len(p2.Acks("ue1")))
	}
	if s := a.Stats(); s.Epoch != 500 || s.Version != 2 {
		t.Fatalf("state %+v, want (500, 2)", s)
	}
}

func TestNewRefusesAnEmptyOrDuplicatedControllerList(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if _, err := New(Config{ClientID: "ue1", Paths: testPaths}, nil, &fakeApplier{}, nil, log); err == nil {
		t.Error("no controller accepted")
	}
	c := Controller{Address: "a:1", Client: clientv1.NewClientWeightsClient(nil)}
	if _, err := New(Config{ClientID: "ue1", Paths: testPaths}, []Controller{c, c}, &fakeApplier{}, nil, log); err == nil {
		t.Error("a controller given twice accepted")
	}
}
