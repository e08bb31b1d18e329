"""mpsdn lab experiments (issue 9): each a function that drives the testbed and returns a result dict.

Result JSON (schema "mpsdn-lab/1", written to <out>/<experiment>.json):
  experiment      "prototype" | "idle-capacity" | "dynamic-demand"
  schema          "mpsdn-lab/1"
  started, host   ISO time; kernel and CPU count
  params          phase_s, warmup_s, sample_s, radio (ue, ap, address, PHY Mb/s), wifi_contention, lte_cell
  phases          {name: {controller, multipath_ues,
                          ue: {ueN: {wifi, lte, total (Mb/s, from the cells' per-station byte counters),
                                     iperf (Mb/s, iperf3 receiver goodput)}},
                          ap: {wifi, lte (Mb/s)},
                          series: {t: [s], "ueN/ap": [Mb/s per sample]}, meters: [meter log lines]}}
  paper           the paper's numbers for the same quantities (Fig. 3 / Fig. 9 / Fig. 12)
  goals           [{goal, value, target, met}]
Throughput is measured at the radio: bytes leaving each cell's per-station queue, averaged over the phase
after warm-up, in Mb/s of L2 frames (iperf3 goodput is reported beside it).
"""
import json
import os
import platform
import subprocess
import time

import testbed
from testbed import PREFIX, RADIO, SERVER_IP, log, nsx

UES = ["ue1", "ue2", "ue3", "ue4"]
MULTIPATH_UES = ["ue2", "ue3"]
PORT = {"ue1": 5201, "ue2": 5202, "ue3": 5203, "ue4": 5204}

PAPER_PROTOTYPE = {
    "nomp": {"ue1": 22.0, "ue4": 23.0, "wifi": 42.0, "lte": 46.0},
    "mp": {"ue1": 15.0, "ue4": 16.0, "wifi": 30.0, "lte": 42.0},
    "mpsdn": {"ue1": 20.5, "ue4": 21.3, "wifi": 38.5, "lte": 42.9},
}


def iperf_servers(lab):
    return [lab.spawn(["mptcpize", "run", "iperf3", "-s", "-p", str(PORT[u])], f"iperf3-server-{u}", ns="srv")
            for u in UES]


def run_traffic(lab, name, seconds, multipath, rate_limit=None, sample_s=0.5, on_sample=None):
    """Backlogged (or rate-limited) downloads for every UE; returns per-(ue,ap) byte-counter series."""
    clients = {}
    for ue in UES:
        cmd = ["iperf3", "-c", SERVER_IP, "-p", str(PORT[ue]), "-R", "-t", str(seconds), "-J"]
        if rate_limit and ue in rate_limit:
            cmd += ["-b", f"{rate_limit[ue]}M"]
        if ue in multipath:
            cmd = ["mptcpize", "run"] + cmd
        clients[ue] = lab.spawn(cmd, f"{name}-iperf3-{ue}", ns=ue)
    t0 = time.time()
    times, samples = [], []
    next_t = t0
    while any(p.poll() is None for p in clients.values()):
        now = time.time()
        if now >= next_t:
            times.append(now - t0)
            samples.append(lab.cell_bytes())
            if on_sample:
                on_sample(now - t0)
            next_t += sample_s
        time.sleep(0.02)
        if now - t0 > seconds + 20:
            raise RuntimeError(f"{name}: iperf3 clients did not finish")
    times.append(time.time() - t0)
    samples.append(lab.cell_bytes())
    goodput = {}
    for ue, p in clients.items():
        lab.stop(p)
        try:
            with open(os.path.join(lab.out, f"{name}-iperf3-{ue}.log")) as f:
                j = json.load(f)
            goodput[ue] = j["end"]["sum_received"]["bits_per_second"] / 1e6
        except (OSError, ValueError, KeyError) as e:
            raise RuntimeError(f"{name}: iperf3 for {ue} gave no result ({e}); see {name}-iperf3-{ue}.log")
    return times, samples, goodput


def summarise(times, samples, goodput, warmup):
    keys = sorted(samples[0].keys())
    series = {"t": [round(t, 3) for t in times[1:]]}
    for k in keys:
        ue, ap = k
        series[f"{ue}/{ap}"] = [round((samples[i][k][0] - samples[i - 1][k][0]) * 8 / 1e6 /
                                      max(1e-6, times[i] - times[i - 1]), 3) for i in range(1, len(times))]
    i0 = next(i for i, t in enumerate(times) if t >= warmup)
    span = times[-1] - times[i0]
    ue = {u: {"wifi": 0.0, "lte": 0.0} for u in UES}
    for (u, ap) in keys:
        ue[u][ap] = round((samples[-1][(u, ap)][0] - samples[i0][(u, ap)][0]) * 8 / 1e6 / span, 2)
    for u in UES:
        ue[u]["total"] = round(ue[u]["wifi"] + ue[u]["lte"], 2)
        ue[u]["iperf"] = round(goodput.get(u, 0.0), 2)
    ap = {a: round(sum(ue[u][a] for u in UES), 2) for a in ("wifi", "lte")}
    return {"ue": ue, "ap": ap, "series": series}


