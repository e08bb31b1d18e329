#!/usr/bin/env python3
"""How long the runs behind a set of result CSVs took: per CSV the number of runs, the sum and mean of the
`wall_s` column (each run's own wall-clock time, measured by figures.py), and the total.

  sim/scripts/walltime.py docs/results/fig5_10.csv docs/results/fig11a.csv ...
  sim/scripts/walltime.py --committed      # the CSVs of `figures.py all --preset committed`

The runs were made two at a time on the 2-core machine, so a run's wall time is about its CPU time and the
set's wall time on 2 cores is about half the sum.
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

COMMITTED = ["fig5_10", "fig11a", "fig11b", "fig13", "fig14", "fig15", "fig18", "mobility", "fig17", "olia-ns3"]


def summarize(rows):
    """(runs, sum of wall_s, mean wall_s) of a CSV's rows."""
    walls = [float(r["wall_s"]) for r in rows]
    return len(walls), sum(walls), (sum(walls) / len(walls) if walls else 0.0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="*")
    ap.add_argument("--committed", action="store_true", help="the CSVs of the committed set in docs/results")
    o = ap.parse_args(argv)
    paths = list(o.csv)
    if o.committed:
        import figures
        paths += [os.path.join(figures.OUT, f"{n}.csv") for n in COMMITTED]
    if not paths:
        ap.error("no CSV given")
    total_runs, total = 0, 0.0
    for p in paths:
        with open(p) as f:
            n, s, m = summarize(list(csv.DictReader(f)))
        total_runs += n
        total += s
        print(f"{os.path.basename(p):16} {n:4d} runs  {s:8.0f} s  ({m:.0f} s per run)")
    print(f"{'total':16} {total_runs:4d} runs  {total:8.0f} s = {total / 3600:.2f} h of run time; "
          f"≈ {total / 7200:.2f} h of wall time on 2 cores, two runs at a time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
