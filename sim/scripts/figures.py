#!/usr/bin/env python3
"""Runs the MP-SDN ns-3 experiments and plots them (CSV + PNG, by default in docs/results/).

One command per figure and one for all:
  sim/scripts/figures.py fig5_10|fig11|fig13|fig14|fig15|fig18|mobility|fig17|olia|all [--preset P] [options]
Every figure is run for the three regulation profiles (--profiles, default none,paper,mpsdn): `none` =
no regulation (MP-Reno), `paper` and `mpsdn` = the Regulation Center in the loop with that profile
(docs/regulation.md). Each case's tag ends in its profile (s40-mpsdn, ci8-demand-paper, interval2.0-mpsdn).
--preset paper (the default) is the paper's scale: 10 seeds of 60-s runs (10 s warm-up), every 20 % of
multipath share, mobility EI up to 45 s. --preset campaign is the scale of the committed set in docs/results/
(its run log: docs/results/logs/CAMPAIGN.md). --preset committed is, per figure, the shorter run lengths of an
earlier set (removed from the tree; it last lived at commit 09a565b). An option given on the command line
overrides the preset. Runs are sequential under `nice -n 19`; progress and the elapsed time go to stdout.
Existing rows of a figure's CSV are kept (keyed by tag and seed, so runs of another length belong in
another --out-dir); --fresh starts over. Every CSV row carries profile, sim_time_s, rev (the last git
commit of the code that produces rows, "-dirty" with uncommitted changes there) and ap_qdisc (the Wi-Fi
AP's queue model, --apQdisc). A CSV without those columns (the earlier sets, last at commit 09a565b) is never
appended to, nor a CSV of another AP queue model: give
another --out-dir. Rows of another rev are kept and counted on stdout; filter on the rev column to
separate them.
Plots show the mean over seeds with error bars of one sample standard deviation.
"""
import argparse
import csv
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import orphans  # noqa: E402
import plots  # noqa: E402
from phases import PHASE_FIELDS, recovered_seeds, write_phases, write_recovery  # noqa: E402,F401
from plots import rows  # noqa: E402

SIM = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP = os.path.dirname(SIM)
OUT = os.path.join(TOP, "docs", "results")  # the committed set (fair AP queue, the default)
BIN = os.path.join(SIM, "build", "mpsdn-scenario")
BRIDGE = os.path.join(SIM, "scripts", "bridge.sh")
SHARES = [0.0, 0.2, 0.4, 0.6, 0.8]
PROFILES = plots.PROFILES
CODE_PATHS = ["sim/src", "sim/bridge/src/main", "app/src/main/java/org/mpsdn/core"]
OPTS = None
REV = None
# Option values per preset: "paper" applies to every figure; the others list, per figure, what differs.
PAPER = {"runs": 10, "sim_time": 60.0, "warmup": 10.0, "swap": 15.0, "shares": SHARES,
         "mob_intervals": [2.0, 5.0, 15.0, 30.0, 45.0]}
_SHORT = {"sim_time": 12.0, "warmup": 4.0}
_MAIN_SHARES = [0.0, 0.4, 0.8]
PRESETS = {
    "paper": {},
    # the committed set's scale (docs/results/logs/CAMPAIGN.md has the runs and their measured cost)
    "campaign": {
        "fig5_10": {"shares": _MAIN_SHARES},
        "fig18": {"shares": _MAIN_SHARES},
        "fig11": {"shares": _MAIN_SHARES, "runs": 5},
        "fig13": {"sim_time": 62.0, "warmup": 2.0, "swap": 10.0},
        "fig14": {"sim_time": 42.0, "warmup": 2.0, "swap": 10.0},
        "fig15": {"sim_time": 42.0, "warmup": 2.0, "swap": 10.0},
        "mobility": {"runs": 5, "sim_time": 140.0, "warmup": 5.0},
        "fig17": {"runs": 1, "sim_time": 140.0, "warmup": 5.0},
        "olia": {"sim_time": 9.0, "warmup": 4.0},
    },
    "committed": {
        "fig5_10": _SHORT,
        "fig11": dict(_SHORT, shares=[0.0, 0.4, 0.8]),
        "fig18": _SHORT,
        "fig13": {"sim_time": 26.0, "warmup": 2.0, "swap": 6.0},
        "fig14": {"sim_time": 26.0, "warmup": 2.0, "swap": 10.0},
        "fig15": {"sim_time": 26.0, "warmup": 2.0, "swap": 10.0},
        "mobility": {"sim_time": 40.0, "warmup": 4.0, "mob_intervals": [2.0, 5.0, 15.0, 30.0]},
        "fig17": {"runs": 1, "sim_time": 40.0, "warmup": 4.0},
        "olia": {"sim_time": 9.0, "warmup": 4.0},
    },
}


