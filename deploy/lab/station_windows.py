#!/usr/bin/env python3
"""What separates a served Tier-1 station queue from one short of airtime: every regulation cycle's Tier-1 station
windows in an idle-capacity run's measured window, by class.

    python3 deploy/lab/station_windows.py RUN_DIR [RUN_DIR ...]   # RUN_DIR/idle-capacity.json + regulation.jsonl

A station is "short" when what its queue sent over the window is below 95 % of the paced users' demand at the radio
(as idle_decreases.py), else "served". Per class: the window-averaged occupancy and the share of the window's samples
that found the queue empty (agents that report `empty_samples`). Reads the committed files only.
"""
import json
import os
import statistics
import sys

from idle_decreases import L2, measured_window

TIER1 = ("10.0.1.1", "10.0.1.2")


def windows(run_dir):
    res = json.load(open(os.path.join(run_dir, "idle-capacity.json")))
    ph = res["phases"]["wifi-idle-mpsdn"]
    lo, hi = measured_window(res, ph)
    demand = res["params"]["limit_mbps"] * L2
    out = []
    with open(os.path.join(run_dir, "regulation.jsonl")) as f:
        for line in f:
            d = json.loads(line)
            t = d["t"] - ph["t0_epoch"]
            rep = d.get("aps", {}).get("wifi", {}).get("report", {})
            win_s = (rep.get("window_ms") or 2000) / 1000
            if not lo <= t <= hi:
                continue
            for q in rep.get("stations", []):
                if q["ue"] not in TIER1 or q.get("empty_samples", -1) < 0 or not q.get("samples"):
                    continue
                sent = q["sent_bytes"] * 8 / win_s / 1e6
                out.append({"t": t, "ue": q["ue"], "occ": q["occ"], "empty": q["empty_samples"] / q["samples"],
                            "sent": sent, "short": sent < 0.95 * demand})
    return out


def describe(xs):
    if not xs:
        return "-"
    q = statistics.quantiles(xs, n=10) if len(xs) > 1 else xs * 9
    return f"median {statistics.median(xs):.2f} (p10 {q[0]:.2f}, p90 {q[-1]:.2f}, n={len(xs)})"


def main(argv):
    rows = [w for d in argv[1:] for w in windows(d)]
    for label, cls in (("served", False), ("short", True)):
        sel = [w for w in rows if w["short"] == cls]
        print(f"{label:6s} occupancy {describe([w['occ'] for w in sel])}; empty share {describe([w['empty'] for w in sel])}")
    for w in rows:
        print(f"  {w['t']:6.1f} s {w['ue']:9s} occ {w['occ']:.2f} empty {w['empty']:.2f} sent {w['sent']:5.1f}"
              f" {'SHORT' if w['short'] else ''}")


if __name__ == "__main__":
    main(sys.argv)
