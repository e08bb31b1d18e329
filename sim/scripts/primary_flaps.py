#!/usr/bin/env python3
"""How often multipath users' primaries flap, and how a primary hysteresis h changes it, replayed on recorded runs.

A run's cycle requests (bridge.sh with MPSDN_BRIDGE_TEE=<prefix> writes them to <prefix>.req) are fed again to the
bridge (the real Regulation Center) with --hysteresis=h for each h asked. Algorithm 1's choice reads only the
connections, their PHY rates and RSSI, the users' multipath flags and the previous primaries (never traffic), and
the scenario's mobility does not depend on the decisions, so the replayed primaries are those a run with that h
would pick; what a different primary does to throughput needs the closed-loop run (figures.py mobility).

Per h it counts, after the warm-up, the primary changes between consecutive cycles, and of them the changes undone
at the next cycle while the user's links (its APs and their PHY rates) were the same over the three cycles: a
flap that nothing the user saw explains.

    sim/scripts/primary_flaps.py docs/results/logs/primary-age/seed{1,2,3}-ei2 --h 0,0.05,0.1,0.2 [--warmup 5]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

import primary_age

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def bridge_cmd(h):
    """The bridge's command line at hysteresis h, on the checkout's own core (app/target/classes when built)."""
    deps = open(os.path.join(ROOT, "sim/bridge/target/classpath.txt")).read().strip().split(":")
    own = [os.path.join(ROOT, p) for p in ("app/target/classes", "api/target/classes")]
    cp = [os.path.join(ROOT, "sim/bridge/target/classes")] + [p for p in own if os.path.isdir(p)] + deps
    return ["java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp", ":".join(cp),
            "org.mpsdn.sim.bridge.BridgeMain", "--profile=mpsdn", f"--hysteresis={h}"]


def replay(prefix, h):
    """[(t_s, {ue: primary AP}, {ue: sorted (ap, phy) links})] of the run's cycles decided at hysteresis h."""
    reqs = list(primary_age.lines(prefix + ".req"))
    text = "".join(json.dumps(r) + "\n" for r in reqs)
    out = subprocess.run(bridge_cmd(h), input=text, capture_output=True, text=True, check=True).stdout
    answers = [json.loads(x) for x in out.splitlines() if x.strip()]
    if len(answers) != len(reqs):
        sys.exit(f"{prefix}: {len(reqs)} requests, {len(answers)} answers")
    cycles = []
    for r, a in zip(reqs, answers):
        if r.get("type") != "cycle":
            continue
        if a.get("type") != "decision":
            sys.exit(f"{prefix} at h={h}: the bridge answered {str(a)[:200]}")
        mp = {u["id"] for u in r["ues"] if u["multipath"]}
        links = {}
        for c in r["connections"]:
            links.setdefault(c["ue"], []).append((c["ap"], c["phyRateBps"]))
        prim = {p["ue"]: p["ap"] for p in a["primaries"] if p["ue"] in mp}
        cycles.append((r["timeMs"] / 1000.0, prim, {u: sorted(v) for u, v in links.items()}))
    return cycles


def flaps(cycles, warmup):
    """(changes, changes undone at the next cycle with the user's links unchanged over the three cycles,
    user-minutes covered)."""
    changes = unexplained = 0
    users = statistics.mean(len(c[1]) for c in cycles) if cycles else 0
    span = [c[0] for c in cycles if c[0] >= warmup]
    for k in range(1, len(cycles)):
        t, fresh, links = cycles[k]
        if t < warmup:
            continue
        old = cycles[k - 1][1]
        for u, ap in fresh.items():
            if u not in old or old[u] == ap:
                continue
            changes += 1
            if k + 1 < len(cycles) and cycles[k + 1][1].get(u) == old[u] \
                    and cycles[k - 1][2].get(u) == links.get(u) == cycles[k + 1][2].get(u):
                unexplained += 1
    minutes = users * ((span[-1] - span[0]) / 60.0 if len(span) > 1 else 0.0)
    return changes, unexplained, minutes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("prefixes", nargs="+", help="run prefixes (<prefix>.req[.gz])")
    ap.add_argument("--h", default="0,0.05,0.1,0.2", help="hysteresis values, comma-separated")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of simulated time not counted")
    args = ap.parse_args()
    hs = [float(x) for x in args.h.split(",")]
    print("| h | run | changes | per user per minute | undone at the next cycle, links unchanged | share |")
    print("|---|---|---|---|---|---|")
    for h in hs:
        for p in args.prefixes:
            n, bad, minutes = flaps(replay(p, h), args.warmup)
            print(f"| {h:g} | {os.path.basename(p)} | {n} | {n / max(minutes, 1e-9):.2f} | {bad} | "
                  f"{100 * bad / max(n, 1):.1f} % |")


if __name__ == "__main__":
    main()
