#!/usr/bin/env python3
"""Re-scores committed dynamic-demand runs with the current scoring.py (nothing is re-run).

    python3 deploy/lab/rescore_dynamic.py RUN_DIR [RUN_DIR ...]   # RUN_DIR/dynamic-demand.json + regulation.jsonl

Prints, per run, the recovery goal and the "at most one decrease per 30 s while Tier 1 is satisfied" goal as the
run scored them and as the current scoring does, from the run's own series, demand steps and regulation log; so
a change of the scoring can be told apart from a change of the app (e.g. issue 17 round 4: round 3's runs
without the one-decrease-per-window rule, scored as round 4's). The JSON files are not modified.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scoring  # noqa: E402


def rescore(run_dir):
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


def main(argv):
    for d in argv[1:]:
        rescore(d)


if __name__ == "__main__":
    main(sys.argv)
