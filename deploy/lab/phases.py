"""One measured phase of downloads under a controller mode (idle capacity, dynamic demand)."""
import time

from probes import DetectionProbe, SocketProbe
from shell import log
from traffic import read_meters, run_traffic, summarise


def run_phase(lab, ctl, mode, name, phase_s, warmup_s, mp, extra_probe=None, **kw):
    if ctl is None or ctl.mode != mode:
        if ctl is not None:
            lab.stop(ctl)
        ctl = lab.start_controller(mode)
        ctl.mode = mode
    log(f"{name} ({phase_s} s, controller {mode})")
    t_start = time.time()
    # every phase keeps its multipath UEs' sockets and MPTCP counters (joins sent, acked, rejected) and the server's,
    # so a run in which a subflow is missing can be read afterwards (issue 17, round 6: cause not established)
    sockets = SocketProbe(lab, phase_s * 0.75, mp, "sockets-" + name.replace(" ", "-"), extra_probe)
    probe = DetectionProbe(phase_s * 0.75, sockets)
    times, samples, goodput = run_traffic(lab, name, phase_s, mp, on_sample=probe, **kw)
    return ctl, phase_summary(lab, mode, mp, t_start, summarise(times, samples, goodput, warmup_s), probe)


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
