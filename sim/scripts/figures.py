#!/usr/bin/env python3
"""Runs the MP-SDN ns-3 experiments and plots them (CSV + PNG in docs/results/).

One command per figure and one for all:
  sim/scripts/figures.py fig5_10|fig11|fig13|fig14|fig15|fig18|mobility|fig17|olia|all [--preset P] [options]
--preset paper (the default) is the paper's scale: 10 seeds of 60-s runs (10 s warm-up), every 20 % of
multipath share, mobility EI up to 45 s. --preset committed is, per figure, exactly what produced the
files in docs/results/ (shorter runs, see docs/results.md). An option given on the command line
overrides the preset. Runs are backlogged TCP for --sim-time seconds, the first --warmup seconds
excluded (the paper's runs are 2 GB downloads). Runs are sequential under `nice -n 10`; progress and
the elapsed time go to stdout. Existing rows of a figure's CSV are kept (keyed by case and seed, so
runs of another length belong in another --out-dir); --fresh starts over.
Plots show the mean over seeds with error bars of one sample standard deviation.
"""
import argparse
import csv
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

SIM = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP = os.path.dirname(SIM)
OUT = os.path.join(TOP, "docs", "results")
BIN = os.path.join(SIM, "build", "mpsdn-scenario")
BRIDGE = os.path.join(SIM, "scripts", "bridge.sh")
SHARES = [0.0, 0.2, 0.4, 0.6, 0.8]
OPTS = None
# Option values per preset: "paper" applies to every figure; "committed" lists, per figure, what differs
# from "paper" in the runs that produced docs/results/ (sessions 1-4 on a 2-core machine).
PAPER = {"runs": 10, "sim_time": 60.0, "warmup": 10.0, "swap": 15.0, "shares": SHARES,
         "mob_intervals": [2.0, 5.0, 15.0, 30.0, 45.0]}
