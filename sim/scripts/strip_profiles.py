#!/usr/bin/env python3
"""Removes the rows of some regulation profiles from figure CSVs, in place, after copying each CSV whole
to a directory (the superseded set keeps every row and stays reproducible on its own).

Used when a code change invalidates the regulated rows but not the unregulated ones (`none` runs no
meter): the figure command then re-runs only the removed rows, since it resumes from the rows it finds.

    sim/scripts/strip_profiles.py --profiles paper,mpsdn --keep-in docs/results/old-rev-1535448 \\
        docs/results/fig13.csv docs/results/fig13-series.csv ...
"""
import argparse
import csv
import os
import shutil
import sys

import orphans


def strip(path, profiles):
    """Rewrites `path` without the rows whose profile is in `profiles`; returns (kept, removed)."""
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        if "profile" not in header:
            raise ValueError(f"{path}: no profile column")
        col = header.index("profile")
        rows = list(reader)
    kept = [r for r in rows if len(r) <= col or r[col] not in profiles]
    orphans.rewrite(path, header, kept)
    return len(kept), len(rows) - len(kept)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profiles", required=True, type=lambda v: set(v.split(",")),
                    help="profiles whose rows are removed, e.g. paper,mpsdn")
    ap.add_argument("--keep-in", required=True, help="directory that receives a whole copy of each CSV first")
    ap.add_argument("csvs", nargs="+")
    o = ap.parse_args(argv)
    os.makedirs(o.keep_in, exist_ok=True)
    for path in o.csvs:
        dest = os.path.join(o.keep_in, os.path.basename(path))
        if os.path.exists(dest):
            print(f"{dest} exists: not overwritten, nothing stripped", file=sys.stderr)
            return 1
        shutil.copy2(path, dest)
        kept, removed = strip(path, o.profiles)
        print(f"{path}: kept {kept} rows, removed {removed} (whole copy in {dest})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
