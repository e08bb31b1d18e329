"""Probes called at each traffic sample (traffic.run_schedule on_sample): snapshots taken once, at a given time into a
phase (the app's detection (REST) and the UEs' sockets and MPTCP counters), the server's stale-subflow counters
read with every sample (ServerCounters), and the machine's CPU use between samples (MachineCpu)."""
import os
import re

import rest
import soak_probe
from shell import nsx, sh
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
                             "kernel": {ue: soak_probe.kernel_subflows(ue) for ue in self.ues},
                             "backup": {ue: soak_probe.backup_addresses(ue) for ue in self.ues}}
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


def parse_proc_stat(text):
    """(busy, total) jiffies of all CPUs from /proc/stat's first line; iowait and idle count as not busy."""
    f = text.splitlines()[0].split()
    if not f or f[0] != "cpu":
        raise ValueError("not /proc/stat: " + text[:40])
    v = [int(x) for x in f[1:]]
    idle = v[3] + (v[4] if len(v) > 4 else 0)
    return sum(v) - idle, sum(v)


class MachineCpu:
    """The share of the machine's CPU time (all CPUs) that was busy between one sample and the next, read from
    /proc/stat at every sample, before the probes after it (then): a lab on 2 CPUs that runs out of CPU in one phase
    and not in another shows it here. reads(): {"t_s": [...], "busy": [share or None per read], "median", "max"}."""

    def __init__(self, then=None, read=None):
        self.then = then
        self.read = read or (lambda: open("/proc/stat").read())
        self.t, self.busy, self.last = [], [], None

    def __call__(self, t):
        now = parse_proc_stat(self.read())
        share = None
        if self.last is not None and now[1] > self.last[1]:
            share = round((now[0] - self.last[0]) / (now[1] - self.last[1]), 3)
        self.last = now
        self.t.append(round(t, 2))
        self.busy.append(share)
        if self.then:
            self.then(t)

    def reads(self):
        shares = sorted(b for b in self.busy if b is not None)
        median = shares[len(shares) // 2] if shares else None
        return {"t_s": list(self.t), "busy": list(self.busy), "median": median,
                "max": shares[-1] if shares else None}


class CellClock:
    """Per reference-eNB cell, the share of its TTIs in which no UE had backlog, between one sample and the next
    (the eNB's clock statistics, mpsdn-enb metrics "clock"), then the probes after it (then). A Tier-1 user short of
    its demand while its cell idles was not held back by anyone's airtime: its sender did not fill the cell.
    reads(): {ap: {"t_s": [...], "idle": [share or None per read]}}; {} when the topology has no eNB."""

    def __init__(self, aps, metrics, then=None):
        self.aps, self.metrics, self.then = list(aps), metrics, then
        self.t, self.idle, self.last = [], {a: [] for a in self.aps}, {}

    def __call__(self, t):
        self.t.append(round(t, 2))
        for a in self.aps:
            share = None
            try:
                m = self.metrics(a)
                now = (m["tti"], m["clock"]["idle_ttis"])
            except (OSError, ValueError, KeyError, TypeError):
                now = None
            last = self.last.get(a)
            if now and last and now[0] > last[0]:
                share = round((now[1] - last[1]) / (now[0] - last[0]), 3)
            self.last[a] = now
            self.idle[a].append(share)
        if self.then:
            self.then(t)

    def reads(self):
        return {a: {"t_s": list(self.t), "idle": list(v)} for a, v in self.idle.items()}


PACKET_SOCKET = re.compile(r"^p_raw\s+\S+\s+\d+\s+\d+\s+\S*:(\S+)\s+\S+\s+"
                           r"users:\(\(\"([^\"]+)\".*?skmem:\(.*?\bd(\d+)\)")


def parse_packet_sockets(text, ns):
    """`ss -0 -m -p -a -H` (AF_PACKET sockets with their memory and owner): {"<ns>/<interface>/<process>": the
    frames the socket dropped (skmem d)}; sockets of one process on one interface are summed. Lines that are not a
    packet socket with an owner and a drop count are left out."""
    out = {}
    for line in re.sub(r"\n[ \t]+", " ", text).splitlines():   # a terminal's ss puts skmem on its own line
        m = PACKET_SOCKET.match(line.strip())
        if m:
            key = f"{ns}/{m.group(1)}/{m.group(2)}"
            out[key] = out.get(key, 0) + int(m.group(3))
    return out


def packet_socket_drops(namespaces, run=None):
    """The drop counters of every AF_PACKET socket in the host's namespace (the switches' ports) and in the lab's
    namespaces (cells, eNBs, delay lines): frames lost on the lab's packet path that no link, qdisc or cell counts
    (deploy/lab/README.md, "Switch ports' socket buffers"). run(ns) returns the `ss` text of a namespace (None:
    the host's)."""
    run = run or read_packet_sockets
    out = parse_packet_sockets(run(None), "host")
    for ns in namespaces:
        out.update(parse_packet_sockets(run(ns), ns))
    return out


def read_packet_sockets(ns):
    cmd = "ss -0 -m -p -a -H"
    return (sh(cmd, check=False, capture=True) if ns is None else nsx(ns, cmd, check=False, capture=True)) or ""


def drops_between(before, after):
    """Per socket, the frames dropped from before to after (a socket absent before counts from 0)."""
    return {k: v - before.get(k, 0) for k, v in sorted(after.items()) if v - before.get(k, 0) > 0}
