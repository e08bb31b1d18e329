package wificell

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Two directions of one channel, each with one backlogged station of the same
// PHY rate and quantum, split the airtime: each gets half of what the two
// stations carry together, and each side computes the same split.
func TestCapacityOfSplitsTheChannelWithABackloggedPeer(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6)
	both := allBacklogged(2)
	down, err := CapacityOf(st, both, k, 1)
	if err != nil {
		t.Fatal(err)
	}
	together, _ := Capacity(st, both, k)
	near(t, "downlink's share", down, together/2, 1)
	alone, _ := Capacity(wifi(54e6), allBacklogged(1), k)
	if down >= alone/2+1 {
		t.Fatalf("share %.4g not below half the lone station's %.4g (contention)", down, alone)
	}
}

// A peer that sends at a limited rate takes its airtime off the cell's
// budget: the cell's backlogged station gets the rest.
func TestCapacityOfLeavesThePeersAirtime(t *testing.T) {
	k := LinearContention(0)
	st := wifi(40e6, 20e6) // own station at 40, peer at 20 Mb/s PHY
	obs := []Observation{{Backlogged: true}, {Rate: 5e6}}
	got, err := CapacityOf(st, obs, k, 1)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "own rate", got, 40e6*(1-5e6/20e6), 1) // a quarter of the airtime is the peer's
}

// A download that sent more than its turn (40 of 54 Mb/s, its leaf empty at
// the readings) still contends for the channel only in turn: the uplink cell
// carrying the download's ACKs offers them the share they would have with the
// download backlogged (half the channel), not the 2 Mb/s the download's
// airtime leaves, which starved the ACKs and the download with them.
func TestCapacityOfGivesAnAckStreamItsTurnBesideAGreedyPeer(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6) // own: the ACK stream; peer: the download
	limitedPeer := []Observation{{Rate: 1.3e6}, {Rate: 40e6}}
	got, err := CapacityOf(st, limitedPeer, k, 1)
	if err != nil {
		t.Fatal(err)
	}
	together, _ := Capacity(st, allBacklogged(2), k)
	near(t, "ACK stream's turn", got, together/2, 1)
	backloggedPeer := []Observation{{Rate: 1.3e6}, {Backlogged: true, Rate: 40e6}}
	same, _ := CapacityOf(st, backloggedPeer, k, 1)
	near(t, "same with the peer's leaf seen backlogged", got, same, 1)
	// a peer within its turn keeps its rate: the ACKs get the rest
	modestPeer := []Observation{{Rate: 1.3e6}, {Rate: 10e6}}
	rest, _ := CapacityOf(st, modestPeer, k, 1)
	if rest <= together/2 {
		t.Fatalf("beside a 10-Mb/s peer the ACK stream got %.4g, not more than its turn %.4g", rest, together/2)
	}
}

// With no own traffic, the cell offers what one own station could take beside
// the peer as it is; an idle peer changes nothing; own out of range is refused.
func TestCapacityOfWithoutOwnTrafficAndBadOwn(t *testing.T) {
	k := LinearContention(0.143)
	st := wifi(54e6, 54e6, 30e6)
	idlePeer := []Observation{{}, {}, {}}
	got, _ := CapacityOf(st, idlePeer, k, 2)
	want, _ := Capacity(wifi(54e6, 54e6), allBacklogged(2), k)
	near(t, "idle peer", got, want, 1)
	busyPeer := []Observation{{}, {}, {Backlogged: true}}
	if shared, _ := CapacityOf(st, busyPeer, k, 2); shared >= want {
		t.Fatalf("a backlogged peer left the cell %.4g, alone %.4g", shared, want)
	}
	for _, own := range []int{0, 4} {
		if _, err := CapacityOf(st, idlePeer, k, own); err == nil {
			t.Fatalf("own %d accepted", own)
		}
	}
}

// peerFile writes s where the cell's peer writes its status, as it does.
func peerFile(t *testing.T, dir string, s Status) string {
	t.Helper()
	p := filepath.Join(dir, "peer.json")
	if err := writeStatus(p, s); err != nil {
		t.Fatal(err)
	}
	return p
}

