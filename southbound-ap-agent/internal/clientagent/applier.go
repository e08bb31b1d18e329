package clientagent

import "context"

// Weight is one path's weight as received (0 = backup).
type Weight struct {
	PathID string
	Value  uint32
}

// Result is the outcome of applying one path's weight.
type Result struct {
	PathID string
	Value  uint32
	Err    error
}

// Applier applies a weight set to the kernel. Apply is called with every
// path's weight each time a newer update arrives; an implementation keeps
// whatever runtime adaptation it needs (e.g. following measured rates) until
// the next Apply or Close.
type Applier interface {
	Name() string
	Apply(ctx context.Context, weights []Weight) []Result
	Close() error
}
