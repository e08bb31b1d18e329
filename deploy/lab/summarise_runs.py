#!/usr/bin/env python3
"""Side-by-side table of repeated lab runs (issue 17): median and range per profile.

    python3 deploy/lab/summarise_runs.py DIR      # DIR/<profile>/<experiment>-<n>/<experiment>.json

Prints a markdown table: per experiment and quantity, for each profile the median of the runs and their range
(the Tier-1 shortfall and the every-multipath-UE-judged detection goal recomputed from each run's raw series and
snapshots, so runs scored before them are comparable);
a score that is null (e.g. a demand step that never recovered) ranks as the worst value; of an even number of
runs the worse of the two middle values is shown. Then one line per run:
its goals met, profile in force, app overrides, commit and machine load.
"""
import glob
import json
import os
import statistics
import sys
import types

import report
import rescore_dynamic
import scoring

# (experiment, label, how to read the value from the result, higher is better)
QUANTITIES = [
    ("prototype", "UE1 / No-MP (MP-SDN phase)", lambda r: _ratio(r, "ue", "ue1"), True),
    ("prototype", "UE4 / No-MP", lambda r: _ratio(r, "ue", "ue4"), True),
    ("prototype", "Wi-Fi AP / No-MP", lambda r: _ratio(r, "ap", "wifi"), True),
    ("prototype", "LTE AP / No-MP", lambda r: _ratio(r, "ap", "lte"), True),
    ("prototype", "Tier-1 shortfall (UE1 + UE4), s per minute of the MP-SDN phase (below 95 % of No-MP)",
     lambda r: scoring.backlogged_phase_shortfall(r, "mpsdn")["total_s_per_min"], False),
    ("prototype", "limit decreases per 30 s while Tier 1 satisfied (worst AP)",
     lambda r: _worst(r, "while Tier 1 is satisfied", _count), False),
    ("prototype", "halvings (depth) per 30 s while Tier 1 satisfied (worst AP)",
     lambda r: _worst(r, "while Tier 1 is satisfied", _depth), False),
    ("dynamic-demand", "cycles until Tier 1 >= 95 % after a step up (worst step; null = not recovered)",
     lambda r: _goal(r, "after every step up"), False),
    ("dynamic-demand", "limit decreases per 30 s while Tier 1 satisfied",
     lambda r: _worst(r, "while Tier 1", _count), False),
    ("dynamic-demand", "halvings (depth) per 30 s while Tier 1 satisfied",
     lambda r: _worst(r, "while Tier 1", _depth), False),
    ("dynamic-demand", "UE1 Tier-1 shortfall, s per minute of the run (below 95 % of the pace outside the grace)",
     lambda r: rescore_dynamic.dynamic_shortfall(r)["total_s_per_min"], False),
    ("idle-capacity", "Wi-Fi: Tier 2 / idle capacity", lambda r: _goal(r, "wifi-idle: ue3"), True),
    ("idle-capacity", "LTE: Tier 2 / idle capacity", lambda r: _goal(r, "lte-idle: ue2"), True),
    ("idle-capacity", "Wi-Fi: Tier 2 taken / idle (Mb/s)", lambda r: _taken(r, "wifi-idle: ue3"), True),
    ("idle-capacity", "LTE: Tier 2 taken / idle (Mb/s)", lambda r: _taken(r, "lte-idle: ue2"), True),
    ("idle-capacity", "limit decreases per 30 s while Tier 1 satisfied (worst AP)",
     lambda r: _worst(r, "while Tier 1 is satisfied", _count), False),
    ("idle-capacity", "halvings (depth) per 30 s while Tier 1 satisfied (worst AP)",
     lambda r: _worst(r, "while Tier 1 is satisfied", _depth), False),
]

