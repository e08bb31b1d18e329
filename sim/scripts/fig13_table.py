#!/usr/bin/env python3
"""Fig. 13's table in docs/results.md, from the CSVs figures.py fig13 writes: per layout and profile, the seeds
whose every step up of the Tier-1 demand was back to >= 95 % within 2 cycles (fig13-recovery.csv, censored
steps left out as in phases.recovered_seeds), the step ups within 2 cycles, the recovery time in cycles
(median, max), and the phase means over seeds (fig13-phases.csv: served Tier-1 demand, Tier 2, Tier-2 limit;
mean ± sample sd over seeds); then, per regulated layout and profile, Tier 2 in the low-demand phases minus the
high-demand ones paired per seed (the paper's Fig. 13 effect: Tier 2 takes the capacity the lower demand frees).
Usage:
  sim/scripts/fig13_table.py [docs/results]
"""
import os
import statistics as st
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from phases import recovered_seeds  # noqa: E402
from plots import rows as read  # noqa: E402


def as_recovery(rows):
    """CSV rows of fig13-recovery.csv with within_2_cycles and censored as ints (None when empty), the form
    write_recovery returns and recovered_seeds reads."""
    out = []
    for r in rows:
        r = dict(r)
        for k in ("within_2_cycles", "censored"):
            r[k] = int(r[k]) if r.get(k, "") != "" else None
        out.append(r)
    return out


def steps(recovery, tag):
    """(within 2 cycles, uncensored step ups, censored, [cycles of the recovered ones]) of one tag."""
    rs = [r for r in recovery if r["tag"] == tag]
    unc = [r for r in rs if r["censored"] != 1]
    cycles = [float(r["cycles"]) for r in unc if r["cycles"] not in ("", None)]
    return sum(r["within_2_cycles"] == 1 for r in unc), len(unc), len(rs) - len(unc), cycles


def mean_sd(values):
    if not values:
        return "–"
    sd = st.stdev(values) if len(values) > 1 else 0.0
    return f"{st.fmean(values):.2f} ± {sd:.2f}"


def phase(phases, tag, field, demand):
    return [float(r[field]) for r in phases if r["tag"] == tag and r["demand"] == demand]


def table(phases, recovery):
    seeds = recovered_seeds(recovery)
    lines = ["| layout, profile | seeds with every step up back to ≥ 95 % within 2 cycles | step ups within 2 "
             "cycles (censored) | cycles to recover, median / max | Tier-1 demand served, high / low (Mb/s) | "
             "Tier 2, high / low (Mb/s) | Tier-2 limit, high / low (Mb/s) |",
             "|---|---|---|---|---|---|---|"]
    for tag in sorted({r["tag"] for r in phases}, key=order):
        ok, n = seeds.get(tag, (0, 0))
        within, unc, cens, cycles = steps(recovery, tag)
        cyc = f"{st.median(cycles):.2f} / {max(cycles):.2f}" if cycles else "–"
        regulated = not tag.endswith("-none")
        cells = [f"{ok} / {n}", f"{within} / {unc} ({cens})", cyc]
        for field in ("served_mbps", "t2_mbps", "t2_limit_mbps"):
            if field != "served_mbps" and not regulated:
                cells.append("–")
                continue
            hi, lo = phase(phases, tag, field, "high"), phase(phases, tag, field, "low")
            if field == "t2_limit_mbps":
                cells.append(f"{st.fmean(hi):.2f} / {st.fmean(lo):.2f}" if hi and lo else "–")
            else:
                cells.append(f"{mean_sd(hi)} / {mean_sd(lo)}")
        lines.append(f"| {label(tag)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def low_minus_high(phases):
    """Lines: per regulated tag, Tier 2's low-phase minus high-phase mean paired per seed (mean ± sd, seeds
    with low > high) and the range of the per-seed low-phase means."""
    lines = []
    for tag in sorted({r["tag"] for r in phases if not r["tag"].endswith("-none")}, key=order):
        per = {}
        for r in phases:
            if r["tag"] == tag:
                per.setdefault(r["seed"], {})[r["demand"]] = float(r["t2_mbps"])
        both = [v for v in per.values() if "high" in v and "low" in v]
        d = [v["low"] - v["high"] for v in both]
        lows = [v["low"] for v in both]
        if d:
            lines.append(f"{label(tag)}: Tier 2 low - high {mean_sd(d)} Mb/s, "
                         f"low > high in {sum(x > 0 for x in d)} / {len(d)} seeds, low phases "
                         f"{min(lows):.2f}-{max(lows):.2f} Mb/s by seed")
    return "\n".join(lines)


def label(tag):
    layout, profile = tag.split("-demand-")
    return f"{layout.replace('ci', '')}-UE `{profile}`"


def order(tag):
    profiles = ["none", "paper", "mpsdn"]
    layout, profile = tag.split("-demand-")
    return (layout, profiles.index(profile) if profile in profiles else len(profiles), profile)


def main(argv):
    d = argv[1] if len(argv) > 1 else os.path.join("docs", "results")
    phases = read(os.path.join(d, "fig13-phases.csv"))
    recovery = as_recovery(read(os.path.join(d, "fig13-recovery.csv")))
    print(table(phases, recovery))
    print()
    print(low_minus_high(phases))


if __name__ == "__main__":
    main(sys.argv)
