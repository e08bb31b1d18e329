package clientagent

import (
	"fmt"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
)

// MaxWeight is the largest weight the contract allows.
const MaxWeight = 65535

// ValidateUpdate checks an update from the controller against the client's
// identity and paths: it must name this client, carry a non-zero epoch and
// version, give exactly one weight to each announced path, keep weights in
// [0, MaxWeight], and leave at least one path with weight > 0.
func ValidateUpdate(u *clientv1.WeightUpdate, clientID string, paths []Path) error {
	if u.GetClientId() != clientID {
		return fmt.Errorf("client_id %q: this agent is %q", u.GetClientId(), clientID)
	}
	if u.GetEpoch() == 0 || u.GetVersion() == 0 {
		return fmt.Errorf("epoch %d / version %d: both must be > 0", u.GetEpoch(), u.GetVersion())
	}
	known := map[string]bool{}
	for _, p := range paths {
		known[p.ID] = true
	}
	seen := map[string]bool{}
	positive := false
	for i, w := range u.GetWeights() {
		if !known[w.GetPathId()] {
			return fmt.Errorf("weights[%d].path_id %q: not a path of this client", i, w.GetPathId())
		}
		if seen[w.GetPathId()] {
			return fmt.Errorf("weights[%d].path_id %q: given twice", i, w.GetPathId())
		}
		seen[w.GetPathId()] = true
		if w.GetWeight() > MaxWeight {
			return fmt.Errorf("weights[%d].weight %d: above %d", i, w.GetWeight(), MaxWeight)
		}
		if w.GetWeight() > 0 {
			positive = true
		}
	}
	for _, p := range paths {
		if !seen[p.ID] {
			return fmt.Errorf("weights: no weight for path %q", p.ID)
		}
	}
	if !positive {
		return fmt.Errorf("weights: every weight is 0")
	}
	return nil
}
