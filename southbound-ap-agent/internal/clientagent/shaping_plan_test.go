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
	// a slow reference: a tiny weight keeps the floor
	got, _ = Plan(ModeMeasured, []Weight{{"wlan0", 200}, {"lte0", 2}}, 2_000_000)
	if got[1].RateBps != MinRateBps {
		t.Fatalf("got %+v", got)
	}
}

func TestPlanMeasuredShapesNothingWhileTheClientSendsNoBulkData(t *testing.T) {
	// rate 0: the client does not send (e.g. it only downloads); with equal
	// weights the first path is the reference, and the other must not be
	// shaped either (it may be the primary carrying the downloads' ACKs)
	for _, ws := range [][]Weight{{{"wlan0", 200}, {"lte0", 2}}, {{"wlan0", 100}, {"lte0", 100}, {"eth9", 0}}} {
		got, _ := Plan(ModeMeasured, ws, 0)
		for i, a := range got {
			if a.RateBps != 0 || a.Backup != (ws[i].Value == 0) {
				t.Fatalf("weights %v: got %+v", ws, got)
			}
		}
	}
}

func TestPlanStaticSplitsTheAggregate(t *testing.T) {
	got, ref := Plan(ModeStatic, []Weight{{"wlan0", 200}, {"lte0", 140}}, 34_000_000)
	if ref != "" || got[0].RateBps != 20_000_000 || got[1].RateBps != 14_000_000 {
		t.Fatalf("ref=%s got=%+v", ref, got)
	}
}
