#!/usr/bin/env python3
"""Why Tier 2 takes less of the idle Wi-Fi capacity than the target: every decision of the measured window.

    python3 deploy/lab/idle_decreases.py RUN_DIR [RUN_DIR ...]   # RUN_DIR/idle-capacity.json + regulation.jsonl

For each idle-capacity run, over the measured window of the `wifi-idle-mpsdn` phase (after warm-up and
settling): the Tier-2 user's rate (mean, and the mean of the maxima between two decreases: the sawtooth's
peaks), the idle capacity the cell's airtime model gave, the Tier-2 limit decreases, and for each decrease the
Tier-1 stations' window (occupancy, drops, rate sent in the window against the rate-limited users' demand at
the radio). Reads the committed files only.
"""
import json
import os
import statistics
import sys

L2 = 1.04   # as scoring.L2: frames at the radio per byte of iperf3 goodput


def measured_window(res, phase):
    p = res["params"]
    start = p["warmup_s"] + p.get("mpsdn_settle_s", 0)
    return start, p["phase_s"] + p.get("mpsdn_settle_s", 0)


def decisions(run_dir, t0, lo, hi):
    out, prev = [], None
    with open(os.path.join(run_dir, "regulation.jsonl")) as f:
        for line in f:
            d = json.loads(line)
            a = d.get("aps", {}).get("wifi", {})
            lim = a.get("limit_kbps")
            t = d["t"] - t0
            if lim is not None and prev is not None and lim < 0.99 * prev and lo <= t <= hi:
                out.append((t, prev, lim, a.get("report", {}).get("stations", []), d.get("report_window_ms")))
            if lim is not None:
                prev = lim
    return out


def analyse(run_dir):
    res = json.load(open(os.path.join(run_dir, "idle-capacity.json")))
    ph = res["phases"]["wifi-idle-mpsdn"]
    lo, hi = measured_window(res, ph)
    t, s = ph["series"]["t"], ph["series"]["ue3/wifi"]
    inside = [(x, y) for x, y in zip(t, s) if lo <= x <= hi]
    goal = next(g for g in res["goals"] if g["goal"].startswith("wifi-idle: ue3"))
    cuts = decisions(run_dir, ph["t0_epoch"], lo, hi)
    demand = res["params"]["limit_mbps"] * L2
    print(f"{run_dir}: Tier 2 (ue3 on Wi-Fi) {goal['taken_mbps']} of idle {goal['idle_mbps']} Mb/s = {goal['value']};"
          f" window {lo:.0f}-{hi:.0f} s; {len(cuts)} limit decreases")
    bounds = [lo] + [c[0] for c in cuts] + [hi]
    peaks = [max((y for x, y in inside if a <= x < b), default=None) for a, b in zip(bounds, bounds[1:])]
    peaks = [p for p in peaks if p is not None]
    if peaks:
        print(f"  ue3 mean {statistics.mean(y for _, y in inside):.2f} Mb/s, mean of the peaks between decreases "
              f"{statistics.mean(peaks):.2f} (mean / peaks {statistics.mean(y for _, y in inside) / statistics.mean(peaks):.2f})")
    for tc, before, after, stations, _ in cuts:
        t1 = [q for q in stations if q["ue"] in ("10.0.1.1", "10.0.1.2")]
        desc = ", ".join(f"{q['ue']} occ {q['occ']:.2f} drops {q['drops']} sent {q['sent_bytes'] * 8 / 2e6:.1f}"
                         for q in t1)
        short = [q["ue"] for q in t1 if q["sent_bytes"] * 8 / 2e6 < 0.95 * demand]
        print(f"  {tc:5.1f} s  {before} -> {after} kb/s; Tier 1 (demand {demand:.2f} Mb/s at the radio): {desc};"
              f" short of 95 %: {short or 'none'}")


def main(argv):
    for d in argv[1:]:
        analyse(d)


if __name__ == "__main__":
    main(sys.argv)
