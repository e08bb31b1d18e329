"""Experiment 3 (Fig. 13): a toggling Tier-1 demand on Wi-Fi; Tier 1's recovery and the Tier-2 halvings."""
import time

import appsettings
import scoring
from phases import run_phase
from report import detection_goal, header
from traffic import iperf_servers, run_traffic


def dynamic_demand(lab, total_s=60, period_s=15, levels=(20, 10), settle_s=20):
    """Experiment 3 (Fig. 13): the Tier-1 demand on Wi-Fi (UE1) toggles between two levels every period while
    UE3's Tier-2 subflow (MPTCP) and UE4 stay backlogged; 0.5 s series of Tier 1, Tier 2 and the meter.
    The first level lasts settle_s + period_s: the app starts with the Tier-2 limit at R_m, and the paper's
    Fig. 13 shows a loop in steady state before the demand changes (recovery is scored from the second step).
    A cycle is the app's regulation interval in force (REST /parameters intervalMs)."""
    total_s += settle_s
    res = header("dynamic-demand", {"total_s": total_s, "period_s": period_s, "levels_mbps": list(levels),
                                    "sample_s": 0.5, "settle_s": settle_s}, lab)
    servers = iperf_servers(lab)
    time.sleep(0.5)
    ctl = None
    try:
        ctl, s = run_phase(lab, None, "mpsdn", "dynamic-demand", total_s, 0, ["ue3"], ues=["ue3", "ue4"],
                        toggle=("ue1", period_s, list(levels), settle_s + period_s))
    finally:
        lab.stop_matching(servers, ctl=ctl)
    steps = getattr(run_traffic, "last_toggle_log", [])
    interval = appsettings.interval_s(lab)
    res["params"]["interval_s"] = interval
    recover = scoring.score_recovery(steps, s["series"], interval)
    res["phases"] = {"dynamic": s}
    res["demand_steps"] = steps
    res["recovery"] = recover
    res["paper"] = {"tier1_recovers_within_cycles": 2}

    def demand(t):
        return scoring.L2 * next((r for ts, r in reversed(steps) if ts <= t), steps[0][1] if steps else 0)
    t0 = s["t0_epoch"]
    reg = scoring.read_regulation(lab.out, t0, t0 + s["series"]["t"][-1])
    res["goals"] = ([scoring.recovery_goal(recover),
                     scoring.halving_goal("dynamic demand", reg, "wifi", s["series"], t0, {"ue1/wifi": demand},
                                          interval)]
                    + detection_goal(lab, s.get("detection"), ["ue3"]))
    return res

