"""The summary of one measured phase of an experiment (experiment_run.py)."""
from traffic import read_meters


def phase_summary(lab, mode, mp, t_start, s, probe):
    """Completes a phase's summary s: the detection snapshot (mpsdn), the controller, the multipath UEs, the meters
    the lab host logged since t_start and the phase's start time."""
    if mode == "mpsdn":
        s["detection"] = probe.snapshot
    s["controller"] = "lab host, " + ("port forwarding only" if mode == "forward" else "mpsdn app components")
    s["multipath_ues"] = mp
    s["meters"] = read_meters(lab, t_start)
    s["t0_epoch"] = round(t_start, 3)
    return s
