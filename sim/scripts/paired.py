#!/usr/bin/env python3
"""Paired comparison over seeds of two cases of a docs/results/<fig>.csv (same seed = same placement):
paired.py <csv> <field> <case A> <case B> prints B - A per seed, its mean ± sample sd, and in how many
seeds B > A."""
import csv
import statistics
import sys


def paired(rows, field, a, b):
    """{seed: B - A} over the seeds that have both cases."""
    va = {r["seed"]: float(r[field]) for r in rows if r["tag"] == a}
    vb = {r["seed"]: float(r[field]) for r in rows if r["tag"] == b}
    return {s: vb[s] - va[s] for s in sorted(set(va) & set(vb), key=int)}


def main(path, field, a, b):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    d = paired(rows, field, a, b)
    if not d:
        sys.exit(f"no seed has both {a} and {b}")
    v = list(d.values())
    sd = statistics.stdev(v) if len(v) > 1 else float("nan")
    print(f"{field}: {b} - {a} per seed: " + ", ".join(f"{s}: {x:+.2f}" for s, x in d.items()))
    print(f"mean {statistics.fmean(v):+.2f} ± {sd:.2f} (sd) over {len(v)} seeds; {b} > {a} in {sum(x > 0 for x in v)}")


if __name__ == "__main__":
    main(*sys.argv[1:5])
