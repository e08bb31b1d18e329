"""Compares the summary and flow rows of a new-rev run with a committed row of the same case and seed,
ignoring the columns that name the run (rev, ap_qdisc) or time it (wall_s, bridge_ms)."""
import csv, sys
def load(path, tag, seed):
    with open(path) as f:
        return [r for r in csv.DictReader(f) if r["tag"] == tag and r["seed"] == seed]
skip = {"rev", "ap_qdisc", "wall_s", "bridge_ms"}
new, old, tag, seed = sys.argv[1:5]
for suffix in (".csv", "-flows.csv"):
    a, b = load(new + suffix, tag, seed), load(old + suffix, tag, seed)
    keys = [k for k in a[0] if k not in skip and k in b[0]]
    diff = [(i, k, x[k], y[k]) for i, (x, y) in enumerate(zip(a, b)) for k in keys if x[k] != y[k]]
    print(f"{suffix}: {len(a)} vs {len(b)} rows, {len(keys)} columns compared, {len(diff)} differences",
          diff[:5], "-> IDENTICAL" if not diff and len(a) == len(b) else "-> DIFFERENT")
