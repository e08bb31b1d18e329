#!/usr/bin/env python3
"""mpsdn lab: one command per experiment. Run as root from anywhere:

    python3 deploy/lab/run_lab.py prototype [--phase-s 40] [--phases nomp,mp,mpsdn] [--out DIR]
    python3 deploy/lab/run_lab.py down        # remove a testbed left by a killed run

Builds nothing: deploy/run-main.sh builds the lab host and the cell binary first.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import experiments  # noqa: E402
import testbed  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("experiment", choices=["prototype", "down"])
    ap.add_argument("--phase-s", type=int, default=40)
    ap.add_argument("--warmup-s", type=int, default=8)
    ap.add_argument("--phases", default="nomp,mp,mpsdn")
    ap.add_argument("--out", default=os.path.join(ROOT, "deploy/lab/out"))
    ap.add_argument("--no-plot", action="store_true")
    a = ap.parse_args()
    if a.experiment == "down":
        testbed.down()
        return 0
    os.makedirs(a.out, exist_ok=True)
    for f in ("meters.jsonl",):
        if os.path.exists(os.path.join(a.out, f)):
            os.remove(os.path.join(a.out, f))
    with testbed.Lab(ROOT, a.out) as lab:
        res = experiments.prototype(lab, phase_s=a.phase_s, warmup_s=a.warmup_s, phases=a.phases.split(","))
    path = os.path.join(a.out, "prototype.json")
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    if not a.no_plot:
        experiments.plot_prototype(res, os.path.join(a.out, "prototype.png"))
    print()
    print(experiments.table(res))
    print(f"\nresults: {path}" + ("" if a.no_plot else f", plot: {os.path.join(a.out, 'prototype.png')}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
