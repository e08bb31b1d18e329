#!/usr/bin/env python3
"""The mobility (Fig. 16) and Fig. 17 tables in docs/results.md, from the CSVs figures.py mobility writes: per
execution interval EI and regulated profile the WNS, single-path and multipath averages (mean ± sample sd over
seeds) beside the unregulated run; per profile the change from the smallest to the largest EI and each EI against
`none`, paired per seed (the paper: the WNS falls slowly up to EI 25 s, then sharply); `mpsdn` against `paper` at
each EI; for Fig. 17, each AP's throughput at EI 5 s minus 30 s paired per seed (the paper: AP1 dips lower and
longer at 30 s), and from the --series file seed 1's wifi0 (the plotted AP1) per run: its mean, its lowest 5-s
mean and the seconds below the EI-5 run's mean less 10 %.
Usage:
  sim/scripts/mobility_table.py [docs/results]
"""
import os
import statistics as st
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fig13_table import mean_sd  # noqa: E402
from paired import paired as paired_by_seed  # noqa: E402
from param_table import PROFILES, regulated_case  # noqa: E402
from param_table import table as param_table  # noqa: E402
from plots import rows as read  # noqa: E402

FIELDS = (("wns_mbps", "WNS"), ("sp_aat_mbps", "single-path avg"), ("mp_aat_mbps", "multipath avg"))
APS = ("wifi0", "wifi1", "wifi2", "lte")
SAMPLE_S = 0.5


def table(rows):
    """Markdown: one row per EI, per profile the FIELDS, then the unregulated run's (param_table's layout)."""
    return param_table(rows, "interval", "EI (s)", fields=FIELDS)


def describe(d, unit="Mb/s"):
    v = list(d.values())
    return f"{mean_sd(v)} {unit}, higher in {sum(x > 0 for x in v)} of {len(v)} seeds"


def tags(rows):
    """({(profile, EI): tag}, the `none` tag or None)."""
    reg = {case: tag for tag, case in regulated_case(rows, "interval").items()}
    none = next((r["tag"] for r in rows if r["profile"] == "none"), None)
    return reg, none


def paired(rows):
    """Lines: per profile, largest minus smallest EI and each EI minus `none`; `mpsdn` minus `paper` at each EI."""
    reg, none = tags(rows)
    lines = []
    for p in PROFILES:
        values = sorted(v for q, v in reg if q == p)
        if len(values) > 1:
            for k, name in FIELDS[:2]:
                d = paired_by_seed(rows, k, reg[(p, values[0])], reg[(p, values[-1])])
                if d:
                    lines.append(f"`{p}` {name} from EI {values[0]:g} to {values[-1]:g} s: {describe(d)}")
        for v in values if none else []:
            d = paired_by_seed(rows, "wns_mbps", none, reg[(p, v)])
            if d:
                lines.append(f"`{p}` WNS at EI {v:g} s minus `none`: {describe(d)}")
    for v in sorted(v for q, v in reg if q == "mpsdn"):
        if ("paper", v) in reg:
            d = paired_by_seed(rows, "wns_mbps", reg[("paper", v)], reg[("mpsdn", v)])
            if d:
                lines.append(f"WNS `mpsdn` minus `paper` at EI {v:g} s: {describe(d)}")
    return "\n".join(lines)


def per_ap(rows, short=5.0, long=30.0):
    """Lines: per profile and AP, its throughput at EI short minus EI long, paired per seed (Fig. 17 over seeds)."""
    reg, _ = tags(rows)
    lines = []
    for p in PROFILES:
        if (p, short) in reg and (p, long) in reg:
            for ap in APS:
                d = paired_by_seed(rows, f"{ap}_mbps", reg[(p, long)], reg[(p, short)])
                if d:
                    lines.append(f"`{p}` {ap} at EI {short:g} s minus {long:g} s: {describe(d)}")
    return "\n".join(lines)


def window_means(values, n):
    """Means of every n consecutive values (all of them when there are fewer)."""
    if len(values) <= n:
        return [st.fmean(values)] if values else []
    return [st.fmean(values[i:i + n]) for i in range(len(values) - n + 1)]


def dips(series, rows, seed="1", ap="wifi0", short=5.0, window_s=5.0):
    """Markdown: per regulated run of `seed` (and `none`), the AP's mean after the warm-up, its lowest window_s
    mean, and the seconds below 90 % of the EI-short run's mean of the same profile (– without one, and for
    `none`)."""
    meta = {r["tag"]: r for r in rows if r["seed"] == seed}
    runs = {}
    for s in series:
        if s["seed"] == seed and s["ap"] == ap and s["tag"] in meta:
            if float(s["time_s"]) > float(meta[s["tag"]]["warmup_s"]) + 1e-9:
                runs.setdefault(s["tag"], []).append(float(s["t1_mbps"]) + float(s["t2_mbps"]))
    ref = {meta[t]["profile"]: st.fmean(v) for t, v in runs.items()
           if meta[t]["profile"] != "none" and abs(float(meta[t]["interval"]) - short) < 1e-9}
    lines = [f"| run (seed {seed}, {ap}) | mean (Mb/s) | lowest {window_s:g}-s mean (Mb/s) | s below 90 % of the "
             f"EI-{short:g} run's mean |", "|---|---|---|---|"]
    def order(t):
        return meta[t]["profile"] != "none", meta[t]["profile"], float(meta[t]["interval"])
    for tag in sorted(runs, key=order):
        v, base = runs[tag], ref.get(meta[tag]["profile"])
        below = "–" if base is None else f"{SAMPLE_S * sum(x < 0.9 * base for x in v):g}"
        low = min(window_means(v, int(window_s / SAMPLE_S)))
        lines.append(f"| `{tag}` | {st.fmean(v):.2f} | {low:.2f} | {below} |")
    return "\n".join(lines)


def main(argv):
    d = argv[1] if len(argv) > 1 else os.path.join("docs", "results")
    rows = read(os.path.join(d, "mobility.csv"))
    print(table(rows))
    print()
    print(paired(rows))
    print()
    print(per_ap(rows))
    series_path = os.path.join(d, "mobility-series.csv")
    if os.path.exists(series_path):
        print()
        print(dips(read(series_path), rows))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    main(sys.argv)
