"""Experiment 1 (Fig. 3 and 9): backlogged downloads in three phases (No-MP, MP, MP-SDN) and their goals."""
import time

import appsettings
import scoring
from phases import phase_summary
from probes import DetectionProbe, SocketProbe
from report import detection_goal, header
from shell import log
from traffic import MULTIPATH_UES, UES, iperf_servers, run_traffic, summarise


PAPER_PROTOTYPE = {
    "nomp": {"ue1": 22.0, "ue4": 23.0, "wifi": 42.0, "lte": 46.0},
    "mp": {"ue1": 15.0, "ue4": 16.0, "wifi": 30.0, "lte": 42.0},
    "mpsdn": {"ue1": 20.5, "ue4": 21.3, "wifi": 38.5, "lte": 42.9},
}


def prototype(lab, phase_s=40, warmup_s=8, phases=("nomp", "mp", "mpsdn"), mpsdn_args=()):
    """Experiment 1 (Fig. 3 and 9): backlogged downloads, three phases."""
    res = header("prototype", {"phase_s": phase_s, "warmup_s": warmup_s, "sample_s": 0.5}, lab)
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
            times, samples, goodput, probe, stalls = _prototype_phase(lab, ph, mode, phase_s, mp, progress)
            s = phase_summary(lab, mode, mp, t_start, summarise(times, samples, goodput, warmup_s), probe)
            if stalls:
                s["stalled_attempts"] = stalls
            res["phases"][ph] = s
            log(f"prototype: phase {ph} done: " + ", ".join(
                f"{u} {s['ue'][u]['total']:.1f}" for u in UES) + f" | Wi-Fi {s['ap']['wifi']:.1f} LTE {s['ap']['lte']:.1f}"
                + " Mb/s")
    finally:
        lab.stop_matching(servers, ctl=ctl)
    res["paper"] = PAPER_PROTOTYPE
    res["goals"] = prototype_goals(res["phases"]) + prototype_halvings(lab, res["phases"], warmup_s)
    if "mpsdn" in res["phases"]:
        res["goals"] += detection_goal(lab, res["phases"]["mpsdn"].get("detection"), MULTIPATH_UES)
    return res


# A backlogged download under the forwarding-only controller (no app) below this goodput did not run: its MPTCP
# connection stalled at start (seen once in CI: ue3 0.9 Mb/s, its multipath peer ue2 took its share). That phase is
# the baseline, not the product under test, so it is repeated once; the stalled attempt stays in the JSON
# (phases.<ph>.stalled_attempts, with each multipath UE's `ss -tinM` taken mid-phase). A stall under mpsdn is never
# repeated: it is the app's.
STALL_MBPS = 2.0


def _prototype_phase(lab, ph, mode, phase_s, mp, progress):
    stalls = []
    while True:
        probe = DetectionProbe(phase_s * 0.75, progress)
        sockets = SocketProbe(lab, phase_s * 0.5, mp, f"prototype-{ph}-{len(stalls) + 1}")
        times, samples, goodput = run_traffic(lab, f"prototype-{ph}", phase_s, mp,
                                              on_sample=lambda t: (probe(t), sockets(t)))
        stalled = sorted(u for u in UES if goodput.get(u, 0.0) < STALL_MBPS)
        if not stalled or mode != "forward" or stalls:
            return times, samples, goodput, probe, stalls
        stalls.append({"stalled": stalled, "iperf_mbps": {u: round(g, 2) for u, g in goodput.items()},
                       "ss": sockets.files})
        log(f"prototype: phase {ph}: {', '.join(stalled)} got < {STALL_MBPS} Mb/s (client stalled under the "
            f"forwarding-only controller): repeating the phase once; sockets in {sockets.files}")


def prototype_halvings(lab, ph, warmup_s):
    """Per AP: while its single-path UE keeps >= 95 % of its No-MP throughput, at most one decrease of the AP's
    Tier-2 limit per 30 s in the MP-SDN phase."""
    if "nomp" not in ph or "mpsdn" not in ph:
        return []
    s = ph["mpsdn"]
    t0 = s["t0_epoch"]
    reg = scoring.read_regulation(lab.out, t0, t0 + s["series"]["t"][-1])
    return [scoring.halving_goal("prototype", reg, ap, s["series"], t0, {f"{ue}/{ap}": ph["nomp"]["ue"][ue]["total"]},
                                 appsettings.interval_s(lab), warmup_s) for ap, ue in (("wifi", "ue1"), ("lte", "ue4"))]


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

