"""Rows of a stopped run: the scenario appends its series (and flow) rows while it runs and its summary row
last, so a run stopped part-way leaves rows in `-series.csv` (`-flows.csv`) whose (tag, seed) has no summary
row. The figure command re-runs such a run in full; dropping the orphans first keeps each run's rows once."""
import csv
import os


def drop_orphans(path, runs):
    """Rewrites `path` (a CSV with tag and seed columns) without the rows whose (tag, seed) is not in `runs`;
    returns the number of rows dropped. A missing file drops nothing."""
    if not path or not os.path.exists(path):
        return 0
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header is None:
            return 0
        t, s = header.index("tag"), header.index("seed")
        rows = list(reader)
    kept = [r for r in rows if len(r) > max(t, s) and (r[t], r[s]) in runs]
    if len(kept) == len(rows):
        return 0
    rewrite(path, header, kept)
    return len(rows) - len(kept)


def rewrite(path, header, rows):
    """Replaces a CSV's content at once (a temporary file renamed over it): the one way the scripts rewrite rows."""
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    os.replace(tmp, path)


def drop_unfinished(name, paths, runs):
    """Called by a figure sweep before its first run (never on a re-plot, which may run beside a lane of the
    same figure, whose open files a rewrite would cut off): drops the rows of runs stopped part-way from
    `paths`, which then run again in full. Returns True."""
    for p in paths:
        if drop_orphans(p, runs):
            print(f"[{name}] dropped the rows of unfinished runs from {os.path.basename(p)}", flush=True)
    return True