class DryRun(Exception):
    """Raised by sweep() under --dry-run once it has listed a figure's missing runs."""


MISSING = []  # (figure, tag, seed) not yet in the CSVs, collected under --dry-run


def resolve(o, preset, figure):
    """The options for one figure: the command line's explicit values (not None), else the preset's value
    for that figure, else the paper's."""
    out = argparse.Namespace(**vars(o))
    chosen = PRESETS[preset].get(figure, {})
    for key, paper_value in PAPER.items():
        if getattr(o, key) is None:
            setattr(out, key, chosen.get(key, paper_value))
    return out


def code_rev():
    """The last commit of the code that produces rows (CODE_PATHS), + "-dirty" if it has uncommitted changes."""
    def git(*args):
        r = subprocess.run(["git", "-C", TOP] + list(args), capture_output=True, text=True)
        return r.stdout.strip() if r.returncode == 0 else ""
    rev = git("log", "-1", "--format=%h", "--abbrev=12", "--", *CODE_PATHS) or "unknown"
    return rev + ("-dirty" if git("status", "--porcelain", "--", *CODE_PATHS) else "")


# Fig. 13-15 use the controlled 4-UE layout (2 strong single-path Wi-Fi users of wifi0, 2 weak
# multipath users 105 m away): in the random 30-UE layout the multipath users' Wi-Fi links are
# mostly their primary ones, leaving (almost) no Tier-2 flow on the Wi-Fi APs to observe.
CI_LAYOUT = ["--layout=ci", "--nUes=4", "--mpShare=1"]
# Fig. 15 needs the Tier-2 limit to bind: with only 2 Tier-2 TCP flows the AP's mean MAC-queue fill
# under congestion stays at 0.7-0.8 (< CTh = 0.85), the limit only ever grows and alpha cannot matter.
# 6 weak multipath stations (6 Tier-2 flows) push it over CTh during the 10 Mb/s phases. Fig. 14 too.
ALPHA_LAYOUT = ["--layout=ci", "--nUes=8", "--mpShare=1"]
DEMAND = ["--t1High=10e6", "--t1Low=5e6"]  # the paced Tier-1 demand on every Wi-Fi AP (tier1-demand.cc)


def profiled(tag, args, profiles=None):
    """The case (tag, args) once per profile of --profiles (and of `profiles`, if given)."""
    return [(f"{tag}-{p}", args + [f"--profile={p}"]) for p in OPTS.profiles
            if profiles is None or p in profiles]


def run(csv_path, tag, seed, args, sim_time, warmup, series=None, extra=()):
    flows_path = csv_path[:-4] + "-flows.csv"  # per-flow PHY rate and throughput (for the flow-level model)
    cmd = ["nice", "-n", "19", BIN, f"--seed={seed}", f"--simTime={sim_time}", f"--warmup={warmup}",
           f"--out={csv_path}", f"--tag={tag}", f"--flowsOut={flows_path}", f"--rev={REV}"] + args + list(extra)
    if not any(a == "--profile=none" for a in args):
        cmd.append(f"--bridge={BRIDGE}")
    if series:
        cmd.append(f"--series={series}")
    t0 = time.time()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.time() - t0