_SHORT = {"sim_time": 12.0, "warmup": 4.0}
PRESETS = {
    "paper": {},
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


# Fig. 13-15 use the controlled 4-UE layout (2 strong single-path Wi-Fi users of wifi0, 2 weak
# multipath users 105 m away): in the random 30-UE layout the multipath users' Wi-Fi links are
# mostly their primary ones, leaving (almost) no Tier-2 flow on the Wi-Fi APs to observe.
CI_LAYOUT = ["--layout=ci", "--nUes=4", "--mpShare=1"]
# Fig. 15 needs the Tier-2 limit to bind: with only 2 Tier-2 TCP flows the AP's mean MAC-queue fill
# under congestion stays at 0.7-0.8 (< CTh = 0.85), the limit only ever grows and alpha cannot matter.
# 6 weak multipath stations (6 Tier-2 flows) push it over CTh during the 10 Mb/s phases. Fig. 14 too.
ALPHA_LAYOUT = ["--layout=ci", "--nUes=8", "--mpShare=1"]


def run(csv_path, tag, seed, args, sim_time, warmup, series=None, extra=()):
    flows_path = csv_path[:-4] + "-flows.csv"  # per-flow PHY rate and throughput (for the flow-level model)
    cmd = ["nice", "-n", "19", BIN, f"--seed={seed}", f"--simTime={sim_time}", f"--warmup={warmup}",
           f"--out={csv_path}", f"--tag={tag}", f"--flowsOut={flows_path}"] + args + list(extra)
    if "--regulate=1" in args:
        cmd.append(f"--bridge={BRIDGE}")
    if series:
        cmd.append(f"--series={series}")
    t0 = time.time()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.time() - t0


def done(csv_path):
    if not os.path.exists(csv_path):
        return set()
    with open(csv_path) as f:
        return {(r["tag"], r["seed"]) for r in csv.DictReader(f)}


def sweep(name, cases, opts, series=False, last=True):
    """cases: list of (tag, args). Runs each case for seeds first_seed..runs. Under --dry-run it only lists
    the missing runs and, if this is the figure's last sweep (last=True), raises DryRun so nothing is plotted."""
    csv_path = os.path.join(OUT, f"{name}.csv")
    series_path = os.path.join(OUT, f"{name}-series.csv") if series else None
    if opts.fresh:
        for p in (csv_path, series_path, csv_path[:-4] + "-flows.csv"):
            if p and os.path.exists(p):
                os.remove(p)
    if series_path and not os.path.exists(series_path):
        with open(series_path, "w") as f:
            f.write("tag,seed,time_s,ap,t1_mbps,t2_mbps,t1_demand_mbps,t2_limit_mbps,occupancy\n")
    have = done(csv_path)
    total = len(cases) * (opts.runs - opts.first_seed + 1)
    if opts.dry_run:
        missing = [(name, tag, seed) for seed in range(opts.first_seed, opts.runs + 1) for tag, _ in cases
                   if (tag, str(seed)) not in have]
        MISSING.extend(missing)
        print(f"[{name}] {len(missing)} of {total} runs missing", flush=True)
        if last:
            raise DryRun()
        return csv_path, series_path
    k = 0
    t_start = time.time()
    for seed in range(opts.first_seed, opts.runs + 1):
        for tag, args in cases:
            k += 1
            if (tag, str(seed)) in have:
                continue
            dt = run(csv_path, tag, seed, args, opts.sim_time, opts.warmup, series_path, opts.scenario_args.split())
            print(f"[{name}] {k}/{total} {tag} seed={seed}: {dt:.0f} s (elapsed {time.time() - t_start:.0f} s)",
                  flush=True)
    return csv_path, series_path


def rows(csv_path):
    with open(csv_path) as f:
        return list(csv.DictReader(f))


def mean_by(rs, key, field):
    acc = {}
    for r in rs:
        acc.setdefault(key(r), []).append(float(r[field]))
    return {k: sum(v) / len(v) for k, v in acc.items()}


def sd_by(rs, key, field):
    """Sample standard deviation per key (0 with a single seed)."""
    import statistics
    acc = {}
    for r in rs:
        acc.setdefault(key(r), []).append(float(r[field]))
    return {k: statistics.stdev(v) if len(v) > 1 else 0.0 for k, v in acc.items()}


def plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as p
    return p


def plot_share(name, csv_path, panels, title):
    p = plt()
    rs = rows(csv_path)
    fig, axes = p.subplots(1, len(panels), figsize=(5 * len(panels), 3.6))
    axes = axes if len(panels) > 1 else [axes]
    for ax, (field, ylabel) in zip(axes, panels):
        for reg, label, style in (("0", "MP-Reno (no regulation)", "o-"), ("1", "MP-Reno + MP-SDN", "s-")):
            # at 0 % the regulated run equals the unregulated one: use the unregulated rows only, so a
            # seed that was also run regulated at 0 % is not counted twice
            sub = [r for r in rs if (r["regulate"] == reg if float(r["mp_share"]) > 0 else r["regulate"] == "0")
                   and (field != "mp_aat_mbps" or int(r["n_mp"]) > 0)]
            m = mean_by(sub, lambda r: float(r["mp_share"]), field)
            sd = sd_by(sub, lambda r: float(r["mp_share"]), field)
            xs = sorted(m)
            ax.errorbar([100 * x for x in xs], [m[x] for x in xs], yerr=[sd[x] for x in xs], fmt=style,
                        capsize=3, label=label)
        ax.set_xlabel("multipath users (%)")
        ax.set_ylabel(ylabel)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, f"{name}.png"), dpi=110)


def share_cases(extra):
    cases = []
    for s in OPTS.shares:
        # with no multipath user there is no Tier-2 flow: the regulated run equals the unregulated one
        # (measured for Fig. 5/10), so 0 % is run once unless --run-zero-regulated
        for reg in ((0, 1) if s > 0 or OPTS.run_zero_regulated else (0,)):
            cases.append((f"s{int(100 * s)}-r{reg}", [f"--mpShare={s}", f"--regulate={reg}"] + extra))
    return cases


def fig5_10(o):
    c, _ = sweep("fig5_10", share_cases([]), o)
    plot_share("fig5_10", c, [("wns_mbps", "WNS achievable throughput (Mb/s)"),
                              ("sp_aat_mbps", "avg. single-path user (Mb/s)"),
                              ("mp_aat_mbps", "avg. multipath user (Mb/s)")],
               "Fig. 5/10: 30 UEs, 200 m x 200 m, downlink")


