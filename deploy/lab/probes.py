"""Probes called at each traffic sample (traffic.run_schedule on_sample) that take a snapshot once, at a given time
into a phase: the app's detection (REST) and the UEs' sockets and MPTCP counters."""
import os

import rest
import soak_probe
from shell import nsx
from traffic import MULTIPATH_UES


class DetectionProbe:
    """Takes the app's REST /ues and /detection once, at a given time into a phase (while its flows run), so the
    result shows how the app knew the UEs (registered or detected) and the detector's counters."""

    def __init__(self, at_s, then=None, ues=None):
        self.at_s = at_s
        self.ues = MULTIPATH_UES if ues is None else ues   # the multipath UEs whose kernel subflows it records
        self.then = then
        self.snapshot = None

    def __call__(self, t):
        if self.snapshot is None and t >= self.at_s:
            self.snapshot = {"t_s": round(t, 2), "ues": rest.app_rest("ues"),
                             "detection": rest.app_rest("detection"),
                             "kernel": {ue: soak_probe.kernel_subflows(ue) for ue in self.ues}}
        if self.then:
            self.then(t)


class SocketProbe:
    """Saves `ss -tinM` (TCP and MPTCP sockets with their internals) and `nstat -az` (MPTcp* counters: joins
    received, rejected, ...) of each given UE once, at a time into a phase, to <out>/<name>-ss-<ue>.txt, and the
    server's counters to <out>/<name>-nstat-srv.txt."""

    def __init__(self, lab, at_s, ues, name, then=None):
        self.at_s, self.done, self.then = at_s, False, then
        self.files = {u: os.path.join(lab.out, f"{name}-ss-{u}.txt") for u in ues}
        self.files_srv = os.path.join(lab.out, f"{name}-nstat-srv.txt")

    def __call__(self, t):
        if self.then:
            self.then(t)
        if self.done or t < self.at_s:
            return
        self.done = True
        for u, path in self.files.items():
            with open(path, "w") as f:
                f.write(nsx(u, "ss -tinM", check=False, capture=True) or "")
                f.write(nsx(u, "nstat -az", check=False, capture=True) or "")
        with open(self.files_srv, "w") as f:
            f.write(nsx("srv", "nstat -az", check=False, capture=True) or "")
