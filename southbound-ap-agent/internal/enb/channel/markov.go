package channel

import (
	"fmt"
	"math/rand/v2"
)

// State of the two-state Markov channel.
type State int

// Channel states.
const (
	Bad State = iota
	Good
)

func (s State) String() string {
	if s == Good {
		return "good"
	}
	return "bad"
}

// Markov is the paper's two-state channel. Each TTI it first makes the state
// transition (Bad->Good with probability P, Good->Bad with probability Q),
// then draws the rate uniformly among the current state's rates.
type Markov struct {
	P, Q      float64
	bad, good []float64
	state     State
	rng       *rand.Rand
}

// NewMarkov builds the model on table with transition probabilities p and q in
// [0, 1]. The initial state is drawn from the stationary distribution
// P(Good) = p / (p + q) (Good if p + q = 0).
func NewMarkov(table RateTable, p, q float64, rng *rand.Rand) (*Markov, error) {
	if !(p >= 0 && p <= 1) {
		return nil, fmt.Errorf("markov p: %v not in [0, 1]", p)
	}
	if !(q >= 0 && q <= 1) {
		return nil, fmt.Errorf("markov q: %v not in [0, 1]", q)
	}
	if len(table) < 2 {
		return nil, fmt.Errorf("markov rate table: need at least 2 rates, have %d", len(table))
	}
	if rng == nil {
		return nil, fmt.Errorf("markov rng: nil")
	}
	bad, good := table.Halves()
	m := &Markov{P: p, Q: q, bad: bad, good: good, rng: rng, state: Good}
	if p+q > 0 && rng.Float64() >= p/(p+q) {
		m.state = Bad
	}
	return m, nil
}

// State returns the state used for the last rate returned by Next.
func (m *Markov) State() State { return m.state }

// Next implements Model.
func (m *Markov) Next() float64 {
	switch m.state {
	case Bad:
		if m.rng.Float64() < m.P {
			m.state = Good
		}
	case Good:
		if m.rng.Float64() < m.Q {
			m.state = Bad
		}
	}
	rates := m.bad
	if m.state == Good {
		rates = m.good
	}
	return rates[m.rng.IntN(len(rates))]
}

// Describe implements Model.
func (m *Markov) Describe() string { return fmt.Sprintf("markov(p=%.3f,q=%.3f)", m.P, m.Q) }
