#!/usr/bin/env python3
"""mpsdn lab: one command per experiment. Run as root from anywhere:

    python3 deploy/lab/run_lab.py prototype [--phase-s 40] [--phases nomp,mp,mpsdn] [--out DIR]
    python3 deploy/lab/run_lab.py idle-capacity [--phase-s 40]     # Fig. 12
    python3 deploy/lab/run_lab.py dynamic-demand                   # Fig. 13
    python3 deploy/lab/run_lab.py robustness       # kill an AP agent, restart the lab host; exit 1 on a failed check
    python3 deploy/lab/run_lab.py soak [--minutes 60] [--seed 16] [--tracker-idle-s S]   # exit 1 on a goal not met
    python3 deploy/lab/run_lab.py down        # remove a testbed left by a killed run

Every run uses a stock ONOS 2.7.0's southbound timing unless --southbound-timing fast is given; the timing is
recorded in the result JSON as params.southbound_timing.
Every experiment runs on the app's multipath-user detection (no UE in the netcfg); --ue-source registered
lists the UEs in the netcfg instead (static registration). The result JSON records params.ue_source.

Builds nothing: deploy/run-main.sh builds the lab host and the cell binary first.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import appsettings  # noqa: E402
import dynamic_demand  # noqa: E402
import idle_capacity  # noqa: E402
import network  # noqa: E402
import prototype  # noqa: E402
import report  # noqa: E402
import robustness  # noqa: E402
import soak  # noqa: E402
import soak_checks  # noqa: E402
import testbed  # noqa: E402
import topology  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("experiment", choices=["prototype", "idle-capacity", "dynamic-demand", "robustness", "soak",
                                                   "down"])
    ap.add_argument("--phase-s", type=int, default=40)
    ap.add_argument("--warmup-s", type=int, default=8)
    ap.add_argument("--phases", default="nomp,mp,mpsdn")
    ap.add_argument("--total-s", type=int, default=60, help="dynamic-demand: run length")
    ap.add_argument("--period-s", type=int, default=15, help="dynamic-demand: demand toggle period")
    ap.add_argument("--minutes", type=float, default=60, help="soak: run length")
    ap.add_argument("--seed", type=int, default=16, help="soak: seed of the demand schedule")
    ap.add_argument("--tracker-idle-s", type=int,
                    help="soak: the multipath-user tracker's idle timeout given to the lab host (JVM property "
                         "mpsdn.detection.idleTimeoutMs, >= 30 s); default: the app's (10 min)")
    ap.add_argument("--out", default=os.path.join(ROOT, "deploy/lab/out"))
    ap.add_argument("--no-plot", action="store_true")
    ap.add_argument("--lte-cell", choices=["enb", "standin"], default="enb",
                    help="LTE cell: the reference eNB (default) or the tc PF stand-in")
    ap.add_argument("--telemetry", choices=["agents", "standin"], default="agents",
                    help="AP telemetry: mpsdn-ap-agent per AP over mTLS (default) or the lab host's stand-in")
    ap.add_argument("--southbound-timing", choices=sorted(topology.SOUTHBOUND_TIMING), default="onos",
                    help="lab host southbound: a stock ONOS 2.7.0's timing (default) or the lab's fast one "
                         "(1-s statistics, barrier-confirmed meters, switch idle timeouts, ordered stages)")
    ap.add_argument("--arp-punt", action="store_true",
                    help="the OpenFlow suite org.onosproject.openflow is active: its host provider punts ARP at "
                         "priority 40000 on every switch (default: openflow-base, no punt)")
    ap.add_argument("--shuffle-seed", type=int, help="seed of the stage order under ONOS timing (default: random)")
    ap.add_argument("--ue-source", choices=topology.UE_SOURCES, default="detected",
                    help="how the app knows the UEs: its multipath-user detection (default) or the netcfg's "
                         "static registration")
    ap.add_argument("--profile", choices=["paper", "mpsdn"],
                    help="regulation profile (the app's component property profile); default: none set, the app's "
                         "default applies. Recorded in params (profile_setting, app_overrides, profile read back)")
    return ap.parse_args()


def main():
    a = parse_args()
    if a.experiment == "down":
        network.down()
        return 0
    os.makedirs(a.out, exist_ok=True)
    for f in ("meters.jsonl", "metrics.jsonl", "regulation.jsonl"):
        if os.path.exists(os.path.join(a.out, f)):
            os.remove(os.path.join(a.out, f))
    name = a.experiment
    with testbed.Lab(ROOT, a.out, lte_cell=a.lte_cell, telemetry=a.telemetry, southbound_timing=a.southbound_timing,
                     arp_punt=a.arp_punt, shuffle_seed=a.shuffle_seed, ue_source=a.ue_source,
                     profile=a.profile) as lab:
        res = run(lab, name, a)
    res["host"]["loadavg_at_end"] = os.getloadavg()
    appsettings.record(res, lab)
    path = os.path.join(a.out, f"{name}.json")
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    png = os.path.join(a.out, f"{name}.png")
    if name == "soak":
        print()
        print("\n".join(f"[{'MET' if g['met'] else 'NOT MET':^7}] {g['goal']}: {json.dumps(g['value'])[:400]} "
                        f"(target {g['target']})" for g in res["goals"]))
        print(soak_checks.explain_misses(res["goals"]))
        print(f"results: {path}")
        return 0 if all(g["met"] for g in res["goals"]) else 1
    if name == "robustness":
        print()
        print(robustness.checks_table(res))
        print(f"results: {path}")
        return 0 if all(c["met"] for c in res["checks"]) else 1
    if not a.no_plot:
        import plots   # matplotlib only when a plot is drawn
        if name == "prototype":
            plots.plot_prototype(res, png)
        elif name == "idle-capacity":
            plots.plot_idle(res, png)
        else:
            plots.plot_series(res, png, [("ue1/wifi", "Tier 1 (UE1)"), ("ue3/wifi", "Tier 2 (UE3 Wi-Fi)")],
                              "mpsdn lab, dynamic demand (paper Fig. 13)")
    print()
    print(report.table(res) if name == "prototype" else report.goals_table(res))
    print(f"profile in force (REST): {res['params']['profile']}, app overrides: {res['params']['app_overrides']}")
    print(f"\nmachine load average (1, 5, 15 min) at start {res['host']['loadavg_at_start']}, "
          f"at end {res['host']['loadavg_at_end']} on {res['host']['cpus']} CPUs")
    print(f"results: {path}" + ("" if a.no_plot else f", plot: {png}"))
    return 0


def run(lab, name, a):
    """Runs the named experiment on the running testbed; returns its result dict."""
    if name == "robustness":
        return robustness.robustness(lab)
    if name == "soak":
        return soak.soak(lab, minutes=a.minutes, seed=a.seed, idle_timeout_s=a.tracker_idle_s)
    if name == "prototype":
        return prototype.prototype(lab, phase_s=a.phase_s, warmup_s=a.warmup_s, phases=a.phases.split(","))
    if name == "idle-capacity":
        return idle_capacity.idle_capacity(lab, phase_s=a.phase_s, warmup_s=a.warmup_s)
    return dynamic_demand.dynamic_demand(lab, total_s=a.total_s, period_s=a.period_s)


if __name__ == "__main__":
    sys.exit(main())
