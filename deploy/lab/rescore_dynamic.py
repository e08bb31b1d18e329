#!/usr/bin/env python3
"""Re-scores committed dynamic-demand runs with the current scoring.py (nothing is re-run).

    python3 deploy/lab/rescore_dynamic.py [--warmup-s 8] [--pace-overhead 1.04] RUN_DIR [RUN_DIR ...]
    # RUN_DIR/dynamic-demand.json + regulation.jsonl

Prints, per run, the recovery goal and the "at most one decrease per 30 s while Tier 1 is satisfied" goal as the
run scored them and as the current scoring does, from the run's own series, demand steps and regulation log; so
a change of the scoring can be told apart from a change of the app. Then the whole-run Tier-1 shortfall of UE1
(paced, the run's demand steps; scoring.tier1_shortfall, from the end of the warm-up to the end of the run) and
the detection goal that judges every multipath UE, from the run's detection snapshot. UE4 (backlogged) is not
scored: its demand is its No-MP throughput and a dynamic-demand run has no No-MP phase. The JSON files are not
modified.
"""
import argparse
import json
import os
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402
import scoring  # noqa: E402

WARMUP_S = 8.0   # runs that recorded no warm-up: the lab's default (run_lab.py --warmup-s)


def dynamic_shortfall(res, warmup_s=None, overhead=scoring.L2):
    """UE1's Tier-1 shortfall in a dynamic-demand result (its paced demand steps, its series at the radio)."""
    s = res["phases"]["dynamic"]
    return scoring.tier1_shortfall({
        "warmup_s": warmup_s if warmup_s is not None else res["params"].get("warmup_s", WARMUP_S),
        "end_s": s["series"]["t"][-1], "sample_s": res["params"].get("sample_s", 0.5),
        "interval_ms": scoring.interval_ms_of(res), "pace_overhead": overhead,
        "ues": {"ue1": {"tier1": True, "demand": [tuple(x) for x in res["demand_steps"]],
                        "samples": scoring.series_samples(s["series"], "ue1")}}})


def judged_goal(res, phase="dynamic"):
    """The every-multipath-UE-judged detection goal of a phase, from its snapshot (None: no detection)."""
    s = res["phases"][phase]
    lab = types.SimpleNamespace(ue_source=res["params"].get("ue_source"))
    goals = report.detection_goal(lab, s.get("detection"), s.get("multipath_ues", []))
    return goals[1] if len(goals) > 1 else None


def rescore(run_dir, warmup_s=None, overhead=scoring.L2):
    res = json.load(open(os.path.join(run_dir, "dynamic-demand.json")))
    s = res["phases"]["dynamic"]
    steps = [tuple(x) for x in res["demand_steps"]]
    interval = res["params"]["interval_s"]

    def demand(t):
        return scoring.L2 * next((r for ts, r in reversed(steps) if ts <= t), steps[0][1] if steps else 0)
    t0 = s["t0_epoch"]
    reg = scoring.read_regulation(run_dir, t0, t0 + s["series"]["t"][-1])
    recovery = scoring.recovery_goal(scoring.score_recovery(steps, s["series"], interval))
    halving = scoring.halving_goal("dynamic demand", reg, "wifi", s["series"], t0, {"ue1/wifi": demand}, interval)
    old_h = next((g["value"] for g in res["goals"] if "while Tier 1 is satisfied" in g["goal"]), None)
    old_r = next((g["value"] for g in res["goals"] if g["goal"].startswith("after every step up")), None)
    print(f"{run_dir}: recovery cycles {old_r} -> {recovery['value']}; decreases while satisfied per 30 s "
          f"{old_h} -> {halving['value']} {halving['decreases_while_satisfied']}; commit {res['params'].get('commit')}")
    sf = dynamic_shortfall(res, warmup_s, overhead)
    print("  " + scoring.shortfall_line(f"UE1 (pace x {overhead:g})", sf) + f"; spans {sf['users']['ue1']['spans_s']}")
    j = judged_goal(res)
    if j is not None:
        print(f"  every multipath UE judged: {'met' if j['met'] else 'NOT met'} {json.dumps(j['value'])}")
    return sf, j


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warmup-s", type=float, default=None, help=f"default: the run's, else {WARMUP_S:g}")
    ap.add_argument("--pace-overhead", type=float, default=scoring.L2,
                    help="radio bytes per byte of the pace (default: scoring.L2; 1 compares the pace as is)")
    ap.add_argument("runs", nargs="+")
    a = ap.parse_args(argv[1:])
    for d in a.runs:
        rescore(d, a.warmup_s, a.pace_overhead)


if __name__ == "__main__":
    main(sys.argv)
