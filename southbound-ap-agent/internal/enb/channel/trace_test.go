package channel

import (
	"strings"
	"testing"
)

func TestTraceReplayAndLoop(t *testing.T) {
	pts, err := ParseTrace(strings.NewReader("time_ms,rate_bps\n0,1000\n# comment\n2,3000\n\n3,5000\n"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := NewTrace(pts, true, 5)
	if err != nil {
		t.Fatal(err)
	}
	var got []float64
	for k := 0; k < 7; k++ {
		got = append(got, tr.Next())
	}
	want := []float64{1000, 1000, 3000, 5000, 5000, 1000, 1000}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("replay %v, want %v", got, want)
		}
	}
	hold, _ := NewTrace(pts, false, 0)
	for k := 0; k < 10; k++ {
		hold.Next()
	}
	if r := hold.Next(); r != 5000 {
		t.Fatalf("held rate %v", r)
	}
}

func TestParseTraceErrors(t *testing.T) {
	for _, in := range []string{"", "0,1,2", "0,-5", "x,5\n1,y", "0,5\n0,6", "0,NaN", "5,1\n3,2"} {
		if _, err := ParseTrace(strings.NewReader(in)); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	pts, err := ParseTrace(strings.NewReader("5,100\n9,200"))
	if err != nil || pts[0].AtTTI != 0 || pts[0].RateBps != 100 || len(pts) != 3 {
		t.Fatalf("leading hold: %v %v", pts, err)
	}
}

func FuzzParseTrace(f *testing.F) {
	f.Add("0,1000\n2,3000\n")
	f.Add("time_ms,rate_bps\n0,1e6\n")
	f.Add("# x\n\n1,5")
	f.Fuzz(func(t *testing.T, in string) {
		pts, err := ParseTrace(strings.NewReader(in))
		if err != nil {
			return
		}
		tr, err := NewTrace(pts, false, 0)
		if err != nil {
			t.Fatalf("parsed trace rejected by NewTrace: %v (%v)", err, pts)
		}
		for k := 0; k < 3; k++ {
			if r := tr.Next(); r < 0 {
				t.Fatalf("negative rate %v", r)
			}
		}
	})
}
