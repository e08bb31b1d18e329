"""Probes called at each traffic sample (traffic.run_schedule on_sample): snapshots taken once, at a given time into a
phase (the app's detection (REST) and the UEs' sockets and MPTCP counters), and the server's stale-subflow counters
read with every sample (ServerCounters)."""
import os

import rest
import soak_probe
from shell import nsx
from traffic import MULTIPATH_UES

# the server's MPTCP counters read with every sample: a subflow its scheduler marked stale, and one it took back
SERVER_COUNTERS = ("MPTcpExtSubflowStale", "MPTcpExtSubflowRecover")


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


def parse_nstat(text, names=SERVER_COUNTERS):
    """{counter: value} of the given counters in `nstat -az` output (a counter the kernel does not print: absent)."""
    out = {}
    for line in (text or "").splitlines():
        f = line.split()
        if len(f) >= 2 and f[0] in names and f[1].isdigit():
            out[f[0]] = int(f[1])
    return out


class ServerCounters:
    """Reads the server namespace's SERVER_COUNTERS (`nstat -az`) at every sample, before the probes after it (then):
    a stale mark counted in a read came before the kernel view a later probe takes at the same sample. reads():
    {"t_s": [...], counter: [value or None per read]}."""

    def __init__(self, then=None, read=None):
        self.then = then
        self.read = read or (lambda: nsx("srv", "nstat -az " + " ".join(SERVER_COUNTERS), check=False, capture=True))
        self.t, self.values = [], []

    def __call__(self, t):
        self.t.append(round(t, 2))
        self.values.append(parse_nstat(self.read()))
        if self.then:
            self.then(t)

    def reads(self):
        return {"t_s": list(self.t), **{c: [v.get(c) for v in self.values] for c in SERVER_COUNTERS}}
