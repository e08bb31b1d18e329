package collector

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// ENB reads an LTE eNB's metrics document (format in enb_format.go) from an
// http(s) URL or a file path. It reports the eNB's queues for the configured
// directions, the UEs' own queues in those directions as station queues, its
// UEs as stations and its capacity.
type ENB struct {
	source string
	dirs   []Direction
	maxAge time.Duration
	client *http.Client
	now    func() time.Time
}

// NewENB returns an eNB collector. source is an http(s) URL or a file path;
// dirs are the queue directions to report (none for a station-only use);
// maxAge rejects documents older than that (0 disables the check).
func NewENB(source string, dirs []Direction, timeout, maxAge time.Duration) (*ENB, error) {
	if source == "" {
		return nil, fmt.Errorf("enb collector: source (url or file) must not be empty")
	}
	if timeout <= 0 {
		return nil, fmt.Errorf("enb collector: timeout %v must be > 0", timeout)
	}
	return &ENB{source: source, dirs: dirs, maxAge: maxAge,
		client: &http.Client{Timeout: timeout}, now: time.Now}, nil
}

// Name implements Collector.
func (e *ENB) Name() string { return "enb:" + e.source }

func (e *ENB) read(ctx context.Context) ([]byte, error) {
	if !strings.HasPrefix(e.source, "http://") && !strings.HasPrefix(e.source, "https://") {
		return os.ReadFile(e.source)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.source, nil)
	if err != nil {
		return nil, err
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: HTTP %d", e.source, resp.StatusCode)
	}
	return io.ReadAll(io.LimitReader(resp.Body, maxENBDocument+1))
}

// Collect implements Collector.
func (e *ENB) Collect(ctx context.Context) (*Reading, error) {
	b, err := e.read(ctx)
	if err != nil {
		return nil, fmt.Errorf("eNB metrics %s: %w", e.source, err)
	}
	m, err := ParseENBMetrics(b)
	if err != nil {
		return nil, err
	}
	if e.maxAge > 0 {
		age := e.now().Sub(time.UnixMilli(m.TimestampMs))
		if age > e.maxAge {
			return nil, fmt.Errorf("eNB metrics %s: stale, timestamp_ms %d is %v old (max %v)", e.source, m.TimestampMs, age.Round(time.Millisecond), e.maxAge)
		}
	}
	r := &Reading{CapacityBps: m.CapacityBps}
	for _, d := range e.dirs {
		q, ok := m.Queues[d.String()]
		if !ok {
			return nil, fmt.Errorf("eNB metrics %s: queues.%s missing", e.source, d)
		}
		r.Queues = append(r.Queues, QueueSample{Direction: d, BacklogBytes: q.BacklogBytes,
			BacklogPackets: q.BacklogPackets, LimitBytes: q.LimitBytes, LimitPackets: q.LimitPackets,
			Drops: q.Drops, Source: "enb"})
	}
	r.StationQueues = ENBStationQueues(m, e.dirs)
	for _, ue := range m.UEs {
		r.Stations = append(r.Stations, Station{IPs: ue.IPs, RSSIdBm: ue.RSRPdBm,
			TxPhyRateBps: ue.DLPhyRateBps, RxPhyRateBps: ue.ULPhyRateBps,
			TxBytes: ue.DLBytes, RxBytes: ue.ULBytes, InactiveMilli: uint32(min(ue.InactiveMs, uint64(^uint32(0))))})
	}
	return r, nil
}
