package cell

import (
	"encoding/binary"
	"math/rand/v2"
	"net/netip"
	"testing"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/channel"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/packet"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/sched"
)

// receiver models a TCP receiver's duplicate ACKs: every packet beyond the
// next expected one triggers a duplicate ACK; the third duplicate ACK for
// the same hole is a triple-DUP-ACK event (a fast retransmit at the sender).
type receiver struct {
	expected uint64
	ooo      map[uint64]bool
	dups     int
	triples  int
}

func (r *receiver) deliver(n uint64) {
	switch {
	case n == r.expected:
		r.expected++
		for r.ooo[r.expected] {
			delete(r.ooo, r.expected)
			r.expected++
		}
		r.dups = 0
	case n > r.expected:
		r.ooo[n] = true
		r.dups++
		if r.dups == 3 {
			r.triples++
		}
	}
}

// tripleDupAcks runs a 50 % split over two Markov links (second path 10 ms
// longer) and counts triple-DUP-ACK events at the receiver.
func tripleDupAcks(t *testing.T, hold time.Duration) (triples, delivered int) {
	t.Helper()
	table := channel.LTERateTable(channel.PaperPeakBps)
	h, _ := channel.NewMarkov(table, 0.3, 0.2, rand.New(rand.NewPCG(5, 1)))
	r, _ := channel.NewMarkov(table, 0.4, 0.3, rand.New(rand.NewPCG(5, 2)))
	dst := netip.MustParseAddr("10.1.0.10")
	c, err := New(Config{ENBID: "e", UEs: []UEConfig{
		{ID: "host", IPs: []netip.Addr{dst}, Channel: h}, {ID: "relay", Channel: r}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetPolicy(sched.Policy{Version: 1, Inter: sched.PFS, Clusters: []sched.ClusterSpec{
		{ID: "u", UEs: []string{"host", "relay"}, Intra: sched.MaxCI}}}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetSplits(SplitConfig{Version: 1, Splits: []SplitSpec{{ID: "s", DstIP: dst, TargetUE: "host",
		SecondUE: "relay", LTEFraction: 0.5, Hold: hold, SecondPathDelay: 10 * time.Millisecond}}}); err != nil {
		t.Fatal(err)
	}
	rx := &receiver{ooo: map[uint64]bool{}}
	var n uint64
	for tti := 0; tti < 20000; tti++ {
		if tti < 18000 {
			for k := 0; k < 2; k++ { // 2 x 1500 B per ms = 24 Mbit/s offered
				c.Enqueue(frame(n, 1500), packet.Flow{Dst: dst, Proto: 6})
				n++
			}
		}
		for _, d := range c.Step() {
			rx.deliver(binary.BigEndian.Uint64(d.Data))
			delivered++
		}
	}
	return rx.triples, delivered
}

// The in-order mux with a hold time covering the path skew removes the
// triple DUP-ACKs a 50 % split causes without holding.
func TestHoldReducesTripleDupAcks(t *testing.T) {
	noHold, n0 := tripleDupAcks(t, 0)
	held, n1 := tripleDupAcks(t, 30*time.Millisecond)
	t.Logf("50%% split, 10 ms path skew: triple DUP-ACK events %d without hold, %d with 30 ms hold (%d/%d delivered)",
		noHold, held, n0, n1)
	if noHold < 100 {
		t.Fatalf("without hold only %d triple DUP-ACK events: the scenario does not reorder", noHold)
	}
	if held*10 > noHold {
		t.Fatalf("hold time did not remove triple DUP-ACKs: %d -> %d", noHold, held)
	}
	if n0 != n1 || n0 != 36000 {
		t.Fatalf("delivered %d and %d packets, want 36000", n0, n1)
	}
}