def fig11(o):
    a, _ = sweep("fig11a", share_cases(["--nUes=15"]), o, last=False)
    b, _ = sweep("fig11b", share_cases(["--area=300"]), o)
    plot_share("fig11a", a, [("wns_mbps", "WNS achievable throughput (Mb/s)")], "Fig. 11a: 15 UEs, 200 m")
    plot_share("fig11b", b, [("wns_mbps", "WNS achievable throughput (Mb/s)")], "Fig. 11b: 30 UEs, 300 m")



def fig18(o):
    c, _ = sweep("fig18", share_cases(["--uplink=1"]), o)
    plot_share("fig18", c, [("wns_mbps", "WNS achievable throughput (Mb/s)"),
                            ("sp_aat_mbps", "avg. single-path user (Mb/s)")], "Fig. 18: uplink")


def fig13(o):
    """Tier-1 demand 10 <-> 5 Mb/s on wifi0, regulated: on the 4-UE layout (2 Tier-2 flows, the AP's queue
    rarely reaches CTh) and on the 8-UE layout of Fig. 14/15 (6 Tier-2 flows, it does). Plots seed 1's time
    series per layout; fig13-phases.csv holds the per-seed means over the high- and low-demand phases."""
    swap = o.swap
    cases = [("ci-r1-demand", CI_LAYOUT), ("ci8-r1-demand", ALPHA_LAYOUT)]
    _, s = sweep("fig13", [(tag, layout + ["--regulate=1", "--t1High=10e6", "--t1Low=5e6", f"--swapPeriod={swap}"])
                           for tag, layout in cases], o, series=True)
    series = [r for r in rows(s) if r["ap"] == "wifi0"]
    write_phases(series, swap, os.path.join(OUT, "fig13-phases.csv"))
    p = plt()
    fig, axes = p.subplots(1, 2, figsize=(11, 3.6))
    for ax, (tag, layout) in zip(axes, cases):
        sub = [r for r in series if r["tag"] == tag and r["seed"] == "1"]
        t = [float(r["time_s"]) for r in sub]
        ax.plot(t, [float(r["t1_demand_mbps"]) for r in sub], "-", label="Tier-1 demand")
        ax.plot(t, [float(r["t1_mbps"]) for r in sub], "-", label="Tier-1 throughput")
        ax.plot(t, [float(r["t2_mbps"]) for r in sub], "-", label="Tier-2 throughput")
        ax.plot(t, [float(r["t2_limit_mbps"]) for r in sub], ":", label="Tier-2 limit (core)")
        ax.set_ylim(0, 30)
        ax.set_xlabel("time (s), samples every 0.5 s")
        ax.set_ylabel("Mb/s")
        ax.set_title(f"AP wifi0, {layout[1][7:]}-UE layout, seed 1")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"Fig. 13: Tier-1 demand 10 <-> 5 Mb/s every {swap:g} s", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "fig13.png"), dpi=110)


def write_phases(series, swap, path, settle_s=2.0):
    """Per (tag, seed, demand phase) mean Tier-1 and Tier-2 throughput and Tier-2 limit of a Fig. 13 series,
    skipping the first settle_s of the run and of every phase. Returns the rows written."""
    acc = {}
    for r in series:
        t = float(r["time_s"])
        if t <= settle_s or (t % swap) <= settle_s:
            continue
        key = (r["tag"], r["seed"], "high" if float(r["t1_demand_mbps"]) > 7.5 else "low")
        a = acc.setdefault(key, [0, 0.0, 0.0, 0.0])
        a[0] += 1
        a[1] += float(r["t1_mbps"])
        a[2] += float(r["t2_mbps"])
        a[3] += float(r["t2_limit_mbps"])
    out = [(k[0], k[1], k[2], a[0], a[1] / a[0], a[2] / a[0], a[3] / a[0]) for k, a in sorted(acc.items())]
    with open(path, "w") as f:
        f.write("tag,seed,demand,samples,t1_mbps,t2_mbps,t2_limit_mbps\n")
        for row in out:
            f.write("%s,%s,%s,%d,%.3f,%.3f,%.3f\n" % row)
    return out


