"""Experiment 3 (Fig. 13; described in experiments/dynamic-demand.json): a stepping Tier-1 demand on Wi-Fi (UE1)
beside UE3's Tier-2 subflow and UE4, both backlogged; Tier 1's recovery after each step up and the Tier-2
halvings. A cycle is the app's regulation interval in force (REST /parameters intervalMs). The detection goals and
the whole-run Tier-1 shortfall are the runner's (whole_run.py)."""
import appsettings
import scoring


def goals(lab, exp, res, phase="dynamic", tier1=("ue1", "wifi")):
    """The dynamic-demand goals of a run of experiments/dynamic-demand.json (its mpsdn phase `phase`)."""
    s = res["phases"][phase]
    ue, ap = tier1
    steps = [[t, r] for t, r in s["demand_log"].get(ue, []) if r not in (0, "backlogged")]
    interval = appsettings.interval_s(lab)
    res["params"]["interval_s"] = interval
    recover = scoring.score_recovery(steps, s["series"], interval)
    res["demand_steps"] = steps
    res["recovery"] = recover
    res["paper"] = {"tier1_recovers_within_cycles": 2}

    def demand(t):
        return scoring.L2 * next((r for ts, r in reversed(steps) if ts <= t), steps[0][1] if steps else 0)
    t0 = s["t0_epoch"]
    reg = scoring.read_regulation(lab.out, t0, t0 + s["series"]["t"][-1])
    return [scoring.recovery_goal(recover),
            scoring.halving_goal("dynamic demand", reg, ap, s["series"], t0, {f"{ue}/{ap}": demand}, interval)]
