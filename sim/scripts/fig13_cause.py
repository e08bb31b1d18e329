#!/usr/bin/env python3
"""Why Tier 1 misses its demand after a step up in Fig. 13 (the analysis of an earlier set, last at commit
09a565b: docs/results/profiles/fig13-8ue-analysis.md).

Reads only the committed CSVs of `figures.py fig13` (fig13.csv, fig13-series.csv, fig13-flows.csv,
fig13-recovery.csv) and prints, per run and per step up of the demand on wifi0, what the 0.5-s series shows
in the 2 cycles (4 s at EI 2 s) after the step: the served demand, the other Tier-1 traffic on wifi0
(t1 - served: the Wi-Fi subflows of multipath users whose primary is Wi-Fi), Tier 2 and its limit (R_m =
0.1 Mb/s), the AP's MAC-queue occupancy (MacOcc, compared with CTh: the `paper` profile's signal, and the
`mpsdn` one's in runs without station queues, i.e. before the scenario sent them or with
--stationQueues=0; with them `mpsdn` reads the Tier-1 stations' queues against tier1Threshold, which these
CSVs do not hold), and the PHY airtime the AP's traffic needs. Usage:
  /usr/bin/python3 sim/scripts/fig13_cause.py [docs/results] [--layout ci8] [--per-step]
"""
import argparse
import csv
import os
import statistics as st

R_M = 0.1  # Mb/s, RegulationParameters.DEFAULT_MIN_RATE_BPS
CTH = 0.85
EI = 2.0
WINDOW = 2 * EI  # the target: back within 2 cycles


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def by_run(rows):
    out = {}
    for r in rows:
        out.setdefault((r["tag"], r["seed"]), []).append(r)
    return out


def wifi0_users(flows):
    """Per run: PHY rates on wifi0 of the single-path users (the paced demand) and of the multipath users, and
    the multipath users whose Wi-Fi subflow carried more than their LTE one (Wi-Fi primary, Tier 1 on wifi0)."""
    out = {}
    for key, fl in by_run(flows).items():
        mp = {}
        sp_phy, mp_phy = [], []
        for f in fl:
            if f["multipath"] == "1":
                mp.setdefault(f["ue"], {})[f["ap"]] = float(f["th_mbps"])
                if f["ap"] == "wifi0":
                    mp_phy.append(float(f["phy_mbps"]))
            elif f["ap"] == "wifi0":
                sp_phy.append(float(f["phy_mbps"]))
        wifi_primary = [u for u, th in mp.items() if th.get("wifi0", 0) > th.get("lte", 0)]
        out[key] = {"sp_phy": st.mean(sp_phy) if sp_phy else 0.0, "mp_phy": st.mean(mp_phy) if mp_phy else 0.0,
                    "wifi_primary": len(wifi_primary),
                    "wifi_primary_mbps": sum(mp[u]["wifi0"] for u in wifi_primary)}
    return out


def steps(series, recovery):
    """One dict per (run, step up): the recovery row's verdict and the series' means over the window."""
    rec = {(r["tag"], r["seed"], float(r["step_s"])): r for r in recovery}
    out = []
    for (tag, seed), rs in by_run(series).items():
        rs = sorted((r for r in rs if r["ap"] == "wifi0"), key=lambda r: float(r["time_s"]))
        end = float(rs[-1]["time_s"])
        for k in range(1, len(rs)):
            if float(rs[k]["t1_demand_mbps"]) <= float(rs[k - 1]["t1_demand_mbps"]):
                continue
            step = float(rs[k]["time_s"])
            win = [r for r in rs[k + 1:] if float(r["time_s"]) <= step + WINDOW + 1e-9]
            r = rec[(tag, seed, step)]
            demand = float(rs[k]["t1_demand_mbps"])
            served = [float(x["served_mbps"]) for x in win]
            t1 = [float(x["t1_mbps"]) for x in win]
            out.append({
                "tag": tag, "seed": seed, "step": step, "ok": r["within_2_cycles"] == "1",
                "after": r["recovered_after_s"], "censored": step + WINDOW > end + 1e-9,
                "demand": demand, "served": st.mean(served),
                "other_t1": st.mean(a - b for a, b in zip(t1, served)),
                "t2": st.mean(float(x["t2_mbps"]) for x in win),
                "limit": st.mean(float(x["t2_limit_mbps"]) for x in win),
                "limit_at_rm": sum(0 < float(x["t2_limit_mbps"]) <= 2 * R_M for x in win) / len(win),
                "occ": st.mean(float(x["occupancy"]) for x in win),
                "occ_ge_cth": sum(float(x["occupancy"]) >= CTH for x in win) / len(win),
                "wifi0": st.mean(a + float(x["t2_mbps"]) for a, x in zip(t1, win))})
    return out


def airtime(s, users):
    """PHY airtime (fraction of time on air at the stations' PHY rates, without MAC overhead) of the window's
    Tier-2 and other Tier-1 traffic (multipath stations) and of the full demand (single-path stations)."""
    need = s["demand"] / users["sp_phy"]
    taken = (s["other_t1"] + s["t2"]) / users["mp_phy"] if users["mp_phy"] else 0.0
    return need, taken


def fmt(xs):
    return f"{st.mean(xs):6.2f}" if xs else "     -"