def param_fig(name, param, values, o, xlabel, layout=None):
    layout = layout or CI_LAYOUT
    cases = [(f"{param}{v}", layout + ["--regulate=1", "--t1High=10e6", "--t1Low=5e6",
                              f"--swapPeriod={o.swap}", f"--{param}={v}"]) for v in values]
    c, _ = sweep(name, cases, o)
    rs = rows(c)
    p = plt()
    fig, axes = p.subplots(1, 2, figsize=(10, 3.6))
    for ax, (field, ylabel) in zip(axes, (("t1_unsat_wifi0_mbps", "T1-BW-Un (Mb/s)"),
                                          ("t2_wifi0_mbps", "T2-BW-Ac (Mb/s)"))):
        m = mean_by(rs, lambda r: float(r[param]), field)
        sd = sd_by(rs, lambda r: float(r[param]), field)
        xs = sorted(m)
        ax.errorbar(xs, [m[x] for x in xs], yerr=[sd[x] for x in xs], fmt="o-", capsize=3)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.grid(alpha=0.3)
    fig.suptitle(f"{name}: wifi0 ({layout[1][7:]}-UE layout), Tier-1 demand 10 <-> 5 Mb/s every {o.swap:g} s", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, f"{name}.png"), dpi=110)


def fig14(o):
    param_fig("fig14", "interval", [1.0, 1.5, 2.0, 2.5, 3.0, 3.5], o, "execution interval EI (s)", ALPHA_LAYOUT)


def fig15(o):
    param_fig("fig15", "alpha", [0.3, 0.4, 0.5, 0.6, 0.7, 0.8], o, "aggressiveness factor alpha", ALPHA_LAYOUT)


