package metricshttp

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
)

// Path is the metrics endpoint.
const Path = "/v1/metrics"

// Source gives a metrics snapshot.
type Source interface {
	Snapshot() cell.Metrics
}

// Handler serves Path; now stamps timestamp_ms (nil: time.Now).
func Handler(src Source, now func() time.Time) http.Handler {
	if now == nil {
		now = time.Now
	}
	mux := http.NewServeMux()
	mux.HandleFunc(Path, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		m := src.Snapshot()
		m.TimestampMs = now().UnixMilli()
		_ = json.NewEncoder(w).Encode(m)
	})
	return mux
}