def ap_qdisc(scenario_args):
    """The Wi-Fi AP queue model of the runs: the last --apQdisc= of the scenario options, else the default."""
    given = [a.split("=", 1)[1] for a in scenario_args.split() if a.startswith("--apQdisc=")]
    return given[-1] if given else "fq_codel"


def done(csv_path, qdisc="fq_codel"):
    """(tag, seed) of the rows already in a figure's CSV. Refuses a CSV without profile/rev/ap_qdisc columns
    (older code) or with rows of another AP queue model than `qdisc`: their rows must not be mixed with
    new ones. Reports rows of other revisions."""
    if not os.path.exists(csv_path):
        return set()
    with open(csv_path) as f:
        reader = csv.DictReader(f)
        if not {"rev", "profile", "ap_qdisc"} <= set(reader.fieldnames or []):
            raise SystemExit(f"{csv_path} has rows without profile/rev/ap_qdisc columns (older code): "
                             "use another --out-dir")
        rs = list(reader)
    other = sorted({r["ap_qdisc"] for r in rs} - {qdisc})
    if other:
        raise SystemExit(f"{csv_path} holds rows with AP queue {other}, this run uses {qdisc}: use another --out-dir")
    revs = {}
    for r in rs:
        revs[r["rev"]] = revs.get(r["rev"], 0) + 1
    if set(revs) - {REV}:
        print(f"note: {os.path.basename(csv_path)} holds rows of revisions {revs} (this run: {REV})", flush=True)
    return {(r["tag"], r["seed"]) for r in rs}


def sweep(name, cases, opts, series=False, last=True):
    """cases: list of (tag, args). Runs each case for seeds first_seed..runs. Under --dry-run it only lists
    the missing runs and, if this is the figure's last sweep (last=True), raises DryRun so nothing is plotted."""
    csv_path = os.path.join(OUT, f"{name}.csv")
    series_path = os.path.join(OUT, f"{name}-series.csv") if series else None
    if opts.fresh and not opts.dry_run:
        for p in (csv_path, series_path, csv_path[:-4] + "-flows.csv"):
            if p and os.path.exists(p):
                os.remove(p)
    have = done(csv_path, ap_qdisc(opts.scenario_args))
    total = len(cases) * (opts.runs - opts.first_seed + 1)
    if opts.dry_run:
        missing = [(name, tag, seed) for seed in range(opts.first_seed, opts.runs + 1) for tag, _ in cases
                   if (tag, str(seed)) not in have]
        MISSING.extend(missing)
        print(f"[{name}] {len(missing)} of {total} runs missing", flush=True)
        if last:
            raise DryRun()
        return csv_path, series_path
    k, t_start, tidied = 0, time.time(), False
    for seed in range(opts.first_seed, opts.runs + 1):
        for tag, args in cases:
            k += 1
            if (tag, str(seed)) in have:
                continue
            tidied = tidied or orphans.drop_unfinished(name, (series_path, csv_path[:-4] + "-flows.csv"), have)
            dt = run(csv_path, tag, seed, args, opts.sim_time, opts.warmup, series_path, opts.scenario_args.split())
            print(f"[{name}] {k}/{total} {tag} seed={seed}: {dt:.0f} s (elapsed {time.time() - t_start:.0f} s, "
                  f"load {os.getloadavg()[0]:.1f})", flush=True)
    return csv_path, series_path


def share_cases(extra):
    cases = []
    for s in OPTS.shares:
        # with no multipath user there is no Tier-2 flow: a regulated run equals the unregulated one
        # (measured for Fig. 5/10), so 0 % is run without regulation only unless --run-zero-regulated
        profs = None if s > 0 or OPTS.run_zero_regulated else ["none"]
        cases += profiled(f"s{int(round(100 * s))}", [f"--mpShare={s}"] + extra, profs)
    return cases


