package channel

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// TracePoint is one step of a rate trace: from AtTTI on, the rate is RateBps.
type TracePoint struct {
	AtTTI   uint64
	RateBps float64
}

// Trace replays a piecewise-constant rate trace, one TTI per Next call. It
// loops when Loop is set, else holds the last rate.
type Trace struct {
	points []TracePoint
	loop   bool
	length uint64
	tti    uint64
	idx    int
}

// NewTrace checks and wraps points (strictly increasing AtTTI, first at 0,
// finite non-negative rates). A looping trace repeats every length TTIs
// (length must exceed the last AtTTI).
func NewTrace(points []TracePoint, loop bool, length uint64) (*Trace, error) {
	if len(points) == 0 {
		return nil, fmt.Errorf("trace: no points")
	}
	if points[0].AtTTI != 0 {
		return nil, fmt.Errorf("trace point 0: at_tti %d, must be 0", points[0].AtTTI)
	}
	for i, p := range points {
		if math.IsNaN(p.RateBps) || math.IsInf(p.RateBps, 0) || p.RateBps < 0 {
			return nil, fmt.Errorf("trace point %d: rate %v must be finite and >= 0", i, p.RateBps)
		}
		if i > 0 && p.AtTTI <= points[i-1].AtTTI {
			return nil, fmt.Errorf("trace point %d: at_tti %d not after %d", i, p.AtTTI, points[i-1].AtTTI)
		}
	}
	if loop && length <= points[len(points)-1].AtTTI {
		return nil, fmt.Errorf("trace length: %d must exceed the last at_tti %d", length, points[len(points)-1].AtTTI)
	}
	return &Trace{points: append([]TracePoint(nil), points...), loop: loop, length: length}, nil
}

// Next implements Model.
func (t *Trace) Next() float64 {
	at := t.tti
	if t.loop {
		at %= t.length
		if at == 0 {
			t.idx = 0
		}
	}
	for t.idx+1 < len(t.points) && t.points[t.idx+1].AtTTI <= at {
		t.idx++
	}
	t.tti++
	return t.points[t.idx].RateBps
}

// Describe implements Model.
func (t *Trace) Describe() string { return fmt.Sprintf("trace(%d points)", len(t.points)) }

// maxTraceLines bounds a trace file (one point per line).
const maxTraceLines = 10_000_000

// ParseTrace reads "time_ms,rate_bps" lines (blank lines and lines starting
// with '#' are skipped; an optional header line starting with a letter is
// skipped too). Times are converted to TTIs of 1 ms; they must increase.
func ParseTrace(r io.Reader) ([]TracePoint, error) {
	var pts []TracePoint
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		if line > maxTraceLines {
			return nil, fmt.Errorf("trace: more than %d lines", maxTraceLines)
		}
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		if line == 1 && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
			continue
		}
		f := strings.Split(s, ",")
		if len(f) != 2 {
			return nil, fmt.Errorf("trace line %d: want 2 comma-separated fields, have %d", line, len(f))
		}
		ms, err := strconv.ParseUint(strings.TrimSpace(f[0]), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("trace line %d: time_ms %q: %v", line, f[0], err)
		}
		rate, err := strconv.ParseFloat(strings.TrimSpace(f[1]), 64)
		if err != nil || math.IsNaN(rate) || math.IsInf(rate, 0) || rate < 0 {
			return nil, fmt.Errorf("trace line %d: rate_bps %q: must be a finite number >= 0", line, f[1])
		}
		if n := len(pts); n > 0 && ms <= pts[n-1].AtTTI {
			return nil, fmt.Errorf("trace line %d: time_ms %d not after %d", line, ms, pts[n-1].AtTTI)
		}
		pts = append(pts, TracePoint{AtTTI: ms, RateBps: rate})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("trace: no points")
	}
	if pts[0].AtTTI != 0 {
		// Hold the first rate from time 0.
		pts = append([]TracePoint{{AtTTI: 0, RateBps: pts[0].RateBps}}, pts...)
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].AtTTI < pts[j].AtTTI })
	return pts, nil
}
