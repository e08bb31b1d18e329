#!/usr/bin/env python3
"""An ns-3 comparison of the two regulation profiles (docs/regulation.md), paper against mpsdn, on the Fig. 13
set-up (Tier-1 demand on wifi0 swapping 10 <-> 5 Mb/s, regulated, 4-UE and 8-UE layouts).

  sim/scripts/profile_study.py run [--seeds N] [--sim-time S] [--swap S] [--out-dir D]
  sim/scripts/profile_study.py summary [--out-dir D]
  sim/scripts/profile_study.py paired A B [--out-dir D]   (per-seed differences B - A, from summary.csv)

`run` appends to <out-dir>/runs.csv (the scenario's summary row per run) and series.csv (its 0.5-s
per-AP series), skipping (config, layout, seed) already there, then writes summary. `summary` reads
series.csv, or series.csv.gz when there is no series.csv (the committed series are gzipped; gunzip
it before adding runs). The scenario sends
its Wi-Fi APs' station queues with what each station was sent, so mpsdn runs its law there. `summary` writes summary.csv (one row
per config, layout and seed) and prints mean +- sd per config and layout as a Markdown table.

Metrics on wifi0 after the first demand phase (the warm-up): t1_high = mean Tier-1 throughput in the
high-demand phases; t1_after_up = mean Tier-1 throughput in the 2 cycles (4 s) after each step up;
t1_low, t2_low = mean Tier-1 and Tier-2 throughput in the low-demand phases; limit_over_t2 = median of the Tier-2
limit over the Tier-2 throughput in the low phases (limit inflation); cuts_low = decreases of the
limit per minute of low-demand phase (Tier 1 satisfied).
"""
import argparse
import csv
import gzip
import os
import statistics
import subprocess
import sys
import time

SIM = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP = os.path.dirname(SIM)
BIN = os.path.join(SIM, "build", "mpsdn-scenario")
BRIDGE = os.path.join(SIM, "scripts", "bridge.sh")
OUT = os.path.join(TOP, "docs", "results", "regulation")
LAYOUTS = {"4ue": ["--layout=ci", "--nUes=4", "--mpShare=1"], "8ue": ["--layout=ci", "--nUes=8", "--mpShare=1"]}
CONFIGS = {
    "paper": "--profile=paper",
    "mpsdn": "--profile=mpsdn",
}
CYCLE_S = 2.0


def done(path):
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return {(r["tag"], r["seed"]) for r in csv.DictReader(f)}


def run_all(o):
    os.makedirs(o.out_dir, exist_ok=True)
    runs, series = os.path.join(o.out_dir, "runs.csv"), os.path.join(o.out_dir, "series.csv")
    have = done(runs)
    t0 = time.time()
    for seed in range(1, o.seeds + 1):
        for layout, largs in LAYOUTS.items():
            for config, bargs in CONFIGS.items():
                tag = f"{config}@{layout}"
                if (tag, str(seed)) in have:
                    continue
                # --demand=meter: this study (docs/regulation.md) ran with the Tier-1 demand policer
                cmd = ["nice", "-n", "10", BIN, f"--seed={seed}", f"--simTime={o.sim_time}", "--warmup=2",
                       f"--out={runs}", f"--tag={tag}", f"--series={series}", f"--profile={bargs.split()[0][10:]}",
                       "--demand=meter", "--t1High=10e6", "--t1Low=5e6", f"--swapPeriod={o.swap}",
                       f"--bridge={BRIDGE}"] + largs
                t = time.time()
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                               env=dict(os.environ, MPSDN_BRIDGE_ARGS=bargs))
                print(f"{tag} seed={seed}: {time.time() - t:.0f} s (elapsed {time.time() - t0:.0f} s, "
                      f"load {os.getloadavg()[0]:.1f})", flush=True)