// The peer's status gives its stations; a stale, missing or malformed one is
// counted and leaves the cell alone on the medium.
func TestPeerReadsFreshStatusAndCountsUnusableOnes(t *testing.T) {
	now := time.Unix(1000, 0)
	dir := t.TempDir()
	p := &Peer{Path: peerFile(t, dir, Status{Time: 999.95, PhyRate: []float64{20e6, 30e6},
		Rates: []float64{1e6, 0}, Backlogged: []bool{false, true}, Quantum: []float64{1514, 3000}}),
		MaxAge: time.Second}
	st, obs, ok := p.Read(now)
	if !ok || len(st) != 2 || st[1].Quantum != 3000 || st[0].PhyRate != 20e6 || !obs[1].Backlogged || obs[0].Rate != 1e6 {
		t.Fatalf("read %v %v %v", st, obs, ok)
	}
	if _, _, ok := p.Read(now.Add(2 * time.Second)); ok || p.Stale != 1 {
		t.Fatalf("stale status used (ok %v, stale %d)", ok, p.Stale)
	}
	peerFile(t, dir, Status{Time: 1000, PhyRate: []float64{20e6}, Rates: []float64{1, 2}, Backlogged: []bool{true}})
	if _, _, ok := p.Read(now); ok || p.Stale != 2 {
		t.Fatalf("mismatched lists used (stale %d)", p.Stale)
	}
	p.Path = filepath.Join(dir, "none.json")
	if _, _, ok := p.Read(now); ok || p.Stale != 3 {
		t.Fatalf("missing status used (stale %d)", p.Stale)
	}
}

// A station the peer saw backlogged that got far less than its part of the
// peer's capacity (a download's ACK stream) counts at its rate; one that got
// its part stays backlogged.
func TestParsePeerStatusCountsAnAckStreamAtItsRate(t *testing.T) {
	now := time.Unix(1000, 0)
	b := []byte(`{"time":1000,"capacity_bps":22e6,"station_phy_bps":[54e6,54e6],` +
		`"station_rate_bps":[1.1e6,10e6],"station_backlogged":[true,true]}`)
	_, obs, err := ParsePeerStatus(b, now, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if obs[0].Backlogged || !obs[1].Backlogged || obs[0].Rate != 1.1e6 {
		t.Fatalf("observations %+v", obs)
	}
}

func TestParsePeerStatusRejectsBadStations(t *testing.T) {
	now := time.Unix(1000, 0)
	for _, s := range []string{`{"time":1000,"station_phy_bps":[0],"station_rate_bps":[0],"station_backlogged":[false]}`,
		`{"time":1000,"station_phy_bps":[1e6],"station_rate_bps":[-1],"station_backlogged":[false]}`, `{`} {
		if _, _, err := ParsePeerStatus([]byte(s), now, time.Second); err == nil || !strings.Contains(err.Error(), "peer status") {
			t.Fatalf("%s: err %v", s, err)
		}
	}
}

// A cell whose peer is backlogged on the same channel moves its parent rate
// to its share of the airtime, and says how many peer stations it counted.
func TestControllerSharesAirtimeWithItsPeer(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Unix(100, 0)
	path := peerFile(t, dir, Status{Time: 100.2, Capacity: 25e6, PhyRate: []float64{54e6, 54e6, 30e6},
		Rates: []float64{0, 0, 20e6}, Backlogged: []bool{false, false, true}})
	f := &fakeTC{}
	c := &Controller{Tree: Tree{Dev: "wl", Limit: 50}, Stations: wifi(54e6, 54e6, 30e6), Contention: LinearContention(0.143),
		Interval: 100 * time.Millisecond, TC: f, Peer: &Peer{Path: path, MaxAge: time.Second}}
	if err := c.Setup(); err != nil {
		t.Fatal(err)
	}
	f.stats = []string{leaves(0, 5, 0, 5, 0, 0), leaves(125000, 5, 125000, 5, 0, 0), leaves(250000, 5, 250000, 5, 0, 0)}
	var st Status
	for i := 0; i < 3; i++ {
		var err error
		if st, err = c.Step(t0.Add(time.Duration(i) * 100 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	if st.PeerStations != 3 || st.PeerStale != 0 {
		t.Fatalf("peer stations %d, stale %d", st.PeerStations, st.PeerStale)
	}
	alone, _ := Capacity(wifi(54e6, 54e6, 30e6), []Observation{{Backlogged: true}, {Backlogged: true}, {}}, c.Contention)
	if c.capacity > 0.8*alone {
		t.Fatalf("capacity %.4g beside a backlogged peer, alone %.4g", c.capacity, alone)
	}
}
