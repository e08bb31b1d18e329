package wificell

import (
	"net"
	"time"
)

// newStatus fills what one reading shows before any rate is computed.
func (c *Controller) newStatus(now time.Time, leaves map[int]LeafStats) Status {
	n := len(c.Stations)
	st := Status{Time: float64(now.UnixNano()) / 1e9, QueueMode: c.Tree.Mode.String(),
		Direction: c.Tree.Dir.String(), Limit: c.Tree.Limit, Occupancy: Occupancy(leaves),
		Rates: make([]float64, n), Backlogged: make([]bool, n), Qlen: make([]uint64, n),
		TxBytes: make([]uint64, n), PhyRate: make([]float64, n), Quantum: make([]float64, n)}
	if c.Doc != nil {
		st.DocErrors = c.Doc.Errors
	}
	for i, s := range c.Stations {
		st.PhyRate[i], st.Quantum[i] = s.PhyRate, s.Quantum
	}
	if c.Tree.Mode == SharedFIFO {
		copy(st.TxBytes, c.Counter.Counts())
		return st
	}
	for i := range c.Stations {
		l := leaves[StationMinor(i)]
		st.TxBytes[i], st.Qlen[i] = l.Bytes, l.Qlen
	}
	return st
}

// observe turns the interval's byte counts into per-station rates (a short
// EWMA smooths TCP's saw-tooth without hiding a step) and returns the
// stations that share the medium (the cell's, then its peer's), what they did,
// and the cell's capacity in its mode: CapacityOf for per-station leaves,
// FIFOCapacity for the shared FIFO.
func (c *Controller) observe(now time.Time, leaves map[int]LeafStats, st *Status, dt float64) (
	[]Station, []Observation, float64, error) {
	obs := make([]Observation, len(c.Stations))
	fifoBusy := leaves[SharedMinor].Qlen > 0
	for i := range c.Stations {
		var inst float64
		if prev := c.lastCounts[i]; st.TxBytes[i] >= prev {
			inst = float64(st.TxBytes[i]-prev) * 8 / dt
		}
		c.rates[i] = 0.5*c.rates[i] + 0.5*inst
		busy := st.Qlen[i] > 0
		if c.Tree.Mode == SharedFIFO {
			busy = fifoBusy && c.rates[i] > activeRate
		}
		obs[i] = Observation{Backlogged: busy || c.wasBusy[i], Rate: c.rates[i]}
		c.wasBusy[i] = busy
		st.Rates[i], st.Backlogged[i] = c.rates[i], obs[i].Backlogged
	}
	if c.Tree.Mode == SharedFIFO {
		capa, err := FIFOCapacity(c.Stations, c.rates, c.Contention)
		return c.Stations, obs, capa, err
	}
	all := c.Stations
	if c.Peer != nil {
		if pst, pobs, ok := c.Peer.Read(now); ok {
			all = append(append(make([]Station, 0, len(all)+len(pst)), all...), pst...)
			obs = append(obs, pobs...)
			st.PeerStations = len(pst)
		}
		st.PeerStale = c.Peer.Stale
	}
	capa, err := CapacityOf(all, obs, c.Contention, len(c.Stations))
	return all, obs, capa, err
}

// checkDoc applies the station document's PHY rates when it changed.
func (c *Controller) checkDoc() {
	if c.Doc == nil {
		return
	}
	rates, ok := c.Doc.Check()
	if !ok {
		return
	}
	for i := range c.Stations {
		s := &c.Stations[i]
		r, listed := rates[canonicalIPv4(s.Addr)]
		if !listed || r == s.PhyRate {
			continue
		}
		if c.Log != nil {
			c.Log.Info("radio event", "station", s.Addr, "phy_from_bps", s.PhyRate, "phy_to_bps", r)
		}
		s.PhyRate = r
		if c.PFQuantum {
			s.Quantum = PFQuantum(r)
		}
		c.dirty = true
	}
}

// PFQuantum is the quantum (bytes) proportional to a PHY rate (bit/s) that
// gives every backlogged station equal airtime: 46 Mb/s -> 4600 bytes.
func PFQuantum(phy float64) float64 { return phy / 1e4 }

func canonicalIPv4(s string) string {
	if ip := net.ParseIP(s).To4(); ip != nil {
		return ip.String()
	}
	return s
}
