#!/usr/bin/env python3
"""mpsdn lab: one command per experiment. Run as root from anywhere:

    python3 deploy/lab/run_lab.py prototype [--topology NAME] [--out DIR]   # Fig. 3 / 9
    python3 deploy/lab/run_lab.py idle-capacity                    # Fig. 12
    python3 deploy/lab/run_lab.py dynamic-demand                   # Fig. 13
    python3 deploy/lab/run_lab.py run EXPERIMENT [--topology NAME] # any deploy/lab/experiments/<name>.json (or a path)
    python3 deploy/lab/run_lab.py robustness       # kill an AP agent, restart the lab host; exit 1 on a failed check
    python3 deploy/lab/run_lab.py soak [--minutes 60] [--seed 16] [--tracker-idle-s S]   # exit 1 on a goal not met
    python3 deploy/lab/run_lab.py down        # remove a testbed left by a killed run

Every run uses a stock ONOS 2.7.0's southbound timing unless --southbound-timing fast is given; the timing is
recorded in the result JSON as params.southbound_timing.
Every experiment runs on the app's multipath-user detection (no UE in the netcfg); --ue-source registered
lists the UEs in the netcfg instead (static registration). The result JSON records params.ue_source.

Experiments are data: deploy/lab/experiments/<name>.json (experiment.py: phases, demand schedules, radio events)
on a topology, deploy/lab/topologies/<name>.json (topology_file.py); prototype, idle-capacity and dynamic-demand
run their descriptions. --topology overrides the description's topology. Results go to --out, by default
deploy/lab/results/<experiment>/ on the default topology and deploy/lab/results/<experiment>-<topology>/ otherwise:
<experiment>.json (schema in report.py, the scoring data in scoring_data.py) with the raw data beside it (client
logs, meters.jsonl, regulation.jsonl, metrics.jsonl, cell and agent logs).

Every result of an experiment carries the whole-run goals (whole_run.py: the Tier-1 shortfall of every phase, every
multipath UE judged) after the experiment's own; the run ends with the shortfall table (per phase and Tier-1 user,
s and s per minute). Exit status: 1 when a goal is not met; a goal that is only reported (met null, such as the
shortfall) does not fail the run.

Builds nothing: deploy/run-main.sh builds the lab host and the cell binary first.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import appsettings  # noqa: E402
import dynamic_demand  # noqa: E402
import experiment  # noqa: E402
import experiment_run  # noqa: E402
import idle_capacity  # noqa: E402
import network  # noqa: E402
import prototype  # noqa: E402
import report  # noqa: E402
import robustness  # noqa: E402
import soak  # noqa: E402
import soak_explain  # noqa: E402
import testbed  # noqa: E402
import topology  # noqa: E402
import topology_file  # noqa: E402
import whole_run  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("experiment", choices=["prototype", "idle-capacity", "dynamic-demand", "run", "robustness",
                                           "soak", "down"])
    ap.add_argument("name", nargs="?", help="run: the experiment description (name in deploy/lab/experiments or path)")
    ap.add_argument("--phase-s", type=float, help="every measured phase's length (s), overriding the description's")
    ap.add_argument("--topology", help="the topology (name in deploy/lab/topologies or path); default: the "
                                       "experiment's own (robustness, soak: default only)")
    ap.add_argument("--minutes", type=float, default=60, help="soak: run length")
    ap.add_argument("--seed", type=int, default=16, help="soak: seed of the demand schedule")
    ap.add_argument("--tracker-idle-s", type=int,
                    help="soak: the multipath-user tracker's idle timeout given to the lab host (JVM property "
                         "mpsdn.detection.idleTimeoutMs, >= 30 s); default: the app's (10 min)")
    ap.add_argument("--out", help="result folder; default deploy/lab/results/<experiment>[-<topology>]/ "
                                  "(soak, robustness: deploy/lab/out)")
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
    ap.add_argument("--app-property", action="append", default=[], metavar="NAME=VALUE",
                    help="set another property of RegulationManager or AgentTelemetryManager (e.g. "
                         "streamTelemetry=true), for an ablation (repeatable); the lab host refuses a name neither "
                         "declares. Recorded in params.app_overrides. Results at defaults set none")
    a = ap.parse_args()
    try:
        a.app_props = dict(appsettings.parse_property(p) for p in a.app_property)
    except ValueError as e:
        ap.error(str(e))
    return a


def main():
    a = parse_args()
    bad = appsettings.unknown(a.app_props, appsettings.app_defaults(ROOT)) if a.app_props else []
    if bad:
        raise SystemExit(f"--app-property {bad[0]}: no property of RegulationManager or AgentTelemetryManager")
    if a.experiment == "down":
        network.down()
        return 0
    exp = None
    if a.experiment in ("soak", "robustness"):
        name, topo = a.experiment, topology_file.load("default")
        a.out = a.out or os.path.join(ROOT, "deploy/lab/out")
    else:
        if a.experiment == "run" and not a.name:
            raise SystemExit("run: name the experiment (deploy/lab/experiments/<name>.json or a path)")
        doc, _path = experiment.read(a.name if a.experiment == "run" else a.experiment)
        topo = topology_file.load(a.topology or doc.get("topology", "default"))
        exp = experiment.load(a.name if a.experiment == "run" else a.experiment, topo)
        topo.set_path_rtt(exp.path_rtt_ms)
        if a.phase_s:
            for ph in exp.phases:
                ph.duration_s = a.phase_s
        name = exp.name
        a.out = a.out or default_out(name, topo.name)
    os.makedirs(a.out, exist_ok=True)
    for f in ("meters.jsonl", "metrics.jsonl", "regulation.jsonl"):
        if os.path.exists(os.path.join(a.out, f)):
            os.remove(os.path.join(a.out, f))
    with testbed.Lab(ROOT, a.out, lte_cell=a.lte_cell, telemetry=a.telemetry, southbound_timing=a.southbound_timing,
                     arp_punt=a.arp_punt, shuffle_seed=a.shuffle_seed, ue_source=a.ue_source,
                     profile=a.profile, topology=topo, app_props=a.app_props,
                     tcp_congestion_control=exp.tcp_congestion_control if exp else topology.TCP_CONGESTION_CONTROL) as lab:
        res = run(lab, name, a, exp)
    res["host"]["loadavg_at_end"] = os.getloadavg()
    res["params"]["command"] = [os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]
    res["params"].setdefault("topology", topo.summary())
    appsettings.record(res, lab)
    path = os.path.join(a.out, f"{name}.json")
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    if name in ("soak", "robustness"):
        return print_checks(res, name, path)
    png = None if a.no_plot or topo.name != "default" else plot(res, name, os.path.join(a.out, f"{name}.png"))
    print()
    print(result_table(res, name, topo))
    print()
    print(whole_run.table(res))
    print(f"profile in force (REST): {res['params']['profile']}, app overrides: {res['params']['app_overrides']}")
    print(f"\nmachine load average (1, 5, 15 min) at start {res['host']['loadavg_at_start']}, "
          f"at end {res['host']['loadavg_at_end']} on {res['host']['cpus']} CPUs")
    print(f"results: {path}" + (f", plot: {png}" if png else ""))
    return exit_status(res["goals"])


def default_out(name, topo_name):
    """The result folder of an experiment: deploy/lab/results/<experiment>/ on the default topology,
    deploy/lab/results/<experiment>-<topology>/ on another."""
    return os.path.join(ROOT, "deploy/lab/results", name if topo_name == "default" else f"{name}-{topo_name}")


def print_checks(res, name, path):
    print()
    if name == "soak":
        print("\n".join(report.goal_line(dict(g, value=json.dumps(g["value"])[:400])) for g in res["goals"]))
        print(soak_explain.explain_misses(res, os.path.dirname(path)))
        print(f"results: {path}")
        return exit_status(res["goals"])
    print(robustness.checks_table(res))
    print(f"results: {path}")
    return 0 if all(c["met"] for c in res["checks"]) else 1


def plot(res, name, png):
    """The experiment's plot (default topology; the descriptions of the paper's figures); None if it has none or
    matplotlib is missing (an interpreter without deploy/setup-host.sh's python3-matplotlib: the run is not lost)."""
    try:
        import plots   # matplotlib only when a plot is drawn
    except ImportError as e:
        print(f"no plot: {e} (deploy/setup-host.sh installs python3-matplotlib for /usr/bin/python3)")
        return None
    if name == "prototype":
        plots.plot_prototype(res, png)
    elif name == "idle-capacity":
        plots.plot_idle(res, png)
    elif name == "dynamic-demand":
        plots.plot_series(res, png, [("ue1/wifi", "Tier 1 (UE1)"), ("ue3/wifi", "Tier 2 (UE3 Wi-Fi)")],
                          "mpsdn lab, dynamic demand (paper Fig. 13)")
    else:
        return None
    return png


def result_table(res, name, topo):
    """The summary printed at the end: the paper-figure tables on the default topology, else per phase and UE."""
    if topo.name == "default" and name == "prototype":
        return report.table(res)
    if topo.name == "default" and name in ("idle-capacity", "dynamic-demand"):
        return report.goals_table(res)
    lines = [f"{'phase':<22}" + "".join(f"{u.upper():>9}" for u in topo.ues)
             + "".join(f"{ap:>9}" for ap in next(iter(res["phases"].values()))["ap"])]
    for ph, s in res["phases"].items():
        lines.append(f"{ph:<22}" + "".join(f"{s['ue'][u]['total']:>9.1f}" for u in topo.ues)
                     + "".join(f"{v:>9.1f}" for v in s["ap"].values()))
    lines += [report.goal_line(g) for g in res.get("goals", [])]
    return "\n".join(lines)


def exit_status(goals):
    """1 when a goal is not met (met False); a reported quantity (met None) does not fail the run."""
    return 1 if any(g["met"] is False for g in goals) else 0


GOALS = {"prototype": prototype.goals, "idle-capacity": idle_capacity.goals, "dynamic-demand": dynamic_demand.goals}


def run(lab, name, a, exp):
    """Runs the named experiment on the running testbed; returns its result dict."""
    if name == "robustness":
        return robustness.robustness(lab)
    if name == "soak":
        return soak.soak(lab, minutes=a.minutes, seed=a.seed, idle_timeout_s=a.tracker_idle_s)
    res = experiment_run.run(lab, exp)
    # the paper-figure goals name the default topology's UEs; on every topology the whole-run goals follow them
    own = GOALS[exp.goals](lab, exp, res) if exp.goals and lab.topo.name == "default" else []
    res["goals"] = own + res["goals"]
    return res


if __name__ == "__main__":
    sys.exit(main())
