"""Experiment 1 (Fig. 3 and 9; described in experiments/prototype.json): the paper's numbers and the goals."""
import appsettings
import experiment
import experiment_run
import scoring
import scoring_data


PAPER_PROTOTYPE = {
    "nomp": {"ue1": 22.0, "ue4": 23.0, "wifi": 42.0, "lte": 46.0},
    "mp": {"ue1": 15.0, "ue4": 16.0, "wifi": 30.0, "lte": 42.0},
    "mpsdn": {"ue1": 20.5, "ue4": 21.3, "wifi": 38.5, "lte": 42.9},
}


def prototype(lab, phase_s=40, warmup_s=8, phases=("nomp", "mp", "mpsdn")):
    """experiments/prototype.json on the lab's topology with the given phase length, warm-up and phases (the CI
    check's shorter run), with its goals."""
    exp = experiment.load("prototype", lab.topo)
    exp.warmup_s = warmup_s
    exp.phases = [p for p in exp.phases if p.name in phases]
    for p in exp.phases:
        p.duration_s = phase_s
    res = experiment_run.run(lab, exp)
    res["goals"] = goals(lab, exp, res) + res["goals"]
    return res


def goals(lab, exp, res):
    """The prototype's goals (Fig. 3 / Fig. 9, on the default topology's UE1 and UE4) of a run of
    experiments/prototype.json (the detection goals are the runner's, whole_run.py, for every mpsdn phase)."""
    res["paper"] = PAPER_PROTOTYPE
    return prototype_goals(res["phases"]) + prototype_halvings(lab, res["phases"], exp.warmup_s)


def reference(ph, phase):
    """The No-MP phase a phase is compared with (scoring_data.whole_phase_reference; the experiment's "nomp" for
    results that list none)."""
    return scoring_data.whole_phase_reference(ph, ph[phase].get("references") or ["nomp"])


def prototype_halvings(lab, ph, warmup_s):
    """Per AP: while its single-path UE keeps >= 95 % of its No-MP throughput, at most one decrease of the AP's
    Tier-2 limit per 30 s in the MP-SDN phase."""
    if "nomp" not in ph or "mpsdn" not in ph:
        return []
    nomp = ph[reference(ph, "mpsdn")]
    s = ph["mpsdn"]
    t0 = s["t0_epoch"]
    reg = scoring.read_regulation(lab.out, t0, t0 + s["series"]["t"][-1])
    return [scoring.halving_goal("prototype", reg, ap, s["series"], t0, {f"{ue}/{ap}": nomp["ue"][ue]["total"]},
                                 appsettings.interval_s(lab), warmup_s) for ap, ue in (("wifi", "ue1"), ("lte", "ue4"))]


def prototype_goals(ph):
    goals = []
    if "nomp" in ph and "mp" in ph:
        for u in ("ue1", "ue4"):
            v = ph["mp"]["ue"][u]["total"] / ph["nomp"]["ue"][u]["total"]
            goals.append({"goal": f"without regulation {u} loses throughput (faithful emulation)",
                          "value": round(v, 3), "target": "< 0.95", "met": v < 0.95})
    if "nomp" in ph and "mpsdn" in ph:
        nomp = ph[reference(ph, "mpsdn")]
        for u in ("ue1", "ue4"):
            v = ph["mpsdn"]["ue"][u]["total"] / nomp["ue"][u]["total"]
            goals.append({"goal": f"with mpsdn single-path {u} keeps >= 95 % of No-MP",
                          "value": round(v, 3), "target": ">= 0.95", "met": v >= 0.95})
        for a in ("wifi", "lte"):
            v = ph["mpsdn"]["ap"][a] / nomp["ap"][a]
            goals.append({"goal": f"with mpsdn {a} AP throughput >= 95 % of No-MP",
                          "value": round(v, 3), "target": ">= 0.95", "met": v >= 0.95})
    return goals