def summary(all_steps, runs, users, tags):
    print("seeds_ok: seeds whose every step up recovered within 2 cycles; uncensored: without the step at 60 s\n"
          "(the series ends at 61.5 s: 1.5 s < 2 cycles). Per step up (ok / miss / censored), means over the\n"
          "4 s after it (Mb/s): served demand, its shortfall to 95 %, other Tier 1 on wifi0, Tier 2, its limit,\n"
          "share of samples with the limit <= 2 R_m (0 = no limit: `none`), MacOcc and its share >= CTh\n"
          "(0 for `none`: no cycles), wifi0's total, PHY airtime (served/PHY_sp + (other T1 + T2)/PHY_mp).")
    print("tag                 seeds_ok  uncensored        Wi-Fi primaries")
    for tag in tags:
        ss = [s for s in all_steps if s["tag"] == tag]
        seeds = sorted({s["seed"] for s in ss}, key=int)
        if not seeds:
            continue  # a profile or layout not in this directory's CSVs
        ok_all = sum(all(s["ok"] for s in ss if s["seed"] == k) for k in seeds)
        ok_unc = sum(all(s["ok"] for s in ss if s["seed"] == k and not s["censored"]) for k in seeds)
        prim = [users[(tag, k)]["wifi_primary"] for k in seeds]
        lte = [int(runs[(tag, k)][0]["mp_lte_primaries"]) for k in seeds]
        n_mp = [int(runs[(tag, k)][0]["n_mp"]) for k in seeds]
        print(f"{tag:20} {ok_all:2}/{len(seeds)}      {ok_unc:2}/{len(seeds)}              "
              f"{min(prim)}-{max(prim)} (flows); multipath users {min(n_mp)}-{max(n_mp)}, LTE primaries "
              f"{min(lte)}-{max(lte)} (fig13.csv)")
        for label, sel in (("ok", [s for s in ss if s["ok"] and not s["censored"]]),
                           ("miss", [s for s in ss if not s["ok"] and not s["censored"]]),
                           ("censored", [s for s in ss if s["censored"]])):
            air = [sum(airtime(s, users[(s["tag"], s["seed"])])) for s in sel]
            print(f"    {label:9} n={len(sel):2}  served{fmt([s['served'] for s in sel])}"
                  f"  short of 95 %{fmt([0.95 * s['demand'] - s['served'] for s in sel])}  other T1"
                  f"{fmt([s['other_t1'] for s in sel])}  T2{fmt([s['t2'] for s in sel])}  limit"
                  f"{fmt([s['limit'] for s in sel])}  limit at R_m {fmt([s['limit_at_rm'] for s in sel])}"
                  f"  occ{fmt([s['occ'] for s in sel])}  occ>=CTh{fmt([s['occ_ge_cth'] for s in sel])}"
                  f"  wifi0{fmt([s['wifi0'] for s in sel])}  airtime{fmt(air)}")


def per_step(all_steps, users, tags):
    print("\ntag                 seed step  ok after  served otherT1   T2  limit  @Rm   occ  wifi_prim prim_mbps")
    for s in sorted((s for s in all_steps if s["tag"] in tags), key=lambda s: (s["tag"], int(s["seed"]), s["step"])):
        u = users[(s["tag"], s["seed"])]
        print(f"{s['tag']:20}{s['seed']:>4} {s['step']:4.0f}  {'c' if s['censored'] else int(s['ok'])}  "
              f"{s['after'] or '-':>5} {s['served']:6.2f} {s['other_t1']:6.2f} {s['t2']:5.2f} {s['limit']:5.2f}"
              f" {s['limit_at_rm']:4.2f} {s['occ']:5.2f} {u['wifi_primary']:6} {u['wifi_primary_mbps']:8.2f}")


def same_series(series, layout):
    """Seeds whose wifi0 series is identical (every sample's t1, t2, limit, occupancy) under paper and mpsdn."""
    runs = by_run(r for r in series if r["ap"] == "wifi0")
    cols = ("time_s", "t1_mbps", "t2_mbps", "t2_limit_mbps", "occupancy", "served_mbps")
    same, seeds = [], sorted({k[1] for k in runs if k[0] == f"{layout}-demand-mpsdn"}, key=int)
    for seed in seeds:
        a, b = (runs.get((f"{layout}-demand-{p}", seed), []) for p in ("paper", "mpsdn"))
        if a and [tuple(r[c] for c in cols) for r in a] == [tuple(r[c] for c in cols) for r in b]:
            same.append(seed)
    print(f"{layout}: paper and mpsdn series identical in {len(same)} of {len(seeds)} seeds ({','.join(same)})")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", nargs="?", default="docs/results")
    ap.add_argument("--layout", default="ci8,ci4", help="layouts to report (ci4, ci8)")
    ap.add_argument("--per-step", action="store_true", help="also one line per run and step up")
    o = ap.parse_args()
    p = lambda n: os.path.join(o.dir, n)  # noqa: E731
    series, recovery = read(p("fig13-series.csv")), read(p("fig13-recovery.csv"))
    users = wifi0_users(read(p("fig13-flows.csv")))
    runs = by_run(read(p("fig13.csv")))
    tags = [f"{lay}-demand-{prof}" for lay in o.layout.split(",") for prof in ("mpsdn", "paper", "none")]
    all_steps = steps(series, recovery)
    summary(all_steps, runs, users, tags)
    for lay in o.layout.split(","):
        same_series(series, lay)
    if o.per_step:
        per_step(all_steps, users, tags)


if __name__ == "__main__":
    main()