# every experiment: the multipath UEs the every-UE-judged detection goal counts against, over the run's snapshots
QUANTITIES += [(e, "multipath UEs counted against (detection, every UE judged; summed over phases)",
                lambda r: _against(r), False) for e in ("prototype", "dynamic-demand", "idle-capacity")]


def _against(r):
    lab = types.SimpleNamespace(ue_source=r["params"].get("ue_source"))
    goals = [report.detection_goal(lab, s["detection"], s.get("multipath_ues", []))
             for s in r["phases"].values() if isinstance(s, dict) and s.get("detection")]
    return sum(len(g[1]["value"]["counted_against"]) for g in goals if len(g) > 1)


def _ratio(r, kind, key):
    ph = r["phases"]
    if kind == "ue":
        return round(ph["mpsdn"]["ue"][key]["total"] / ph["nomp"]["ue"][key]["total"], 3)
    return round(ph["mpsdn"]["ap"][key] / ph["nomp"]["ap"][key], 3)


def _goal(r, prefix):
    return next((g["value"] for g in r["goals"] if g["goal"].startswith(prefix)), None)


def _worst(r, part, read):
    vals = [read(g) for g in r["goals"] if part in g["goal"]]
    return max(vals) if vals else None


def _count(g):
    """Decreases in the worst 30-s window (runs scored before the depth was: the goal's value)."""
    return g.get("decreases", g["value"])


def _depth(g):
    """Halvings in the worst 30-s window, from the goal's decreases (the same for runs scored before the depth)."""
    return round(scoring.halving_depth([tuple(c) for c in g["decreases_while_satisfied"]]), 2)


def _taken(r, prefix):
    g = next((g for g in r["goals"] if g["goal"].startswith(prefix)), None)
    return None if g is None else f"{g['taken_mbps']} / {g['idle_mbps']}"


def load(root):
    runs = {}
    for path in sorted(glob.glob(os.path.join(root, "*", "*-[0-9]*", "*.json"))):
        profile = path.split(os.sep)[-3]
        with open(path) as f:
            r = json.load(f)
        runs.setdefault((profile, r["experiment"]), []).append((path, r))
    return runs


def cell(vals, higher):
    if not vals:
        return "-"
    if any(isinstance(v, str) for v in vals):
        return "; ".join(str(v) for v in vals) + f" (n={len(vals)})"
    worst = float("-inf") if higher else float("inf")
    key = [worst if v is None else v for v in vals]
    # the median; of an even number of runs the worse of the two middle ones
    med = (statistics.median_low if higher else statistics.median_high)(key)
    fmt = (lambda v: "null" if v in (float("inf"), float("-inf")) else f"{v:g}")
    return f"**{fmt(med)}** ({fmt(min(key))} - {fmt(max(key))}, n={len(key)})"


def main(root):
    runs = load(root)
    profiles = sorted({p for p, _e in runs})
    print("| experiment | quantity | " + " | ".join(f"`{p}` median (range)" for p in profiles) + " |")
    print("|---|---|" + "---|" * len(profiles))
    for exp, label, read, higher in QUANTITIES:
        row = [cell([read(r) for _p, r in runs.get((p, exp), [])], higher) for p in profiles]
        print(f"| {exp} | {label} | " + " | ".join(row) + " |")
    print()
    print("| run | goals met | profile in force (REST) | app_overrides | commit | load at start / end |")
    print("|---|---|---|---|---|---|")
    for (p, exp), rs in sorted(runs.items()):
        for path, r in rs:
            met = sum(1 for g in r["goals"] if g["met"])
            prm = r["params"]
            load_s = "/".join(f"{x:.1f}" for x in r["host"]["loadavg_at_start"][:1] + r["host"]["loadavg_at_end"][:1])
            print(f"| {os.path.relpath(os.path.dirname(path), root)} | {met} of {len(r['goals'])} | "
                  f"{prm.get('profile')} | {json.dumps(prm.get('app_overrides'))} | {prm.get('commit', '-')} | "
                  f"{load_s} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
