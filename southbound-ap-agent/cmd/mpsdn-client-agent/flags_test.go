package main

import (
	"slices"
	"testing"
)

func TestControllerListSplitsCommasAndRepeats(t *testing.T) {
	got, err := controllerList([]string{"onos1:50061, onos2:50061", "onos3:50061"})
	if err != nil || !slices.Equal(got, []string{"onos1:50061", "onos2:50061", "onos3:50061"}) {
		t.Fatalf("%q %v", got, err)
	}
	if got, err := controllerList([]string{"onos1:50061"}); err != nil || len(got) != 1 {
		t.Fatalf("one endpoint: %q %v", got, err)
	}
	for _, bad := range [][]string{nil, {""}, {"a:1,,b:2"}} {
		if _, err := controllerList(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
