#!/usr/bin/env python3
"""Appends a second lane's new runs of one figure to the campaign's CSVs.

The campaign runs two figure commands at once; the second (lane B) writes to its own directory so that two
processes never append to one CSV. To make lane B resume like lane A, start it on copies of the main CSVs
(`merge_lane.py fig18 docs/results docs/results-b --seed-lane` copies them), then, when it ends:

    sim/scripts/merge_lane.py fig18 docs/results-b docs/results

A run is new if its (tag, seed) is in the lane's summary CSV (`<figure>.csv`) and not in the main one; its
rows of `<figure>.csv`, `<figure>-flows.csv` and `<figure>-series.csv` (those that exist) are appended, in the
lane's order. Refuses, changing nothing, if a header differs or a new run lacks its flow rows (a run stopped
between writing its files).
"""
import argparse
import csv
import os
import shutil
import sys

PARTS = ("", "-flows", "-series")


def read(path):
    """(header, rows) of a CSV, rows as lists; (None, []) if the file does not exist."""
    if not os.path.exists(path):
        return None, []
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        return header, list(reader)


def keys(header, rows):
    t, s = header.index("tag"), header.index("seed")
    return [(r[t], r[s]) for r in rows]


def plan(figure, lane, main):
    """{path in main: (header, rows to append)}; raises ValueError on a header mismatch or a partial run."""
    lane_h, lane_rows = read(os.path.join(lane, figure + ".csv"))
    main_h, main_rows = read(os.path.join(main, figure + ".csv"))
    if lane_h is None:
        raise ValueError(f"{lane}/{figure}.csv does not exist")
    if not os.path.isdir(main):
        raise ValueError(f"{main} is not a directory")
    new = set(keys(lane_h, lane_rows)) - (set(keys(main_h, main_rows)) if main_h else set())
    out = {}
    for part in PARTS:
        name = figure + part + ".csv"
        lh, lr = read(os.path.join(lane, name))
        if lh is None:
            continue
        mh, _ = read(os.path.join(main, name))
        if mh is not None and mh != lh:
            raise ValueError(f"{name}: the lane's header differs from the main one")
        add = [r for r, k in zip(lr, keys(lh, lr)) if k in new]
        if part == "-flows" and {k for k in keys(lh, add)} != new:
            missing = sorted(new - set(keys(lh, add)))
            raise ValueError(f"{name}: no flow rows for {missing} (a run stopped mid-write?)")
        out[os.path.join(main, name)] = (lh, add)
    return out, sorted(new)


def append(path, header, rows):
    exists = os.path.exists(path)
    with open(path, "a", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        if not exists:
            w.writerow(header)
        w.writerows(rows)


def seed_lane(figure, main, lane):
    """Copies the main CSVs of a figure into the lane's directory (refuses to overwrite)."""
    os.makedirs(lane, exist_ok=True)
    for part in PARTS:
        src, dest = os.path.join(main, figure + part + ".csv"), os.path.join(lane, figure + part + ".csv")
        if os.path.exists(dest):
            raise ValueError(f"{dest} exists: merge or remove it first")
        if os.path.exists(src):
            shutil.copy2(src, dest)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("figure", help="figure name, e.g. fig18 (its CSVs: fig18.csv, fig18-flows.csv, ...)")
    ap.add_argument("source")
    ap.add_argument("dest")
    ap.add_argument("--seed-lane", action="store_true", help="copy source's CSVs into dest (a new lane) instead")
    o = ap.parse_args(argv)
    try:
        if o.seed_lane:
            seed_lane(o.figure, o.source, o.dest)
            print(f"{o.dest}: seeded with {o.figure}'s CSVs from {o.source}")
            return 0
        todo, new = plan(o.figure, o.source, o.dest)
    except ValueError as e:
        print(f"merge_lane: {e}", file=sys.stderr)
        return 1
    for path, (header, rows) in todo.items():
        append(path, header, rows)
        print(f"{path}: +{len(rows)} rows")
    print(f"{len(new)} new runs: {' '.join(f'{t}/{s}' for t, s in new)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
