#!/usr/bin/env python3
"""Prints a markdown table of per-case means (over seeds) of a docs/results/<fig>.csv file."""
import csv
import sys

FIELDS = ["wns_mbps", "sp_aat_mbps", "mp_aat_mbps", "wifi0_mbps", "wifi1_mbps", "wifi2_mbps", "lte_mbps",
          "t2_wifi0_mbps", "t2_wifi1_mbps", "t2_wifi2_mbps", "t1_unsat_wifi0_mbps", "wall_s"]


def main(path):
    with open(path) as f:
        rs = list(csv.DictReader(f))
    cases = []
    by = {}
    for r in rs:
        if r["tag"] not in by:
            cases.append(r["tag"])
        by.setdefault(r["tag"], []).append(r)
    print("| case | runs | " + " | ".join(FIELDS) + " |")
    print("|" + "---|" * (len(FIELDS) + 2))
    for c in cases:
        g = by[c]
        vals = [sum(float(r[k]) for r in g) / len(g) for k in FIELDS]
        print(f"| {c} | {len(g)} | " + " | ".join(f"{v:.2f}" for v in vals) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