def fig5_10(o):
    c, _ = sweep("fig5_10", share_cases([]), o)
    plots.plot_share(OUT, "fig5_10", c, [("wns_mbps", "WNS achievable throughput (Mb/s)"),
                                         ("sp_aat_mbps", "avg. single-path user (Mb/s)"),
                                         ("mp_aat_mbps", "avg. multipath user (Mb/s)")],
                     "Fig. 5/10: 30 UEs, 200 m x 200 m, downlink")


def fig11(o):
    a, _ = sweep("fig11a", share_cases(["--nUes=15"]), o, last=False)
    b, _ = sweep("fig11b", share_cases(["--area=300"]), o)
    plots.plot_share(OUT, "fig11a", a, [("wns_mbps", "WNS achievable throughput (Mb/s)")], "Fig. 11a: 15 UEs, 200 m")
    plots.plot_share(OUT, "fig11b", b, [("wns_mbps", "WNS achievable throughput (Mb/s)")], "Fig. 11b: 30 UEs, 300 m")


def fig18(o):
    c, _ = sweep("fig18", share_cases(["--uplink=1"]), o)
    plots.plot_share(OUT, "fig18", c, [("wns_mbps", "WNS achievable throughput (Mb/s)"),
                                       ("sp_aat_mbps", "avg. single-path user (Mb/s)")], "Fig. 18: uplink")


def fig13(o):
    """Paced Tier-1 demand 10 <-> 5 Mb/s on wifi0: on the 4-UE layout (2 Tier-2 flows, the AP's queue rarely
    reaches CTh) and on the 8-UE layout of Fig. 14/15 (6 Tier-2 flows, it does), each profile. Plots seed 1's
    series per layout and regulated profile; fig13-phases.csv holds the per-seed means over the high- and
    low-demand phases."""
    layouts = [("ci4-demand", "4-UE layout", CI_LAYOUT), ("ci8-demand", "8-UE layout", ALPHA_LAYOUT)]
    cases = []
    for tag, _, layout in layouts:
        cases += profiled(tag, layout + DEMAND + [f"--swapPeriod={o.swap}", "--seriesAps=wifi0"])
    _, s = sweep("fig13", cases, o, series=True)
    series = [r for r in rows(s) if r["ap"] == "wifi0"]
    write_phases(series, o.swap, os.path.join(OUT, "fig13-phases.csv"))
    recovery = write_recovery(series, 2.0, os.path.join(OUT, "fig13-recovery.csv"))  # Fig. 13 runs at EI 2 s
    for tag, (ok, n) in sorted(recovered_seeds(recovery).items()):
        print(f"[fig13] {tag}: Tier 1 back to >= 95 % of its demand within 2 cycles of every step up in "
              f"{ok} of {n} seeds", flush=True)
    plots.plot_demand_series(OUT, series, [(tag, label) for tag, label, _ in layouts], o.swap)


def param_fig(name, param, values, o, xlabel, layout):
    base = layout + DEMAND + [f"--swapPeriod={o.swap}", "--seriesAps=wifi0"]  # the series behind the prose
    cases = profiled(param, base, ["none"])  # no regulation: the parameter does not matter, run once
    for v in values:
        cases += profiled(f"{param}{v}", base + [f"--{param}={v}"], ["paper", "mpsdn"])
    c, _ = sweep(name, cases, o, series=True)
    plots.plot_param(OUT, name, c, param, xlabel,
                     f"{name}: wifi0 ({layout[1][7:]}-UE layout), paced Tier-1 demand 10 <-> 5 Mb/s every {o.swap:g} s")


def fig14(o):
    param_fig("fig14", "interval", [1.0, 1.5, 2.0, 2.5, 3.0, 3.5], o, "execution interval EI (s)", ALPHA_LAYOUT)


