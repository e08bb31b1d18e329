"""Repeated runs of one lab experiment into its result folder, with the median and range of every goal.

    python3 deploy/lab/repeat.py --runs 3 --dest deploy/lab/results/prototype -- prototype
    python3 deploy/lab/repeat.py --runs 3 --dest deploy/lab/results/prototype/paper -- prototype --profile paper
    python3 deploy/lab/repeat.py --runs 3 --dest deploy/lab/results/prototype-multi-mp -- run prototype \
        --topology multi-mp

Everything after `--` is run_lab.py's command line (without --out). Run n writes to <dest>/run-<n>/ (the result
JSON, its plot, the raw data, console.txt with the command, the commit and the load average before and after).
Each run holds the lab lock (MPSDN_LAB_LOCK, default /run/lock/mpsdn-lab.lock) and releases it between runs.
Then <dest>/summary.json and <dest>/README.md give, per goal and per phase's Tier-1 shortfall, the value of every
run, the median and the range, and how many runs met the goal. The previous result in <dest> is replaced: its
files and its raw-data folders go; nested result folders (those with a README.md, such as paper/) stay.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOCK = os.environ.get("MPSDN_LAB_LOCK", "/run/lock/mpsdn-lab.lock")
# the lab's interpreter: Debian's python3, which deploy/setup-host.sh gives matplotlib (plots)
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def _git(*args):
    return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True).stdout.strip()


def run_once(lab_args, out):
    """One run of run_lab.py under the lab lock; returns its exit status."""
    os.makedirs(out, exist_ok=True)
    cmd = ["flock", LOCK, PYTHON, os.path.join(HERE, "run_lab.py"), *lab_args, "--out", out]
    with open(os.path.join(out, "console.txt"), "w") as con:
        con.write(f"command: python3 deploy/lab/run_lab.py {' '.join(lab_args)} --out {os.path.relpath(out, ROOT)}\n")
        con.write(f"commit: {_git('rev-parse', 'HEAD')}{' (dirty)' if _git('status', '--porcelain') else ''}\n")
        con.write(f"loadavg before: {os.getloadavg()}\n")
        con.flush()
        rc = subprocess.run(cmd, stdout=con, stderr=subprocess.STDOUT).returncode
        con.write(f"loadavg after: {os.getloadavg()}\nexit status: {rc}\n")
    shutil.rmtree(os.path.join(out, "pki"), ignore_errors=True)   # the run's throw-away keys are not raw data
    return rc


def result_json(out):
    """The run's result JSON (the one with a schema), or None."""
    for f in sorted(os.listdir(out)):
        if f.endswith(".json"):
            try:
                with open(os.path.join(out, f)) as fh:
                    doc = json.load(fh)
            except (OSError, ValueError):
                continue
            if isinstance(doc, dict) and str(doc.get("schema", "")).startswith("mpsdn-lab"):
                return doc
    return None


def _number(v):
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, dict):
        for k in ("ei_worst_s_per_min", "total_s", "value", "ratio", "mbps"):
            if isinstance(v.get(k), (int, float)) and not isinstance(v.get(k), bool):
                return float(v[k])
    return None


def _stats(values):
    nums = [v for v in values if v is not None]
    if not nums:
        return {"values": values}
    return {"values": values, "median": round(statistics.median(nums), 3), "min": min(nums), "max": max(nums)}


def summarise(docs):
    """Per goal (goal text + phase) and per phase's Tier-1 shortfall: every run's value, median and range."""
    goals, order = {}, []
    for i, doc in enumerate(docs):
        for g in (doc or {}).get("goals", []):
            key = g["goal"] + (f" [{g['phase']}]" if g.get("phase") else "")
            if key not in goals:
                goals[key] = {"values": [None] * len(docs), "met": [None] * len(docs), "target": g.get("target")}
                order.append(key)
            goals[key]["values"][i] = _number(g.get("value"))
            goals[key]["met"][i] = g.get("met")
    out = {"runs": len(docs), "goals": [],
           "tcp_congestion_control": sorted({((d or {}).get("params") or {}).get("tcp_congestion_control")
                                             or "not recorded" for d in docs})}
    for key in order:
        g = goals[key]
        out["goals"].append(dict(_stats(g["values"]), goal=key, target=g["target"], met=g["met"],
                                 met_runs=sum(1 for m in g["met"] if m is True),
                                 judged_runs=sum(1 for m in g["met"] if m is not None)))
    phases = sorted({p for d in docs for p in ((d or {}).get("tier1_shortfall") or {})})
    out["tier1_shortfall"] = {}
    for p in phases:
        per = [((d or {}).get("tier1_shortfall") or {}).get(p) or {} for d in docs]
        out["tier1_shortfall"][p] = {"total_s": _stats([s.get("total_s") for s in per]),
                                     "total_s_per_min": _stats([s.get("total_s_per_min") for s in per]),
                                     "ei_total_s_per_min": _stats([s.get("ei_total_s_per_min") for s in per])}
    return out


def _fmt(s):
    if "median" not in s:
        return "n/a"
    return f"{s['median']:g} ({s['min']:g}-{s['max']:g})"


