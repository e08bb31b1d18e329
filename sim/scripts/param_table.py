#!/usr/bin/env python3
"""The Fig. 14 / Fig. 15 tables in docs/results.md, from the CSVs figures.py fig14|fig15 writes: per parameter value
(EI or alpha) and regulated profile, T2-BW-Ac (Tier 2 on wifi0) and T1-BW-Un (the Tier-1 demand left unserved on
wifi0) as mean ± sample sd over seeds, beside the unregulated run; the change from the smallest to the largest
value paired per seed (the paper's claim: both rise with alpha; with EI, Tier 2 rises and Tier 1 suffers); and,
from the --series file, the seeds whose every step up of the Tier-1 demand was back to >= 95 % within 2 cycles
(Fig. 13's measure, at each run's own EI); and the limit's dynamics behind them (decreases per run, the median
Tier-2 limit, the mean signal the core read: MacOcc for `paper`, the Tier-1 station signal for `mpsdn`); and, with
the --flows file, where T1-BW-Un accrues: from a step up of the demand to the first cycle after it, in the rest of
the high phases, in the low phases (the cycle times from the run's flow count, as the scenario schedules them).
Usage:
  sim/scripts/param_table.py fig14|fig15 [docs/results]
"""
import os
import statistics as st
from collections import Counter
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fig13_table import mean_sd  # noqa: E402
from paired import paired as paired_by_seed  # noqa: E402
from phases import recovered_seeds, recovery_rows, step_ups  # noqa: E402
from plots import rows as read  # noqa: E402

PARAMS = {"fig14": ("interval", "EI (s)"), "fig15": ("alpha", "α")}
PROFILES = ("paper", "mpsdn")
FIELDS = (("t2_wifi0_mbps", "T2-BW-Ac"), ("t1_unsat_wifi0_mbps", "T1-BW-Un"))


def by_case(rows, param):
    """{(profile, value): {seed: row}} of the regulated rows; value = the parameter as a float."""
    out = {}
    for r in rows:
        if r["profile"] in PROFILES:
            out.setdefault((r["profile"], float(r[param])), {})[r["seed"]] = r
    return out