def mobility(o):
    intervals = OPTS.mob_intervals
    cases = [(f"mob-ei{i}", ["--mpShare=0.4", "--regulate=1", "--mobility=1", f"--interval={i}"]) for i in intervals]
    cases.append(("mob-noreg", ["--mpShare=0.4", "--regulate=0", "--mobility=1"]))
    c, _ = sweep("mobility", cases, o)
    rs = rows(c)
    p = plt()
    fig, ax = p.subplots(figsize=(5, 3.6))
    reg = [r for r in rs if r["regulate"] == "1"]
    m = mean_by(reg, lambda r: float(r["interval"]), "wns_mbps")
    sd = sd_by(reg, lambda r: float(r["interval"]), "wns_mbps")
    xs = sorted(m)
    ax.errorbar(xs, [m[x] for x in xs], yerr=[sd[x] for x in xs], fmt="o-", capsize=3, label="MP-Reno + MP-SDN")
    nr = [float(r["wns_mbps"]) for r in rs if r["regulate"] == "0"]
    if nr:
        ax.axhline(sum(nr) / len(nr), color="gray", ls="--", label="no regulation")
    ax.set_xlabel("execution interval (s)")
    ax.set_ylabel("WNS achievable throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle("Mobility (Fig. 16): random waypoint 1-5 m/s, 40% multipath", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "mobility.png"), dpi=110)


def fig17(o):
    """Fig. 17: throughput of one Wi-Fi AP every 0.5 s under mobility at EI 5 s and 30 s (series of the
    mobility scenario; wifi0 stands for the paper's AP1)."""
    cases = [(f"ei{i:g}", ["--mpShare=0.4", "--regulate=1", "--mobility=1", f"--interval={i}"]) for i in (5, 30)]
    _, s = sweep("fig17", cases, o, series=True)
    series = [r for r in rows(s) if r["ap"] == "wifi0" and r["seed"] == "1"]
    p = plt()
    fig, ax = p.subplots(figsize=(7, 3.6))
    for tag, _ in cases:
        sub = [r for r in series if r["tag"] == tag]
        ax.plot([float(r["time_s"]) for r in sub], [float(r["t1_mbps"]) + float(r["t2_mbps"]) for r in sub],
                "-", label=f"EI = {tag[2:]} s")
    ax.set_xlabel("time (s), samples every 0.5 s")
    ax.set_ylabel("wifi0 throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle("Fig. 17: AP throughput under mobility (random waypoint 1-5 m/s, 40% multipath), seed 1",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "fig17.png"), dpi=110)


def olia(o):
    """Flow-level model: MP-Reno mode validated against ns-3 (no regulation), OLIA predicted."""
    import flow_model
    cases = [("ci4-s0", ["--layout=ci", "--nUes=4", "--mpShare=0", "--regulate=0"]),
             ("ci4-s100", ["--layout=ci", "--nUes=4", "--mpShare=1", "--regulate=0"]),
             ("ci8-s100", ["--layout=ci", "--nUes=8", "--mpShare=1", "--regulate=0"])]
    c, _ = sweep("olia-ns3", cases, o)
    sources = [c[:-4] + "-flows.csv"]
    f510 = os.path.join(OUT, "fig5_10-flows.csv")
    if os.path.exists(f510):
        sources.append(f510)
    out_rows = []
    for src in sources:
        groups = {}
        for r in rows(src):
            if "-r1" in r["tag"]:
                continue  # the model has no regulation
            groups.setdefault((r["tag"], r["seed"]), []).append(
                {"ue": int(r["ue"]), "multipath": int(r["multipath"]), "ap": r["ap"],
                 "phy_mbps": float(r["phy_mbps"]), "ns3": float(r["th_mbps"])})
        for (tag, seed), fl in sorted(groups.items()):
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
                                 "model_olia": sum(ol[i] for i in idx) / users})
    path = os.path.join(OUT, "olia.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out_rows[0]))
        w.writeheader()
        for r in out_rows:
            w.writerow({k: (f"{v:.3f}" if isinstance(v, float) else v) for k, v in r.items()})
    for r in out_rows:
        if r["what"] in ("wifi0", "lte", "wns", "sp_users", "mp_users"):
            print(f"{r['source']:22} {r['tag']:9} seed={r['seed']} {r['what']:9} ns3 {r['ns3_mpreno']:7.2f}"
                  f"  model MP-Reno {r['model_mpreno']:7.2f}  model OLIA {r['model_olia']:7.2f}")
    p = plt()
    sub = [r for r in out_rows if r["source"].startswith("olia") and r["what"] in ("wifi0", "lte") and r["seed"] == "1"]
    fig, ax = p.subplots(figsize=(7, 3.6))
    labels = [f"{r['tag']}\n{r['what']}" for r in sub]
    xs = range(len(sub))
    for k, (field, lab) in enumerate((("ns3_mpreno", "ns-3 MP-Reno"), ("model_mpreno", "model MP-Reno"),
                                      ("model_olia", "model OLIA"))):
        ax.bar([x + 0.27 * (k - 1) for x in xs], [r[field] for r in sub], 0.27, label=lab)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_ylabel("AP throughput (Mb/s)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    fig.suptitle("Flow-level model vs ns-3 (no regulation), seed 1", fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "olia.png"), dpi=110)


FIGS = {"fig5_10": fig5_10, "fig11": fig11, "fig13": fig13, "fig14": fig14, "fig15": fig15, "fig18": fig18,
        "mobility": mobility, "fig17": fig17, "olia": olia}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("figure", choices=list(FIGS) + ["all"])
    ap.add_argument("--preset", choices=list(PRESETS), default="paper",
                    help="paper (default): the paper's scale; committed: what produced docs/results/")
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
    global OPTS, OUT
    if o.out_dir:
        OUT = os.path.abspath(o.out_dir)
    os.makedirs(OUT, exist_ok=True)
    if not o.dry_run:
        subprocess.run(["make", "-s", "-C", SIM, "all"], check=True)
    del MISSING[:]
    t0 = time.time()
    for name in (FIGS if o.figure == "all" else [o.figure]):
        OPTS = resolve(o, o.preset, name)
        print(f"== {name} (runs {OPTS.runs}, {OPTS.sim_time:g} s, warm-up {OPTS.warmup:g} s)", flush=True)
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