def readme(dest, lab_args, summary, rcs, started, commit=None):
    lines = [f"# {os.path.basename(os.path.normpath(dest))}", "",
             f"Command: `python3 deploy/lab/repeat.py --runs {summary['runs']} --dest {os.path.relpath(dest, ROOT)} -- "
             f"{' '.join(lab_args)}`", "",
             f"Commit {(commit or _git('rev-parse', 'HEAD'))[:12]}, started {started} UTC, machine "
             f"{platform.node()} ({os.cpu_count()} CPUs, kernel {platform.release()}); each run's load average "
             "before and after is in its `run-<n>/console.txt`. The app at its defaults unless the command names "
             "a profile; UEs found by detection; the lab host at ONOS 2.7.0 timing; every lab host's TCP "
             f"congestion control {', '.join(summary['tcp_congestion_control'])}.", "",
             f"Exit status of the runs: {rcs}.", "",
             "## Tier-1 shortfall (s below 95 % of demand, whole run after warm-up; median (range))", "",
             "| phase | total s | s per minute | s per minute on the interval means |", "|---|---|---|---|"]
    for p, s in summary["tier1_shortfall"].items():
        lines.append(f"| {p} | {_fmt(s['total_s'])} | {_fmt(s['total_s_per_min'])} | "
                     f"{_fmt(s.get('ei_total_s_per_min') or {})} |")
    lines += ["", "## Goals (median (range) of the value; runs met / runs judged)", "",
              "| goal | value | met |", "|---|---|---|"]
    for g in summary["goals"]:
        met = f"{g['met_runs']}/{g['judged_runs']}" if g["judged_runs"] else "reported"
        lines.append(f"| {g['goal']} | {_fmt(g)} | {met} |")
    for n in range(1, summary["runs"] + 1):
        run = os.path.join(dest, f"run-{n}")
        for f in sorted(os.listdir(run)) if os.path.isdir(run) else []:
            if f.endswith(".png"):
                lines += ["", f"Run {n}: `{f}`", "", f"![run {n}](run-{n}/{f})"]
    lines += ["", "Raw data and each run's own JSON and plot: `run-<n>/`; the numbers above: `summary.json`.", ""]
    with open(os.path.join(dest, "README.md"), "w") as f:
        f.write("\n".join(lines))


def clear(dest):
    """Removes the previous result in dest: its files and raw-data folders, not nested results (with a README)."""
    for f in os.listdir(dest):
        path = os.path.join(dest, f)
        if os.path.isdir(path) and not f.startswith("run-") and os.path.exists(os.path.join(path, "README.md")):
            continue
        if os.path.isdir(path):
            shutil.rmtree(path)
        else:
            os.remove(path)


def draw_missing_plot(run, doc):
    """Draws a run's plot when it has none and its experiment has one (run_lab.plot; default topology only)."""
    if doc is None or any(f.endswith(".png") for f in os.listdir(run)):
        return
    topo = ((doc.get("params") or {}).get("topology") or {})
    if (topo.get("name") if isinstance(topo, dict) else topo) not in (None, "default"):
        return
    import run_lab   # noqa: E402 (matplotlib only when a plot is drawn)
    run_lab.plot(doc, doc["experiment"], os.path.join(run, f"{doc['experiment']}.png"))


def resummarise(dest, lab_args):
    """summary.json and README.md again from the runs in dest (their commit and start as first recorded)."""
    with open(os.path.join(dest, "summary.json")) as f:
        old = json.load(f)
    docs = [result_json(os.path.join(dest, f"run-{n}")) for n in range(1, old["runs"] + 1)]
    for n, doc in enumerate(docs, 1):
        shutil.rmtree(os.path.join(dest, f"run-{n}", "pki"), ignore_errors=True)
        draw_missing_plot(os.path.join(dest, f"run-{n}"), doc)
    summary = dict(summarise(docs), command=old["command"], exit_status=old["exit_status"], commit=old["commit"],
                   started=old.get("started"))
    with open(os.path.join(dest, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    readme(dest, old["command"], summary, old["exit_status"], old.get("started"), commit=old["commit"])
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv:
        sys.exit("usage: repeat.py --runs N --dest DIR -- <run_lab.py arguments>")
    cut = argv.index("--")
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dest", required=True)
    ap.add_argument("--summarise-only", action="store_true",
                    help="run nothing: rebuild summary.json and README.md from the run-* folders already in --dest")
    a = ap.parse_args(argv[:cut])
    lab_args = argv[cut + 1:]
    if a.summarise_only:
        return resummarise(os.path.abspath(a.dest), lab_args)
    if a.runs < 1:
        sys.exit("--runs: want at least 1")
    dest = os.path.abspath(a.dest)
    os.makedirs(dest, exist_ok=True)
    clear(dest)
    started = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    rcs, docs = [], []
    for n in range(1, a.runs + 1):
        out = os.path.join(dest, f"run-{n}")
        rcs.append(run_once(lab_args, out))
        docs.append(result_json(out))
        print(f"run {n}: exit {rcs[-1]}", flush=True)
    summary = dict(summarise(docs), command=lab_args, exit_status=rcs, commit=_git("rev-parse", "HEAD"), started=started)
    with open(os.path.join(dest, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    readme(dest, lab_args, summary, rcs, started)
    print(open(os.path.join(dest, "README.md")).read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
