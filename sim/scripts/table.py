#!/usr/bin/env python3
"""Prints a markdown table of per-case means over seeds (± sample standard deviation when a case has
more than one seed) of a docs/results/<fig>.csv file: table.py <csv> [field ...]."""
import csv
import statistics
import sys

FIELDS = ["wns_mbps", "sp_aat_mbps", "mp_aat_mbps", "wifi0_mbps", "wifi1_mbps", "wifi2_mbps", "lte_mbps",
          "t2_wifi0_mbps", "t2_wifi1_mbps", "t2_wifi2_mbps", "t1_unsat_wifi0_mbps", "wall_s"]


def summarize(rows, fields):
    """[(case, seeds, [(mean, sd or None) per field])] in first-seen case order."""
    cases, by = [], {}
    for r in rows:
        if r["tag"] not in by:
            cases.append(r["tag"])
        by.setdefault(r["tag"], []).append(r)
    out = []
    for c in cases:
        g = by[c]
        stats = []
        for k in fields:
            v = [float(r[k]) for r in g]
            stats.append((statistics.fmean(v), statistics.stdev(v) if len(v) > 1 else None))
        out.append((c, len(g), stats))
    return out


def main(path, fields=None):
    fields = fields or FIELDS
    with open(path) as f:
        rows = list(csv.DictReader(f))
    print("| case | runs | " + " | ".join(fields) + " |")
    print("|" + "---|" * (len(fields) + 2))
    for c, n, stats in summarize(rows, fields):
        cells = [f"{m:.2f}" if sd is None else f"{m:.2f} ± {sd:.2f}" for m, sd in stats]
        print(f"| {c} | {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
