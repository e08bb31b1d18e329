package clientagent

import (
	"context"
	"errors"
	"fmt"
	"time"

	clientv1 "github.com/mpsdn/mpsdn/southbound-ap-agent/gen/mpsdn/client/v1"
)

// Controller is one controller endpoint serving ClientWeights. In a cluster
// every instance serves it and the weights carry a cluster-wide epoch, so the
// agent can subscribe to any of them.
type Controller struct {
	Address string
	Client  clientv1.ClientWeightsClient
}

func checkControllers(ctrls []Controller) error {
	if len(ctrls) == 0 {
		return errors.New("at least one controller is required")
	}
	seen := map[string]bool{}
	for i, c := range ctrls {
		if c.Address == "" || c.Client == nil {
			return fmt.Errorf("controller %d: address and client are required", i)
		}
		if seen[c.Address] {
			return fmt.Errorf("controller %q given twice", c.Address)
		}
		seen[c.Address] = true
	}
	return nil
}

func (a *Agent) current() Controller {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.ctrls[a.cur]
}

// advance moves to the next controller (the same one when there is only
// one) and returns it.
func (a *Agent) advance() Controller {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.ctrls) > 1 {
		a.cur = (a.cur + 1) % len(a.ctrls)
		a.stats.Failovers++
	}
	return a.ctrls[a.cur]
}

// Run subscribes until ctx ends. When a subscription ends (the controller
// died, restarted or refused), the agent moves to the next controller of its
// list after a backoff that starts at MinBackoff and doubles up to
// MaxBackoff while subscriptions keep failing; a subscription that delivered
// an update, or lasted MaxBackoff, starts the backoff afresh. Updates are
// accepted only when newer than the last applied (epoch, then version),
// whichever controller sends them.
func (a *Agent) Run(ctx context.Context) error {
	if a.meter != nil {
		go a.sampleLoop(ctx)
	}
	backoff := a.cfg.MinBackoff
	for {
		c := a.current()
		start := time.Now()
		got, err := a.session(ctx, c)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if got || time.Since(start) >= a.cfg.MaxBackoff {
			backoff = a.cfg.MinBackoff
		}
		next := a.advance()
		a.log.Warn("subscription ended; reconnecting", "controller", c.Address, "err", err, "next", next.Address,
			"in", backoff)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, a.cfg.MaxBackoff)
		a.mu.Lock()
		a.stats.Reconnects++
		a.mu.Unlock()
	}
}