def metrics(samples, swap):
    """samples: wifi0 rows of one run, in time order."""
    rows = [r for r in samples if float(r["time_s"]) > swap + 1e-9]
    high = [r for r in rows if float(r["t1_demand_mbps"]) > 7.5]
    low = [r for r in rows if float(r["t1_demand_mbps"]) <= 7.5]
    ups = [float(b["time_s"]) for a, b in zip(samples, samples[1:])
           if float(a["t1_demand_mbps"]) <= 7.5 < float(b["t1_demand_mbps"]) and float(b["time_s"]) > swap]
    after = [r for r in rows if any(u < float(r["time_s"]) <= u + 2 * CYCLE_S for u in ups)]
    cuts = sum(1 for a, b in zip(samples, samples[1:]) if float(b["time_s"]) > swap
               and float(b["t1_demand_mbps"]) <= 7.5 and float(b["t2_limit_mbps"]) < float(a["t2_limit_mbps"]) - 1e-9)
    ratios = [float(r["t2_limit_mbps"]) / float(r["t2_mbps"]) for r in low if float(r["t2_mbps"]) > 0.05]
    mean = lambda rs, k: statistics.fmean(float(r[k]) for r in rs) if rs else float("nan")
    return {"t1_high": mean(high, "t1_mbps"), "t1_after_up": mean(after, "t1_mbps"),
            "t1_low": mean(low, "t1_mbps"), "t2_low": mean(low, "t2_mbps"), "t2_high": mean(high, "t2_mbps"),
            "limit_over_t2": statistics.median(ratios) if ratios else float("nan"),
            "cuts_low_per_min": cuts / (len(low) * 0.5 / 60) if low else float("nan")}


def summary(o):
    by_run = {}
    plain = os.path.join(o.out_dir, "series.csv")
    with (open(plain) if os.path.exists(plain) else gzip.open(plain + ".gz", "rt")) as f:
        for r in csv.DictReader(f):
            if r["ap"] == "wifi0":
                by_run.setdefault((r["tag"], r["seed"]), []).append(r)
    keys = ["t1_high", "t1_after_up", "t1_low", "t2_low", "t2_high", "limit_over_t2", "cuts_low_per_min"]
    out = []
    for (tag, seed), rs in sorted(by_run.items()):
        rs.sort(key=lambda r: float(r["time_s"]))
        config, layout = tag.split("@")
        out.append(dict(config=config, layout=layout, seed=seed, **metrics(rs, o.swap)))
    with open(os.path.join(o.out_dir, "summary.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["config", "layout", "seed"] + keys)
        w.writeheader()
        for r in out:
            w.writerow({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in r.items()})
    print("| layout | config | seeds | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 3) + "|")
    for layout in LAYOUTS:
        for config in CONFIGS:
            rs = [r for r in out if r["config"] == config and r["layout"] == layout]
            if not rs:
                continue
            cells = []
            for k in keys:
                v = [r[k] for r in rs if r[k] == r[k]]
                sd = statistics.stdev(v) if len(v) > 1 else 0.0
                cells.append(f"{statistics.fmean(v):.2f} ± {sd:.2f}" if v else "–")
            print(f"| {layout} | {config} | {len(rs)} | " + " | ".join(cells) + " |")


def paired(o):
    with open(os.path.join(o.out_dir, "summary.csv")) as f:
        rows = list(csv.DictReader(f))
    keys = [k for k in rows[0] if k not in ("config", "layout", "seed")]
    print(f"| layout | {o.b} - {o.a} | seeds | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 3) + "|")
    for layout in LAYOUTS:
        a = {r["seed"]: r for r in rows if r["config"] == o.a and r["layout"] == layout}
        b = {r["seed"]: r for r in rows if r["config"] == o.b and r["layout"] == layout}
        seeds = sorted(set(a) & set(b))
        cells = []
        for k in keys:
            d = [float(b[s][k]) - float(a[s][k]) for s in seeds if b[s][k] != "nan" and a[s][k] != "nan"]
            sd = statistics.stdev(d) if len(d) > 1 else 0.0
            cells.append(f"{statistics.fmean(d):+.2f} ± {sd:.2f}" if d else "–")
        print(f"| {layout} | | {len(seeds)} | " + " | ".join(cells) + " |")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=["run", "summary", "paired"])
    p.add_argument("a", nargs="?", help="paired: the reference config")
    p.add_argument("b", nargs="?", help="paired: the config compared with it")
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--sim-time", type=float, default=50.0)
    p.add_argument("--swap", type=float, default=6.0)
    p.add_argument("--out-dir", default=OUT)
    o = p.parse_args()
    if o.action == "run":
        if not os.path.exists(BIN):
            sys.exit(f"build the scenario first: make -C {SIM}")
        run_all(o)
    if o.action == "paired":
        paired(o)
    else:
        summary(o)


if __name__ == "__main__":
    main()
