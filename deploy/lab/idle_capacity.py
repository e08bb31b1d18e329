"""Experiment 2 (Fig. 12): the idle capacity the multipath user takes with mpsdn, and its goals."""
import time

import appsettings
import scoring
from phases import run_phase
from report import detection_goal, header
from shell import log
from traffic import MULTIPATH_UES, iperf_servers


PAPER_IDLE = {"wifi-idle": {"ue3/wifi": 6.0}, "lte-idle": {"ue2/lte": 19.0}}


def idle_capacity(lab, phase_s=40, warmup_s=8, limit_mbps=12, settle_s=24):
    """Experiment 2 (Fig. 12): UE1/UE2 (then UE3/UE4) limited to 12 Mb/s; how much of the capacity this leaves
    idle the multipath user on that AP takes with mpsdn. The idle capacity is the cell's own (scoring.IdleProbe:
    the Wi-Fi emulator's airtime model, the eNB's TTIs) in the same phase; the unregulated phases are kept as a
    reference (what Tier 2 takes without regulation, and the capacity idle for it then).

    The paper reports the regulated system's steady state. The Tier-2 limit starts at R_m (100 kb/s) when the
    app starts and grows once per cycle, so a phase measured from the start mostly records the ramp. The
    unregulated phases therefore run first on the forwarding controller, then both mpsdn phases on ONE mpsdn
    controller (its limits carry over, as in a running deployment), and each mpsdn phase lets the loop settle
    for settle_s more before the measured window (phase_s - warmup_s, as in the unregulated phases)."""
    res = header("idle-capacity", {"phase_s": phase_s, "warmup_s": warmup_s, "sample_s": 0.5,
                                   "limit_mbps": limit_mbps, "mpsdn_settle_s": settle_s}, lab)
    res["phases"] = {}
    servers = iperf_servers(lab)
    time.sleep(0.5)
    ctl = None
    cases = {"wifi-idle": (("ue1", "ue2"), "ue3", "wifi"), "lte-idle": (("ue3", "ue4"), "ue2", "lte")}
    idle = {}
    try:
        for mode, tag in (("forward", "mp"), ("mpsdn", "mpsdn")):
            for case, (limited, mpu, ap) in cases.items():
                name = f"{case}-{tag}"
                extra = settle_s if mode == "mpsdn" else 0
                probe = scoring.IdleProbe(lab)
                ctl, s = run_phase(lab, ctl, mode, f"idle-capacity {name}", phase_s + extra, warmup_s + extra,
                                MULTIPATH_UES, extra_probe=probe, rate_limit={u: limit_mbps for u in limited})
                s["idle_mbps"] = {f"{mpu}/{ap}": probe.idle_mbps(mpu, ap, warmup_s + extra)}
                idle[name] = s["idle_mbps"][f"{mpu}/{ap}"]
                res["phases"][name] = s
                log(f"idle-capacity {name}: {mpu} takes {s['ue'][mpu][ap]:.1f} Mb/s from {ap}, "
                    f"idle for it {idle[name]} Mb/s")
    finally:
        lab.stop_matching(servers, ctl=ctl)
    res["paper"] = PAPER_IDLE
    res["goals"] = idle_goals(lab, res, cases, idle, limit_mbps, warmup_s)
    return res


def idle_goals(lab, res, cases, idle, limit_mbps, warmup_s):
    goals, interval = [], appsettings.interval_s(lab)
    for case, (limited, mpu, ap) in cases.items():
        reg, unreg = res["phases"][f"{case}-mpsdn"], res["phases"][f"{case}-mp"]
        goals.append(scoring.idle_goal(case, mpu, ap, reg["ue"][mpu][ap], idle[f"{case}-mpsdn"],
                                       unreg["ue"][mpu][ap]))
        goals[-1]["unregulated_idle_mbps"] = idle[f"{case}-mp"]
        tier1 = {tuple(f"{u}/{a}" for a in ("wifi", "lte")): limit_mbps * scoring.L2 for u in limited}
        t0 = reg["t0_epoch"]
        log_lines = scoring.read_regulation(lab.out, t0, t0 + reg["series"]["t"][-1])
        goals.append(scoring.halving_goal(case, log_lines, ap, reg["series"], t0, tier1, interval, warmup_s))
        goals += detection_goal(lab, reg.get("detection"), MULTIPATH_UES)
    return goals

