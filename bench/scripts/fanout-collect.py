#!/usr/bin/env python3
"""Collects the summaries of the fan-out benchmark's raw runs (bench/results/fanout/*.json) into
bench/results/fanout.json: a list of runs ordered by mode and agents.
Usage (from the repository root): bench/scripts/fanout-collect.py"""
import glob
import json
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results")
runs = []
for path in sorted(glob.glob(os.path.join(root, "fanout", "*.json"))):
    with open(path) as f:
        raw = json.load(f)
    run = dict(raw["summary"])
    run["raw"] = "fanout/" + os.path.basename(path)
    run["command"] = raw["command"]
    run["machine"] = raw["machine"]
    run["affinity"] = {"controller": raw["affinity"], "agent_farms": raw["farm_affinity"]}
    runs.append(run)
runs.sort(key=lambda r: (r["mode"], r["agents"], r["measured_at"]))
with open(os.path.join(root, "fanout.json"), "w") as f:
    json.dump(runs, f, indent=2)
    f.write("\n")
print(f"{len(runs)} runs in bench/results/fanout.json")
