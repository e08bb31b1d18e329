#!/usr/bin/env python3
"""How stale a longer execution interval leaves the multipath users' primaries, measured on one EI-2 s run.

The mobility figure runs every EI as its own run; what a late cycle loses shows only in their WNS. This reads
the cycle requests and decisions of one regulated run (bridge.sh with MPSDN_BRIDGE_TEE=<prefix> writes them to
<prefix>.req and <prefix>.ans) and asks, just before each of its cycles: had the decisions come every EI s
instead, how many multipath users would hold a primary that differs from the one the fresh cycle picks, and how
many a primary on an AP they are no longer associated with (they roamed away since the decision)?

The decision in force under EI X at time t is taken as the run's own decision at its last cycle at or before the
last EI-X grid time before t (grid: the first cycle, then every X s), so it is at most one EI-2 cycle early. It is
the EI-2 run's trajectory, not the EI-X run's: the users walk the same paths (the seed's), the primaries are what
the EI-2 run decided along them.

    sim/scripts/primary_age.py docs/results/logs/primary-age/seed{1,2,3}-ei2 [--eis 2,5,15,30,45] [--warmup 5]
"""
import argparse
import bisect
import gzip
import json
import os
import statistics
import sys


def lines(path):
    """The JSON objects of a .req/.ans file (plain or .gz)."""
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        path += ".gz"
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def load(prefix):
    """Cycles in time order: (t_s, multipath UEs, {ue: APs associated}, {ue: primary AP}), paired by seq."""
    reqs = {j["seq"]: j for j in lines(prefix + ".req") if j.get("type") == "cycle"}
    answers = {j["seq"]: j for j in lines(prefix + ".ans") if j.get("type") == "decision"}
    cycles = []
    for seq in sorted(set(reqs) & set(answers)):
        r, a = reqs[seq], answers[seq]
        mp = {u["id"] for u in r["ues"] if u["multipath"]}
        assoc = {}
        for c in r["connections"]:
            assoc.setdefault(c["ue"], set()).add(c["ap"])
        prim = {p["ue"]: p["ap"] for p in a["primaries"] if p["ue"] in mp}
        cycles.append((r["timeMs"] / 1000.0, mp, assoc, prim))
    return cycles


def in_force(cycles, k, ei):
    """Index of the run's cycle whose decision stands in for the EI-`ei` one in force just before cycle k (k >= 1)."""
    t0, tk = cycles[0][0], cycles[k][0]
    grid = t0 + ei * int((tk - t0 - 1e-6) // ei)  # the last grid time before t_k
    return bisect.bisect_right([c[0] for c in cycles[:k]], grid + 1e-6) - 1


def staleness(cycles, ei, warmup):
    """(evaluated instants, mean share differing from fresh, mean share on an AP no longer associated,
    mean multipath users with a primary)."""
    n = differ = gone = users = 0
    for k in range(1, len(cycles)):
        t, _, assoc, fresh = cycles[k]
        if t < warmup:
            continue
        m = in_force(cycles, k, ei)
        old = cycles[m][3]
        both = [u for u in fresh if u in old]
        if not both:
            continue
        n += 1
        users += len(both)
        differ += sum(old[u] != fresh[u] for u in both) / len(both)
        gone += sum(old[u] not in assoc.get(u, ()) for u in both) / len(both)
    return n, differ / max(n, 1), gone / max(n, 1), users / max(n, 1)


def changes(cycles, warmup):
    """Primary changes between consecutive cycles after the warm-up: (total, of them after the user left the AP
    of its old primary, of them undone at the next cycle, seconds covered)."""
    total = roamed = undone = 0
    span = [c[0] for c in cycles if c[0] >= warmup]
    for k in range(1, len(cycles)):
        t, _, assoc, fresh = cycles[k]
        if t < warmup:
            continue
        old = cycles[k - 1][3]
        for u, ap in fresh.items():
            if u in old and old[u] != ap:
                total += 1
                roamed += old[u] not in assoc.get(u, ())
                undone += k + 1 < len(cycles) and cycles[k + 1][3].get(u) == old[u]
    return total, roamed, undone, (span[-1] - span[0]) if len(span) > 1 else 0.0


def report(prefix, eis, warmup):
    """One run's lines; returns {ei: (share differing, share on a left AP)}."""
    cycles = load(prefix)
    if len(cycles) < 2:
        sys.exit(f"{prefix}: fewer than 2 cycles")
    step = cycles[1][0] - cycles[0][0]
    print(f"{prefix}: {len(cycles)} cycles every {step:g} s, first at {cycles[0][0]:g} s")
    total, roamed, undone, secs = changes(cycles, warmup)
    mp = sum(len(c[3]) for c in cycles) / len(cycles)
    print(f"primary changes between consecutive cycles: {total} in {secs:g} s over {mp:.1f} multipath users "
          f"({total / max(mp, 1) / max(secs, 1) * 60:.2f} per user per minute; {roamed} after the user left "
          f"the old primary's AP; {undone} undone at the next cycle)")
    print("| EI (s) | instants | multipath users with a primary | primary differs from the fresh cycle's | "
          "primary on an AP the user has left |")
    print("|---|---|---|---|---|")
    out = {}
    for ei in eis:
        n, differ, gone, users = staleness(cycles, ei, warmup)
        print(f"| {ei:g} | {n} | {users:.1f} | {100 * differ:.1f} % | {100 * gone:.1f} % |")
        out[ei] = (differ, gone)
    print()
    return out


def summary(runs, eis):
    """Median (min-max) over runs of each EI's two shares, as a table."""
    rows = [f"over {len(runs)} runs, median (min-max):",
            "| EI (s) | primary differs from the fresh cycle's | primary on an AP the user has left |",
            "|---|---|---|"]
    for ei in eis:
        cells = []
        for j in (0, 1):
            v = [100 * r[ei][j] for r in runs]
            cells.append(f"{statistics.median(v):.1f} % ({min(v):.1f}-{max(v):.1f})")
        rows.append(f"| {ei:g} | {cells[0]} | {cells[1]} |")
    return "\n".join(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("prefix", nargs="+", help="the MPSDN_BRIDGE_TEE prefix of a run (<prefix>.req, <prefix>.ans)")
    ap.add_argument("--eis", default="2,5,15,30,45", help="execution intervals to evaluate, s")
    ap.add_argument("--warmup", type=float, default=5.0, help="instants before this are not evaluated, s")
    o = ap.parse_args(argv)
    eis = [float(x) for x in o.eis.split(",")]
    runs = [report(p, eis, o.warmup) for p in o.prefix]
    if len(runs) > 1:
        print(summary(runs, eis))


if __name__ == "__main__":
    main()
