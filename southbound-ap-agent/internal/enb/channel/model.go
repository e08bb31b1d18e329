package channel

// Model gives the instantaneous downlink rate of one UE, one TTI at a time.
type Model interface {
	// Next advances the model by one TTI and returns the rate in bit/s for it.
	Next() float64
	// Describe names the model and its parameters for metrics.
	Describe() string
}

// Constant is a channel with a fixed rate (tests, wired links).
type Constant float64

// Next implements Model.
func (c Constant) Next() float64 { return float64(c) }

// Describe implements Model.
func (c Constant) Describe() string { return "constant" }