def table(rows, param, header, recovered=None, fields=FIELDS):
    """Markdown: one row per parameter value, per profile the fields (default: the two metrics; and the recovered
    seeds when given), then the unregulated run's."""
    cases = by_case(rows, param)
    values = sorted({v for _, v in cases})
    cols = [f"`{p}` {name}" for p in PROFILES for _, name in fields]
    if recovered is not None:
        cols += [f"`{p}` seeds back within 2 cycles" for p in PROFILES]
    lines = [f"| {header} | seeds | " + " | ".join(cols) + " |", "|---" * (len(cols) + 2) + "|"]
    for v in values:
        seeds = max(len(cases.get((p, v), {})) for p in PROFILES)
        cells = [mean_sd([float(r[k]) for r in cases.get((p, v), {}).values()]) for p in PROFILES for k, _ in fields]
        if recovered is not None:
            cells += ["{} / {}".format(*recovered.get((p, v), (0, 0))) for p in PROFILES]
        lines.append(f"| {v:g} | {seeds} | " + " | ".join(cells) + " |")
    none = [r for r in rows if r["profile"] == "none"]
    if none:
        # unregulated runs classify no traffic as Tier 2: their T2 columns are not measured, not zero
        cells = [mean_sd([float(r[k]) for r in none]) if k != "t2_wifi0_mbps" else "–"
                 for _ in PROFILES for k, _ in fields]
        if recovered is not None:
            cells += ["{} / {}".format(*recovered.get(("none", None), (0, 0)))] * len(PROFILES)
        lines.append(f"| `none` (no regulation) | {len(none)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def paired(rows, param):
    """Lines: per profile and metric, largest minus smallest parameter value paired per seed."""
    cases = by_case(rows, param)
    lines = []
    for p in PROFILES:
        values = sorted(v for q, v in cases if q == p)
        if len(values) < 2:
            continue
        lo, hi = (next(iter(cases[(p, v)].values()))["tag"] for v in (values[0], values[-1]))
        for k, name in FIELDS:
            d = list(paired_by_seed(rows, k, lo, hi).values())
            if d:
                lines.append(f"`{p}` {name} from {values[0]:g} to {values[-1]:g}: {mean_sd(d)} Mb/s, higher in "
                             f"{sum(x > 0 for x in d)} of {len(d)} seeds")
    return "\n".join(lines)


def regulated_case(rows, param):
    """{tag: (profile, value)} of the regulated rows."""
    return {r["tag"]: (r["profile"], float(r[param])) for r in rows if r["profile"] in PROFILES}


def in_table_order(acc):
    """The items of a {(profile, value): ...} dict, profile by profile in PROFILES order, then by value."""
    return sorted(acc.items(), key=lambda kv: (PROFILES.index(kv[0][0]), kv[0][1]))


def wifi0_runs(series):
    """{(tag, seed): [wifi0 samples]} of a series, grouped once for every table that reads it."""
    runs = {}
    for s in series:
        if s["ap"] == "wifi0":
            runs.setdefault((s["tag"], s["seed"]), []).append(s)
    return runs


def recovery(rows, series, param):
    """{(profile, value) or ("none", None): (seeds back within 2 cycles of every step up, seeds)} from the
    wifi0 series, each run at its own EI (the summary row's interval column)."""
    first = {}
    for r in rows:
        first.setdefault(r["tag"], r)
    interval = {(r["tag"], r["seed"]): float(r["interval"]) for r in rows}
    runs = wifi0_runs(series)
    rec = []
    for (tag, seed), ei in sorted(interval.items()):
        rec += recovery_rows(runs.get((tag, seed), []), ei)
    out = {}
    for tag, counts in recovered_seeds(rec).items():
        r = first[tag]
        out[("none", None) if r["profile"] == "none" else (r["profile"], float(r[param]))] = counts
    return out


def dynamics(rows, series, param, settle_s=2.0):
    """Markdown: per parameter value and regulated profile, means over seeds of the wifi0 Tier-2 limit's
    decreases per run (a sample more than 10 % below the one before), its median, the share of samples where
    Tier 2 carries at least half the limit (limit validation's meter-bound test at h = 1), and the mean signal
    (the series' occupancy column), from the samples after settle_s."""
    value = regulated_case(rows, param)
    acc = {}
    for (tag, _), rs in wifi0_runs(series).items():
        rs = sorted((r for r in rs if float(r["time_s"]) > settle_s), key=lambda r: float(r["time_s"]))
        if tag not in value or not rs:
            continue
        lim = [float(r["t2_limit_mbps"]) for r in rs]
        a = acc.setdefault(value[tag], ([], [], [], []))
        a[0].append(sum(b < 0.9 * x for x, b in zip(lim, lim[1:])))
        a[1].append(st.median(lim))
        a[2].append(st.fmean(float(r["occupancy"]) for r in rs))
        a[3].append(st.fmean(float(r["t2_mbps"]) >= x / 2 for r, x in zip(rs, lim)))
    lines = ["| value, profile | runs | limit decreases per run | median Tier-2 limit (Mb/s) | samples with Tier 2 "
             "≥ limit / 2 | mean signal |", "|---|---|---|---|---|---|"]
    for (p, v), (dec, med, sig, bound) in in_table_order(acc):
        lines.append(f"| {v:g} `{p}` | {len(dec)} | {st.fmean(dec):.1f} | {st.fmean(med):.2f} | "
                     f"{100 * st.fmean(bound):.0f} % | {st.fmean(sig):.2f} |")
    return "\n".join(lines)


# sim/src/scenario.h kTrafficStart and sim/src/regulation-loop.cc: the first flow starts at 1.5 s, the others 10 ms
# apart, and the first cycle runs 0.1 s after the last flow's start, then every EI
TRAFFIC_START_S = 1.5
SAMPLE_S = 0.5


def first_cycle_s(n_flows):
    return TRAFFIC_START_S + 0.01 * (n_flows - 1) + 0.1


def next_cycle_s(t, t0, interval):
    """The first cycle after t on the grid t0 + k * interval."""
    return t0 + interval * (int((t - t0) / interval) + 1)


def unserved_parts(samples, interval, t0, warmup_s):
    """(step up → first cycle after it, rest of the high phases, low phases): the run's T1-BW-Un (the mean over
    the time-ordered samples after warmup_s of the demand left unserved, as the scenario's summary) split by
    where each sample falls. A sample (t - 0.5, t] counts as before the first cycle when t <= that cycle + 0.5 s
    (the sample in which the cycle's limit starts to act)."""
    top = max((float(r["t1_demand_mbps"]) for r in samples), default=0.0)
    ups = set(step_ups(samples))
    parts, n, until = [0.0, 0.0, 0.0], 0, None
    for k, r in enumerate(samples):
        t, demand = float(r["time_s"]), float(r["t1_demand_mbps"])
        if k in ups:
            until = next_cycle_s(t, t0, interval) + SAMPLE_S + 1e-9
        if t <= warmup_s + 1e-9:
            continue
        n += 1
        unserved = max(0.0, demand - float(r["served_mbps"]))
        parts[2 if demand < top else 0 if until is not None and t <= until else 1] += unserved
    return [x / n for x in parts] if n else parts


def step_up_stats(samples, interval, t0):
    """Per step up of the time-ordered samples: (s until the next cycle, the Tier-2 limit in the step's sample,
    Tier 2's mean over the 1.5 s from the step)."""
    out = []
    for k in step_ups(samples):
        t = float(samples[k]["time_s"])
        out.append((next_cycle_s(t, t0, interval) - t, float(samples[k]["t2_limit_mbps"]),
                    st.fmean(float(r["t2_mbps"]) for r in samples[k:k + 3])))
    return out


def unserved_table(rows, series, flows, param):
    """Markdown: per parameter value and regulated profile, T1-BW-Un split by unserved_parts (means over runs) and
    step_up_stats (means over the step ups; the limit's median)."""
    value = regulated_case(rows, param)
    meta = {(r["tag"], r["seed"]): (float(r["interval"]), float(r["warmup_s"])) for r in rows}
    n_flows = Counter((f["tag"], f["seed"]) for f in flows)
    acc = {}
    for key, rs in wifi0_runs(series).items():
        if key[0] in value and key in meta and key in n_flows:
            rs = sorted(rs, key=lambda r: float(r["time_s"]))
            ei, warmup = meta[key]
            t0 = first_cycle_s(n_flows[key])
            a = acc.setdefault(value[key[0]], ([], []))
            a[0].append(unserved_parts(rs, ei, t0, warmup))
            a[1].extend(step_up_stats(rs, ei, t0))
    lines = ["| value, profile | runs | T1-BW-Un from a step up to the first cycle after it | in the rest of the high "
             "phases | in the low phases | s from a step up to that cycle | Tier-2 limit at a step up, median "
             "(Mb/s) | Tier 2 in the 1.5 s from a step up (Mb/s) |", "|---|---|---|---|---|---|---|---|"]
    for (p, v), (parts, steps) in in_table_order(acc):
        cells = [st.fmean(x[i] for x in parts) for i in range(3)]
        if steps:
            cells += [st.fmean(s[0] for s in steps), st.median(s[1] for s in steps), st.fmean(s[2] for s in steps)]
        else:
            cells += [float("nan")] * 3
        lines.append(f"| {v:g} `{p}` | {len(parts)} | " + " | ".join(f"{c:.2f}" for c in cells) + " |")
    return "\n".join(lines)


def main(argv):
    if len(argv) < 2 or argv[1] not in PARAMS:
        sys.exit(__doc__)
    fig = argv[1]
    d = argv[2] if len(argv) > 2 else os.path.join("docs", "results")
    param, header = PARAMS[fig]
    rows = read(os.path.join(d, f"{fig}.csv"))
    series_path = os.path.join(d, f"{fig}-series.csv")
    series = read(series_path) if os.path.exists(series_path) else None
    rec = recovery(rows, series, param) if series else None
    print(table(rows, param, header, rec))
    print()
    print(paired(rows, param))
    if series:
        print()
        print(dynamics(rows, series, param))
        flows_path = os.path.join(d, f"{fig}-flows.csv")
        if os.path.exists(flows_path):
            print()
            print(unserved_table(rows, series, read(flows_path), param))


if __name__ == "__main__":
    main(sys.argv)
