package clientagent

import (
	"reflect"
	"testing"
)

func TestPlanMeasuredFollowsTheHeaviestPath(t *testing.T) {
	got, ref := Plan(ModeMeasured, []Weight{{"wlan0", 200}, {"lte0", 30}, {"eth9", 0}}, 20_000_000)
	want := []PathAction{{PathID: "wlan0"}, {PathID: "lte0", RateBps: 3_000_000}, {PathID: "eth9", Backup: true}}
	if ref != "wlan0" || !reflect.DeepEqual(got, want) {
		t.Fatalf("ref=%s got=%+v", ref, got)
	}
	// idle reference: weighted paths keep the floor
	got, _ = Plan(ModeMeasured, []Weight{{"wlan0", 200}, {"lte0", 2}}, 0)
	if got[1].RateBps != MinRateBps {
		t.Fatalf("got %+v", got)
	}
}

func TestPlanStaticSplitsTheAggregate(t *testing.T) {
	got, ref := Plan(ModeStatic, []Weight{{"wlan0", 200}, {"lte0", 140}}, 34_000_000)
	if ref != "" || got[0].RateBps != 20_000_000 || got[1].RateBps != 14_000_000 {
		t.Fatalf("ref=%s got=%+v", ref, got)
	}
}
