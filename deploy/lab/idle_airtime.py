#!/usr/bin/env python3
"""Where the Tier-1 queues of an AP fill, in air time, against the capacity the cell says is idle: for each
idle-capacity run, the regulated phase's agent windows on the AP the idle capacity is for (each window once, by its
sequence), with the stations' sent rates over their PHY rates summed (the air time the law's spare estimate
charges, SpareCapacity.airtime), the Tier-1 signal and the decision the app took on it.

    python3 deploy/lab/idle_airtime.py deploy/lab/results/idle-capacity [--phase wifi-idle-mpsdn]

Prints one line per window and, per run, the air time of the windows the signal read as held back (a Tier-1 queue
at or above the threshold, or overflowing) and of the ones it read as served, with the multipath user's Tier-2
rate in each; then the cell's idle capacity for that user over the phase (the goal's reference). Reads the run's
own files only (run-<n>/idle-capacity.json, run-<n>/regulation.jsonl).
"""
import argparse
import glob
import json
import os
import statistics

KBIT = 1e3


def windows(run_dir, phase):
    """[(t_s, ap, signal, threshold, reason, [(ue, sent Mb/s, phy Mb/s, occ, drop share)], airtime)] of the phase's
    regulated AP, and the phase's idle reference {ue/ap: Mb/s}."""
    res = json.load(open(os.path.join(run_dir, "idle-capacity.json")))
    ph = res["phases"][phase]
    (key, idle), = ph["idle_mbps"].items()
    ue, ap = key.split("/")
    phy = {(u, a): r for u, a, _addr, r in res["params"]["radio"]}
    by_addr = {addr: u for u, a, addr, _r in res["params"]["radio"] if a == ap}
    t0, end = ph["t0_epoch"], ph["series"]["t"][-1]
    out, seen = [], set()
    for line in open(os.path.join(run_dir, "regulation.jsonl")):
        d = json.loads(line)
        t = d["t"] - t0
        a = (d.get("aps") or {}).get(ap) or {}
        rep, dec = a.get("report") or {}, (a.get("decision") or {}).get("downlink") or {}
        if not (0 <= t <= end) or not rep.get("stations") or rep.get("sequence") in seen:
            continue
        seen.add(rep.get("sequence"))
        window_s = rep.get("window_ms", 2000) / KBIT
        st, air = [], 0.0
        for s in rep["stations"]:
            u = by_addr.get(s["ue"], s["ue"])
            sent = s["sent_bytes"] * 8 / window_s / 1e6
            dropped = s["drops"] * 1500
            share = dropped / (s["sent_bytes"] + dropped) if s["sent_bytes"] + dropped else 0.0
            r = phy.get((u, ap))
            air += sent / r if r else 0.0
            st.append((u, round(sent, 2), r, round(s["occ"], 2), round(share, 3)))
        out.append((round(t, 1), ap, dec.get("signal"), dec.get("threshold"), dec.get("reason"), st, round(air, 3)))
    return out, ue, ap, idle


def summary(rows, ue, threshold):
    held = [r for r in rows if r[2] is not None and r[2] >= (r[3] or threshold)]
    served = [r for r in rows if r[2] is not None and r[2] < (r[3] or threshold)]

    def desc(rs):
        if not rs:
            return "none"
        air = [r[6] for r in rs]
        t2 = [s[1] for r in rs for s in r[5] if s[0] == ue]
        return (f"{len(rs)} windows, air time median {statistics.median(air):.3f} ({min(air):.3f}-{max(air):.3f}), "
                f"{ue} sent median {statistics.median(t2) if t2 else float('nan'):.2f} Mb/s")
    return desc(held), desc(served)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder")
    ap.add_argument("--phase", default="wifi-idle-mpsdn")
    ap.add_argument("--threshold", type=float, default=0.4, help="the Tier-1 threshold when a decision has none")
    o = ap.parse_args()
    for run_dir in sorted(glob.glob(os.path.join(o.folder, "run-*"))):
        rows, ue, apid, idle = windows(run_dir, o.phase)
        print(f"== {os.path.basename(run_dir)} {o.phase}: {ue}'s idle capacity on {apid} (the cell's) {idle} Mb/s")
        for r in rows:
            print(f"  t {r[0]:5.1f}  signal {r[2]!s:6.6}  {r[4]!s:9}  air {r[6]:.3f}  "
                  + "  ".join(f"{u} {s:.1f}/{p:g} occ {q} drop {d}" for u, s, p, q, d in r[5]))
        held, served = summary(rows, ue, o.threshold)
        print(f"  held back: {held}\n  served:    {served}")


if __name__ == "__main__":
    main()
