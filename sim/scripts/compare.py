#!/usr/bin/env python3
"""Compares two result sets of the same cases (e.g. 12-s runs in one directory and 60-s runs in
another) over the seeds both have: per case, the mean of a field in each set
and the paired difference B - A (mean ± sample sd, in how many seeds B > A).

  compare.py <A.csv> <B.csv> <field> [field ...]
"""
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paired  # noqa: E402


def compare(rows_a, rows_b, field):
    """[(case, seeds, mean A, mean B, mean of B - A, sd of B - A or None, seeds with B > A)] over the
    (case, seed) pairs present in both sets, in A's case order (paired.paired on the two sets' rows)."""
    rows = [dict(r, tag="A " + r["tag"]) for r in rows_a] + [dict(r, tag="B " + r["tag"]) for r in rows_b]
    b_value = {(r["tag"], r["seed"]): float(r[field]) for r in rows_b}
    out = []
    for c in dict.fromkeys(r["tag"] for r in rows_a):
        d = paired.paired(rows, field, "A " + c, "B " + c)
        if not d:
            continue
        mb = statistics.fmean(b_value[(c, s)] for s in d)
        md = statistics.fmean(d.values())
        out.append((c, len(d), mb - md, mb, md, statistics.stdev(d.values()) if len(d) > 1 else None,
                    sum(x > 0 for x in d.values())))
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        ra = list(csv.DictReader(f))
    with open(argv[1]) as f:
        rb = list(csv.DictReader(f))
    for field in argv[2:]:
        print(f"| {field} | seeds | A | B | B - A | B > A |")
        print("|---|---|---|---|---|---|")
        for c, n, ma, mb, md, sd, up in compare(ra, rb, field):
            sds = f" ± {sd:.2f}" if sd is not None else ""
            print(f"| {c} | {n} | {ma:.2f} | {mb:.2f} | {md:+.2f}{sds} | {up}/{n} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
