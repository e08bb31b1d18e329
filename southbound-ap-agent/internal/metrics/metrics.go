// Package metrics exposes the agent's own counters for Prometheus on an
// optional, loopback-only /metrics endpoint (off by default).
package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc/codes"

	agentv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/agent/v1"
	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/sampler"
)

// Metrics holds the registry.
type Metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	occupancy *prometheus.GaugeVec
	age       prometheus.Gauge
	stations  prometheus.Gauge
}

// New registers the sampler's counters, request outcomes, the last reported
// occupancy per direction, the age of the newest sample in the last report
// and its number of station queues.
func New(s *sampler.Sampler) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mpsdn_agent_getstatus_requests_total", Help: "GetStatus requests by gRPC code."}, []string{"code"}),
		occupancy: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "mpsdn_agent_occupancy_ratio", Help: "Occupancy ratio in the last reported window."}, []string{"direction"}),
		age: prometheus.NewGauge(prometheus.GaugeOpts{Name: "mpsdn_agent_newest_sample_age_seconds",
			Help: "Age of the newest sample in the last reported window when the agent answered."}),
		stations: prometheus.NewGauge(prometheus.GaugeOpts{Name: "mpsdn_agent_station_queues",
			Help: "Per-station queues in the last reported window."}),
	}
	reg.MustRegister(m.requests, m.occupancy, m.age, m.stations,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "mpsdn_agent_sample_rounds_total",
			Help: "Sampling rounds."}, func() float64 { return float64(s.Stats().Rounds) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "mpsdn_agent_sample_errors_total",
			Help: "Sampling rounds in which a source failed."}, func() float64 { return float64(s.Stats().RoundErrors) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "mpsdn_agent_sample_seconds_total",
			Help: "Time spent sampling."}, func() float64 { return float64(s.Stats().Nanos) / 1e9 }),
	)
	return m
}

// Observe records one GetStatus outcome.
func (m *Metrics) Observe(code codes.Code, st *agentv1.ApStatus) {
	m.requests.WithLabelValues(code.String()).Inc()
	if st == nil {
		return
	}
	for _, q := range st.GetQueues() {
		m.occupancy.WithLabelValues(q.GetDirection().String()).Set(q.GetOccupancyRatio())
	}
	if n := st.GetNewestSampleMonotonicNs(); n > 0 && n <= st.GetMonotonicNs() {
		m.age.Set(float64(st.GetMonotonicNs()-n) / 1e9)
	}
	m.stations.Set(float64(len(st.GetStationQueues())))
}

// Handler serves the registry.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