def fig15(o):
    param_fig("fig15", "alpha", [0.3, 0.4, 0.5, 0.6, 0.7, 0.8], o, "aggressiveness factor alpha", ALPHA_LAYOUT)


MOBILE = ["--mpShare=0.4", "--mobility=1", "--seriesAps=wifi0"]  # wifi0's series: Fig. 17 is seed 1's


def mobility_case(interval):
    return f"mob-ei{interval:g}", MOBILE + [f"--interval={interval}"]


def mobility(o):
    cases = profiled("mob", MOBILE, ["none"])
    for i in OPTS.mob_intervals:
        cases += profiled(*mobility_case(i), ["paper", "mpsdn"])
    c, _ = sweep("mobility", cases, o, series=True)
    plots.plot_mobility(OUT, c)


def fig17(o):
    """Fig. 17: throughput of one Wi-Fi AP every 0.5 s under mobility at EI 5 s and 30 s: seed 1 of the mobility
    runs (wifi0 stands for the paper's AP1). Runs them only if the mobility figure has not."""
    cases = []
    for i in (5, 30):
        cases += profiled(*mobility_case(i), ["paper", "mpsdn"])
    _, s = sweep("mobility", cases, o, series=True)
    series = [r for r in rows(s) if r["ap"] == "wifi0" and r["seed"] == "1"]
    plots.plot_fig17(OUT, series, [tag for tag, _ in cases])


