"""Experiment 2 (Fig. 12; described in experiments/idle-capacity.json): the idle capacity the multipath user takes
with mpsdn, and its goals. The idle capacity is the cell's own (scoring.IdleProbe: the Wi-Fi emulator's airtime
model, the eNB's TTIs) in the same phase; the unregulated phases are kept as a reference (what Tier 2 takes without
regulation, and the capacity idle for it then). The paper reports the regulated system's steady state: the Tier-2
limit starts at R_m when the app starts and grows once per cycle, so the mpsdn phases run on one mpsdn controller
(its limits carry over) and let the loop settle before the measured window. The detection goals of every mpsdn phase
are the runner's (whole_run.py)."""
import appsettings
import scoring


PAPER_IDLE = {"wifi-idle": {"ue3/wifi": 6.0}, "lte-idle": {"ue2/lte": 19.0}}


def goals(lab, exp, res):
    """The idle-capacity goals of a run of experiments/idle-capacity.json: per case <case>-mp / <case>-mpsdn (phases
    with idle_for), the paced UEs (Tier 1 there) and the multipath user's radio the idle capacity is for."""
    res["paper"] = PAPER_IDLE
    cases, idle, limit = {}, {}, None
    for ph in exp.phases:
        if ph.idle_for is None or ph.name not in res["phases"]:
            continue
        idle[ph.name] = res["phases"][ph.name]["idle_mbps"][f"{ph.idle_for['ue']}/{ph.idle_for['ap']}"]
        if ph.controller == "mpsdn" and ph.name.endswith("-mpsdn"):
            paced = {u: d["segments"][0][1] for u, d in ph.demand.items() if d["segments"][0][1] != "backlogged"}
            limit = max(paced.values())
            cases[ph.name[:-len("-mpsdn")]] = (tuple(sorted(paced)), ph.idle_for["ue"], ph.idle_for["ap"])
    cases = {c: v for c, v in cases.items() if f"{c}-mp" in res["phases"] and f"{c}-mpsdn" in res["phases"]}
    return idle_goals(lab, res, cases, idle, limit, exp.warmup_s)


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
    return goals

