#!/usr/bin/env python3
"""Does a Tier-1 station's queue fill say whether its user is held back? For every regulated phase of the given
results, each agent window (once, by its sequence) of each single-path user's station: the window-averaged queue
occupancy the law reads, its share of non-empty samples, and the user's throughput over that window against its
No-MP reference mean. Prints the occupancy and busy-share percentiles of windows in which the user was short
(< 0.95 of the reference) and of those in which it was served (>= 0.98), per AP, and the lowest occupancy of those
windows in which the station was busy in at least 3/4 of the samples (the law's backlogged share).

    python3 deploy/lab/tier1_occupancy.py deploy/lab/results/prototype deploy/lab/results/radio-event

Reads the runs' own files only (run-<n>/<experiment>.json, run-<n>/regulation.jsonl); the first 10 s of a phase
(warm-up and the app's start) are left out.
"""
import argparse
import glob
import json
import os
import statistics

SKIP_S = 10.0
SHORT, SERVED = 0.95, 0.98
BACKLOGGED = 0.75   # Tier1Demand.BACKLOGGED_SHARE


def result_files(dirs):
    for d in dirs:
        for run in sorted(glob.glob(os.path.join(d, "run-*"))):
            for f in sorted(glob.glob(os.path.join(run, "*.json"))):
                with open(f) as fh:
                    doc = json.load(fh)
                if isinstance(doc, dict) and "phases" in doc and "params" in doc:
                    yield run, doc


def windows(run, res):
    """[(ap, occupancy, busy share, throughput / reference)] of the single-path users' stations in the app's
    phases of one run."""
    radio = res["params"]["radio"]
    aps_of = {}
    for ue, ap, _addr, _r in radio:
        aps_of.setdefault(ue, []).append(ap)
    single = {ue: aps[0] for ue, aps in aps_of.items() if len(aps) == 1}
    ue_of = {addr: ue for ue, _ap, addr, _r in radio}
    regulation = [json.loads(line) for line in open(os.path.join(run, "regulation.jsonl"))]
    app_phases = {p["name"] for p in res["params"]["experiment"]["doc"]["phases"] if p.get("controller") == "mpsdn"}
    out = []
    for name, ph in res["phases"].items():
        ref = res["phases"].get(ph.get("reference") or "")
        if name not in app_phases or not ref:
            continue
        s, rs, t0, seen = ph["series"], ref["series"], ph["t0_epoch"], set()
        for d in regulation:
            t = d["t"] - t0
            if not SKIP_S <= t <= s["t"][-1]:
                continue
            for ap, a in (d.get("aps") or {}).items():
                rep = a.get("report") or {}
                if (ap, rep.get("sequence")) in seen:
                    continue
                seen.add((ap, rep.get("sequence")))
                for q in rep.get("stations") or []:
                    ue = ue_of.get(q["ue"], q["ue"])
                    key = f"{ue}/{ap}"
                    if single.get(ue) != ap or key not in s or key not in rs:
                        continue
                    win = [v for tt, v in zip(s["t"], s[key]) if t - 2 <= tt <= t]
                    ref_mean = statistics.mean(rs[key][len(rs[key]) // 5:])
                    if win and ref_mean > 0:
                        busy = 1 - q.get("empty_samples", 0) / max(1, q.get("samples", 1))
                        out.append((ap, q["occ"], busy, statistics.mean(win) / ref_mean))
    return out


def pct(v, p):
    v = sorted(v)
    return round(v[int(p * (len(v) - 1))], 2) if v else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+", help="result folders (deploy/lab/results/<experiment>)")
    rows = [w for run, res in result_files(ap.parse_args().results) for w in windows(run, res)]
    for a in sorted({r[0] for r in rows}):
        for label, keep in (("short", lambda x: x < SHORT), ("served", lambda x: x >= SERVED)):
            sel = [r for r in rows if r[0] == a and keep(r[3])]
            print(f"{a} {label:6s} windows {len(sel):4d}  occupancy p10/50/90 "
                  f"{pct([r[1] for r in sel], .1)}/{pct([r[1] for r in sel], .5)}/{pct([r[1] for r in sel], .9)}  "
                  f"busy share p10/50/90 {pct([r[2] for r in sel], .1)}/{pct([r[2] for r in sel], .5)}/"
                  f"{pct([r[2] for r in sel], .9)}")
            busy = sorted(r[1] for r in sel if r[2] >= BACKLOGGED)
            print(f"{a} {label:6s} backlogged windows (busy share >= {BACKLOGGED}) {len(busy):4d}  lowest occupancy "
                  f"{round(busy[0], 3) if busy else None}")


if __name__ == "__main__":
    main()
