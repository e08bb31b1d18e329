"""Summaries of a Fig. 13 series (figures.py fig13): the mean per demand phase (fig13-phases.csv) and the
Tier-1 recovery after every step up of the demand (fig13-recovery.csv). Pure functions of the series rows
(the scenario's --series columns); every output row carries the run's profile, sim_time_s, rev and ap_qdisc."""

import csv


PHASE_FIELDS = ["tag", "seed", "demand", "samples", "t1_mbps", "t2_mbps", "t2_limit_mbps", "served_mbps",
                "profile", "sim_time_s", "rev", "ap_qdisc"]


def write_phases(series, swap, path, settle_s=2.0):
    """Per (tag, seed, demand phase) mean Tier-1 and Tier-2 throughput, Tier-2 limit and served Tier-1 demand
    of a Fig. 13 series, skipping the first settle_s of the run and of every phase. Returns the rows written
    (tuples in PHASE_FIELDS order)."""
    acc = {}
    for r in series:
        t = float(r["time_s"])
        if t <= settle_s or (t % swap) <= settle_s:
            continue
        key = (r["tag"], r["seed"], "high" if float(r["t1_demand_mbps"]) > 7.5 else "low")
        a = acc.setdefault(key, [0, 0.0, 0.0, 0.0, 0.0, r.get("profile", ""), r.get("sim_time_s", ""),
                                 r.get("rev", ""), r.get("ap_qdisc", "")])
        a[0] += 1
        a[1] += float(r["t1_mbps"])
        a[2] += float(r["t2_mbps"])
        a[3] += float(r["t2_limit_mbps"])
        a[4] += float(r.get("served_mbps", r["t1_mbps"]))
    out = [(k[0], k[1], k[2], a[0], a[1] / a[0], a[2] / a[0], a[3] / a[0], a[4] / a[0], a[5], a[6], a[7], a[8])
           for k, a in sorted(acc.items())]
    with open(path, "w") as f:
        f.write(",".join(PHASE_FIELDS) + "\n")
        for row in out:
            f.write("%s,%s,%s,%d,%.3f,%.3f,%.3f,%.3f,%s,%s,%s,%s\n" % row)
    return out


RECOVERY_FIELDS = ["tag", "seed", "step_s", "recovered_after_s", "cycles", "within_2_cycles", "censored",
                   "observed_s", "profile", "sim_time_s", "rev", "ap_qdisc"]


def recoveries(samples, share=0.95):
    """[(step time, delay or None)] of one run's time-ordered samples: for every step up of the demand, the
    time from the step to the end of the first 0.5-s sample after it whose served Tier-1 demand is >= share
    of the demand, within the high phase (None: not in that phase). The step's time is that of the first
    sample showing the higher demand (the scenario raises the demand just before sampling at that instant,
    so that sample's bytes belong to the low phase and it is not a candidate)."""
    return [(step, delay) for step, delay, _ in observed_recoveries(samples, share)]


def step_ups(samples):
    """Indices of the time-ordered samples that are the first to show a higher demand than the one before."""
    return [k for k in range(1, len(samples))
            if float(samples[k]["t1_demand_mbps"]) > float(samples[k - 1]["t1_demand_mbps"])]


def observed_recoveries(samples, share=0.95):
    """As recoveries, with how long each high phase was observed: (step time, delay or None, observed s), the
    observed time running from the step to the last sample of that phase in the run."""
    out = []
    for k in step_ups(samples):
        cur = float(samples[k]["t1_demand_mbps"])
        step = float(samples[k]["time_s"])
        delay, last = None, step
        for r in samples[k + 1:]:
            if float(r["t1_demand_mbps"]) != cur:
                break
            last = float(r["time_s"])
            if delay is None and float(r["served_mbps"]) >= share * cur:
                delay = last - step
        out.append((step, delay, last - step))
    return out


def recovery_rows(series, interval):
    """One row per run and step up (RECOVERY_FIELDS); interval = the runs' EI, s. A step that did not recover
    and whose high phase was observed for less than 2 cycles (the run ended) is censored: "within 2 cycles"
    cannot be told (within_2_cycles empty), and recovered_seeds leaves it out."""
    by_run = {}
    for r in series:
        by_run.setdefault((r["tag"], r["seed"]), []).append(r)
    out = []
    for (tag, seed), rs in sorted(by_run.items()):
        rs.sort(key=lambda r: float(r["time_s"]))
        for step, delay, seen in observed_recoveries(rs):
            cycles = None if delay is None else delay / interval
            censored = delay is None and seen < 2 * interval - 1e-9
            out.append({"tag": tag, "seed": seed, "step_s": f"{step:.1f}",
                        "recovered_after_s": "" if delay is None else f"{delay:.1f}",
                        "cycles": "" if cycles is None else f"{cycles:.2f}",
                        "within_2_cycles": "" if censored else int(cycles is not None and cycles <= 2 + 1e-9),
                        "censored": int(censored), "observed_s": f"{seen:.1f}",
                        "profile": rs[0].get("profile", ""), "sim_time_s": rs[0].get("sim_time_s", ""),
                        "rev": rs[0].get("rev", ""), "ap_qdisc": rs[0].get("ap_qdisc", "")})
    return out


def write_recovery(series, interval, path):
    """recovery_rows written to path; returns them."""
    out = recovery_rows(series, interval)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=RECOVERY_FIELDS)
        w.writeheader()
        w.writerows(out)
    return out


def recovered_seeds(recovery_rows):
    """Per tag: (seeds whose every step up recovered within 2 cycles, seeds with a step up); censored steps
    (see write_recovery) are left out."""
    seeds = {}
    for r in recovery_rows:
        if r.get("censored") in (1, "1"):
            continue
        ok = seeds.setdefault(r["tag"], {})
        ok[r["seed"]] = ok.get(r["seed"], True) and r["within_2_cycles"] == 1
    return {tag: (sum(v.values()), len(v)) for tag, v in seeds.items()}
