#!/usr/bin/env python3
"""Issue 18's Fig. 5/10 and 18 targets, per seed (same seed = same placement), from a figure CSV:
wonback.py <csv> [share ...]   (shares in %, default 40 80)
For each share s and regulated profile p (paper, mpsdn), over the seeds that have s0-none, s<s>-none and
s<s>-<p>:
  * WNS: the multipath loss L = WNS(s0-none) - WNS(s<s>-none) and the share of it won back,
    (WNS(s<s>-p) - WNS(s<s>-none)) / L, per seed, with the ratio of the seed means (target >= 80 %);
  * single-path users against their own no-multipath throughput (target >= 95 %): per seed, the s<s>-x
    single-path users' throughput over the same UEs' throughput in s0-none (ratio of the sums, from the
    -flows.csv beside the CSV; losscause.py), for x = none, p; and the same per home network (Wi-Fi within
    range, else LTE), whose lower value is the one held against the target: a gain of the users at home on
    one network does not offset a loss of those on the other. (Before 2026-11-24 this line compared
    sp_aat_mbps(s<s>-x) with sp_aat_mbps(s0-none), the mean of all UEs of s0-none, mostly other users.)
Prints per-seed values, their mean, min and max, and in how many seeds the target is met. Rows of every
rev in the CSV are used: filter the CSV first if it holds rows of several revisions that should not mix."""
import csv
import statistics
import sys

import losscause


def by_tag(rows, field):
    out = {}
    for r in rows:
        out.setdefault(r["tag"], {})[r["seed"]] = float(r[field])
    return out


def line(name, per_seed, fmt, target=None):
    """Mean (one decimal more than the rest: a mean near a target must not round onto it), sd, min, max,
    seeds at the target, then each seed."""
    v = list(per_seed.values())
    seeds = ", ".join(f"{s}: {fmt(x)}" for s, x in per_seed.items())
    met = "" if target is None else f"; >= target in {sum(x >= target for x in v)} of {len(v)}"
    sd = f" ± {statistics.stdev(v) * 100:.0f} (sd)" if len(v) > 1 else ""
    print(f"  {name}: mean {fmt(statistics.fmean(v), 1)}{sd}, min {fmt(min(v))}, max {fmt(max(v))}{met}")
    print(f"    per seed {seeds}")


def main(path, shares):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    wns = by_tag(rows, "wns_mbps")
    base_w = wns.get("s0-none", {})
    summary, runs = losscause.load(path)
    cache = {}

    def own(tag, k, field="sp_own"):
        if (tag, k) not in cache:  # one losscause pass per run, whichever of its fields is asked
            cache[(tag, k)] = losscause.one_run(summary, runs, tag, k)
        return cache[(tag, k)][field]

    worse = lambda tag, k: min(v for v in (own(tag, k, "sp_wifi"), own(tag, k, "sp_lte")) if v == v)  # noqa: E731
    pct = lambda x, digits=0: f"{100 * x:.{digits}f} %"  # noqa: E731
    for s in shares:
        none_w = wns.get(f"s{s}-none", {})
        for p in ("paper", "mpsdn"):
            reg_w = wns.get(f"s{s}-{p}", {})
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
            line(f"single-path users, s{s}-none / their own s0-none", {k: own(f"s{s}-none", k) for k in seeds}, pct)
            line(f"single-path users, s{s}-{p} / their own s0-none", {k: own(f"s{s}-{p}", k) for k in seeds}, pct)
            line(f"  the worse home network (Wi-Fi or LTE), s{s}-{p}", {k: worse(f"s{s}-{p}", k) for k in seeds}, pct,
                 0.95)


if __name__ == "__main__":
    main(sys.argv[1], [int(x) for x in sys.argv[2:]] or [40, 80])
