package metricshttp

import (
	"encoding/json"
	"net/http"

	"github.com/mpsdn/mpsdn/southbound-ap-agent/internal/enb/cell"
)

// Path is the metrics endpoint.
const Path = "/v1/metrics"

// Source gives a metrics snapshot.
type Source interface {
	Snapshot() cell.Metrics
}

// Handler serves Path.
func Handler(src Source) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(Path, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(src.Snapshot())
	})
	return mux
}