def olia(o):
    """Flow-level model: MP-Reno mode validated against ns-3 (no regulation), OLIA predicted."""
    import flow_model
    cases = [("ci4-s0", ["--layout=ci", "--nUes=4", "--mpShare=0", "--profile=none"]),
             ("ci4-s100", ["--layout=ci", "--nUes=4", "--mpShare=1", "--profile=none"]),
             ("ci8-s100", ["--layout=ci", "--nUes=8", "--mpShare=1", "--profile=none"])]
    c, _ = sweep("olia-ns3", cases, o)
    sources = [c[:-4] + "-flows.csv"]
    f510 = os.path.join(OUT, "fig5_10-flows.csv")
    if os.path.exists(f510):
        sources.append(f510)
    out_rows = []
    for src in sources:
        groups = {}
        for r in rows(src):
            if r["profile"] != "none":
                continue  # the model has no regulation
            groups.setdefault((r["tag"], r["seed"], r["sim_time_s"], r["rev"], r["ap_qdisc"]), []).append(
                {"ue": int(r["ue"]), "multipath": int(r["multipath"]), "ap": r["ap"],
                 "phy_mbps": float(r["phy_mbps"]), "ns3": float(r["th_mbps"])})
        for (tag, seed, sim_time, rev, qdisc), fl in sorted(groups.items()):
            reno = flow_model.model(fl, coupled=False)
            ol = flow_model.model(fl, coupled=True)
            for key, sel in [(ap, lambda f, ap=ap: f["ap"] == ap) for ap in ("wifi0", "wifi1", "wifi2", "lte")] + [
                    ("wns", lambda f: True), ("sp_users", lambda f: not f["multipath"]),
                    ("mp_users", lambda f: f["multipath"])]:
                idx = [i for i, f in enumerate(fl) if sel(f)]
                if not idx:
                    continue
                users = len({fl[i]["ue"] for i in idx}) if key.endswith("users") else 1
                out_rows.append({"source": os.path.basename(src), "tag": tag, "seed": seed, "what": key,
                                 "ns3_mpreno": sum(fl[i]["ns3"] for i in idx) / users,
                                 "model_mpreno": sum(reno[i] for i in idx) / users,
                                 "model_olia": sum(ol[i] for i in idx) / users,
                                 "profile": "none", "sim_time_s": sim_time, "rev": rev, "ap_qdisc": qdisc})
    with open(os.path.join(OUT, "olia.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out_rows[0]))
        w.writeheader()
        for r in out_rows:
            w.writerow({k: (f"{v:.3f}" if isinstance(v, float) else v) for k, v in r.items()})
    for r in out_rows:
        if r["what"] in ("wifi0", "lte", "wns", "sp_users", "mp_users"):
            print(f"{r['source']:22} {r['tag']:9} seed={r['seed']} {r['what']:9} ns3 {r['ns3_mpreno']:7.2f}"
                  f"  model MP-Reno {r['model_mpreno']:7.2f}  model OLIA {r['model_olia']:7.2f}")
    plots.plot_olia(OUT, out_rows)


FIGS = {"fig5_10": fig5_10, "fig11": fig11, "fig13": fig13, "fig14": fig14, "fig15": fig15, "fig18": fig18,
        "mobility": mobility, "fig17": fig17, "olia": olia}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("figure", choices=list(FIGS) + ["all"])
    ap.add_argument("--preset", choices=list(PRESETS), default="paper",
                    help="paper (default): the paper's scale; campaign: the committed set's scale (docs/results/); "
                         "committed: the shorter run lengths of an earlier set (last at commit 09a565b)")
    ap.add_argument("--profiles", type=lambda v: v.split(","), default=list(PROFILES),
                    help="regulation profiles to run, of none,paper,mpsdn (default: all three)")
    ap.add_argument("--runs", type=int, help="seeds per point (paper: 10)")
    ap.add_argument("--sim-time", type=float, help="simulated seconds per run (paper preset: 60)")
    ap.add_argument("--warmup", type=float, help="seconds excluded from averages (paper preset: 10)")
    ap.add_argument("--swap", type=float, help="Tier-1 demand swap period (Fig. 13-15), s (paper preset: 15)")
    ap.add_argument("--shares", type=lambda v: [float(x) for x in v.split(",")],
                    help="multipath shares for Fig. 5/10, 11, 18 (paper preset: 0,0.2,0.4,0.6,0.8)")
    ap.add_argument("--mob-intervals", type=lambda v: [float(x) for x in v.split(",")],
                    help="execution intervals of the mobility study, s (paper preset: 2,5,15,30,45)")
    ap.add_argument("--run-zero-regulated", action="store_true", help="also run 0 %% multipath with MP-SDN")
    ap.add_argument("--fresh", action="store_true", help="discard existing rows")
    ap.add_argument("--first-seed", type=int, default=1,
                    help="run seeds first-seed..runs only (two processes can split the seeds of one figure)")
    ap.add_argument("--out-dir", default=None, help="where CSVs and PNGs go (default docs/results)")
    ap.add_argument("--scenario-args", default="",
                    help="extra mpsdn-scenario options for every run, e.g. \"--occSample=0.1\" (use a separate --out-dir)")
    ap.add_argument("--dry-run", action="store_true",
                    help="only list how many runs each figure is missing (nothing is run or plotted)")
    o = ap.parse_args(argv)
    bad = [p for p in o.profiles if p not in PROFILES]
    if bad:
        ap.error(f"--profiles: unknown {bad}, use of {PROFILES}")
    global OPTS, OUT, REV
    REV = code_rev()
    if o.out_dir:
        OUT = os.path.abspath(o.out_dir)
    os.makedirs(OUT, exist_ok=True)
    if not o.dry_run:
        subprocess.run(["make", "-s", "-C", SIM, "all"], check=True)
    del MISSING[:]
    t0 = time.time()
    for name in (FIGS if o.figure == "all" else [o.figure]):
        OPTS = resolve(o, o.preset, name)
        print(f"== {name} (runs {OPTS.runs}, {OPTS.sim_time:g} s, warm-up {OPTS.warmup:g} s, profiles "
              f"{','.join(OPTS.profiles)}, rev {REV})", flush=True)
        try:
            FIGS[name](OPTS)
        except DryRun:
            pass
    if o.dry_run:
        print(f"missing runs: {len(MISSING)}", flush=True)
        return 0
    print(f"total {time.time() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