def read_meters(lab, since):
    path = os.path.join(lab.out, "meters.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip() and json.loads(l)["t"] >= since]


def header(name, params):
    return {"experiment": name, "schema": "mpsdn-lab/1",
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "host": {"kernel": platform.release(), "cpus": os.cpu_count()},
            "params": dict(params, radio=[list(r) for r in RADIO], wifi_contention=testbed.WIFI_CONTENTION,
                           lte_cell="tc PF stand-in (equal airtime, mpsdn-wifi-cell -pf-standin)")}


def prototype(lab, phase_s=40, warmup_s=8, phases=("nomp", "mp", "mpsdn"), mpsdn_args=()):
    """Experiment 1 (Fig. 3 and 9): backlogged downloads, three phases."""
    res = header("prototype", {"phase_s": phase_s, "warmup_s": warmup_s, "sample_s": 0.5})
    res["phases"] = {}
    servers = iperf_servers(lab)
    time.sleep(0.5)
    ctl = None
    try:
        for ph in phases:
            mode = "mpsdn" if ph == "mpsdn" else "forward"
            if ctl is None or ctl.mode != mode:
                if ctl is not None:
                    lab.stop(ctl)
                ctl = lab.start_controller(mode, mpsdn_args if mode == "mpsdn" else ())
                ctl.mode = mode
            mp = [] if ph == "nomp" else MULTIPATH_UES
            log(f"prototype: phase {ph} ({phase_s} s, multipath UEs: {', '.join(mp) or 'none'}, controller {mode})")
            t_start = time.time()

            def progress(t, ph=ph):
                if int(t) % 10 == 0 and abs(t - int(t)) < 0.26 and int(t) > 0:
                    log(f"prototype: phase {ph} {int(t)}/{phase_s} s")
            times, samples, goodput = run_traffic(lab, f"prototype-{ph}", phase_s, mp, on_sample=progress)
            s = summarise(times, samples, goodput, warmup_s)
            s["controller"] = "lab host, " + ("port forwarding only" if mode == "forward" else "mpsdn app components")
            s["multipath_ues"] = mp
            s["meters"] = read_meters(lab, t_start)
            res["phases"][ph] = s
            log(f"prototype: phase {ph} done: " + ", ".join(
                f"{u} {s['ue'][u]['total']:.1f}" for u in UES) + f" | Wi-Fi {s['ap']['wifi']:.1f} LTE {s['ap']['lte']:.1f}"
                + " Mb/s")
    finally:
        for p in servers:
            lab.stop(p)
        if ctl is not None:
            lab.stop(ctl)
    res["paper"] = PAPER_PROTOTYPE
    res["goals"] = prototype_goals(res["phases"])
    return res


def prototype_goals(ph):
    goals = []
    if "nomp" in ph and "mp" in ph:
        for u in ("ue1", "ue4"):
            v = ph["mp"]["ue"][u]["total"] / ph["nomp"]["ue"][u]["total"]
            goals.append({"goal": f"without regulation {u} loses throughput (faithful emulation)",
                          "value": round(v, 3), "target": "< 0.95", "met": v < 0.95})
    if "nomp" in ph and "mpsdn" in ph:
        for u in ("ue1", "ue4"):
            v = ph["mpsdn"]["ue"][u]["total"] / ph["nomp"]["ue"][u]["total"]
            goals.append({"goal": f"with mpsdn single-path {u} keeps >= 95 % of No-MP",
                          "value": round(v, 3), "target": ">= 0.95", "met": v >= 0.95})
        for a in ("wifi", "lte"):
            v = ph["mpsdn"]["ap"][a] / ph["nomp"]["ap"][a]
            goals.append({"goal": f"with mpsdn {a} AP throughput >= 95 % of No-MP",
                          "value": round(v, 3), "target": ">= 0.95", "met": v >= 0.95})
    return goals


def table(res):
    """The summary table: ours beside the paper's, goals marked."""
    lines = []
    names = {"nomp": "No-MP", "mp": "MP (no regulation)", "mpsdn": "MP-SDN (mpsdn)"}
    lines.append(f"{'phase':<20}{'quantity':<10}{'ours Mb/s':>11}{'paper Mb/s':>12}")
    for ph, s in res["phases"].items():
        paper = res["paper"].get(ph, {})
        for q in ("ue1", "ue2", "ue3", "ue4"):
            p = paper.get(q)
            lines.append(f"{names.get(ph, ph):<20}{q.upper():<10}{s['ue'][q]['total']:>11.1f}"
                         f"{(f'{p:.1f}' if p is not None else '-'):>12}")
        for a in ("wifi", "lte"):
            p = paper.get(a)
            lines.append(f"{names.get(ph, ph):<20}{('Wi-Fi' if a == 'wifi' else 'LTE'):<10}{s['ap'][a]:>11.1f}"
                         f"{(f'{p:.1f}' if p is not None else '-'):>12}")
    lines.append("")
    for g in res["goals"]:
        lines.append(f"[{'MET' if g['met'] else 'NOT MET':^7}] {g['goal']}: {g['value']} (target {g['target']})")
    return "\n".join(lines)


def plot_prototype(res, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    phases = list(res["phases"].keys())
    labels = ["UE1", "UE2", "UE3", "UE4", "Wi-Fi AP", "LTE eNB"]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    w = 0.8 / len(phases)
    for i, ph in enumerate(phases):
        s = res["phases"][ph]
        vals = [s["ue"][u]["total"] for u in UES] + [s["ap"]["wifi"], s["ap"]["lte"]]
        ax.bar([x + i * w for x in range(len(labels))], vals, w, label=ph)
    ax.set_xticks([x + w * (len(phases) - 1) / 2 for x in range(len(labels))])
    ax.set_xticklabels(labels)
    ax.set_ylabel("throughput (Mb/s)")
    ax.set_title("mpsdn lab, prototype experiment (paper Fig. 3 / Fig. 9)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
