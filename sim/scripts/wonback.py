#!/usr/bin/env python3
"""Issue 18's Fig. 5/10 and 18 targets, per seed (same seed = same placement), from a figure CSV:
wonback.py <csv> [share ...]   (shares in %, default 40 80)
For each share s and regulated profile p (paper, mpsdn), over the seeds that have s0-none, s<s>-none and
s<s>-<p>:
  * WNS: the multipath loss L = WNS(s0-none) - WNS(s<s>-none) and the share of it won back,
    (WNS(s<s>-p) - WNS(s<s>-none)) / L, per seed, with the ratio of the seed means (target >= 80 %);
  * single-path users: sp_aat_mbps(s<s>-x) / sp_aat_mbps(s0-none) per seed for x = none, p (target >= 95 %).
Prints per-seed values, their mean, min and max, and in how many seeds the target is met. Rows of every
rev in the CSV are used: filter the CSV first if it holds rows of several revisions that should not mix."""
import csv
import statistics
import sys


def by_tag(rows, field):
    out = {}
    for r in rows:
        out.setdefault(r["tag"], {})[r["seed"]] = float(r[field])
    return out


def line(name, per_seed, fmt, target=None):
    v = list(per_seed.values())
    seeds = ", ".join(f"{s}: {fmt(x)}" for s, x in per_seed.items())
    met = "" if target is None else f"; >= target in {sum(x >= target for x in v)} of {len(v)}"
    sd = f" ± {statistics.stdev(v) * 100:.0f} (sd)" if len(v) > 1 else ""
    print(f"  {name}: mean {fmt(statistics.fmean(v))}{sd}, min {fmt(min(v))}, max {fmt(max(v))}{met}")
    print(f"    per seed {seeds}")


def main(path, shares):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    wns, sp = by_tag(rows, "wns_mbps"), by_tag(rows, "sp_aat_mbps")
    base_w, base_sp = wns.get("s0-none", {}), sp.get("s0-none", {})
    pct = lambda x: f"{100 * x:.0f} %"  # noqa: E731
    for s in shares:
        none_w, none_sp = wns.get(f"s{s}-none", {}), sp.get(f"s{s}-none", {})
        for p in ("paper", "mpsdn"):
            reg_w, reg_sp = wns.get(f"s{s}-{p}", {}), sp.get(f"s{s}-{p}", {})
            seeds = sorted(set(base_w) & set(none_w) & set(reg_w), key=int)
            if not seeds:
                continue
            loss = {k: base_w[k] - none_w[k] for k in seeds}
            gain = {k: reg_w[k] - none_w[k] for k in seeds}
            print(f"s{s} {p} ({len(seeds)} seeds: {','.join(seeds)})")
            print(f"  WNS s0-none {statistics.fmean(base_w[k] for k in seeds):.2f}, s{s}-none "
                  f"{statistics.fmean(none_w[k] for k in seeds):.2f}, s{s}-{p} "
                  f"{statistics.fmean(reg_w[k] for k in seeds):.2f} Mb/s; loss {statistics.fmean(loss.values()):.2f}, "
                  f"gain {statistics.fmean(gain.values()):+.2f} Mb/s; ratio of the means "
                  f"{pct(statistics.fmean(gain.values()) / statistics.fmean(loss.values()))}")
            line("loss won back", {k: gain[k] / loss[k] for k in seeds}, pct, 0.8)
            line(f"single-path users, s{s}-none / s0-none", {k: none_sp[k] / base_sp[k] for k in seeds}, pct, 0.95)
            line(f"single-path users, s{s}-{p} / s0-none", {k: reg_sp[k] / base_sp[k] for k in seeds}, pct, 0.95)


if __name__ == "__main__":
    main(sys.argv[1], [int(x) for x in sys.argv[2:]] or [40, 80])
