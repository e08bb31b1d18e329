"""The lab's traffic: the UEs' download (or upload) ports, the iperf3 and pacer servers, each UE's client command, a
run of demand schedules sampled at the cells' per-station byte counters, its summary in Mb/s, and the lab host's
meter log. UES, MULTIPATH_UES and PORT are the default topology's (soak, robustness, the CI check)."""
import json
import os
import time

from topology import DEFAULT, SERVER_IP


UES = list(DEFAULT.ues)
MULTIPATH_UES = list(DEFAULT.multipath_ues)
PORT = {u: DEFAULT.port(u) for u in UES}
PACER_PORT = {u: p + 1000 for u, p in PORT.items()}   # pacer.py servers (rate-limited multipath transfers)
PACER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pacer.py")
BACKLOGGED = "backlogged"


def iperf_servers(lab):
    """An iperf3 server per UE of the lab's topology (port 5200 + n) and a pacer server per multipath UE (+1000)."""
    topo = lab.topo
    return ([lab.spawn(["mptcpize", "run", "iperf3", "-s", "-p", str(topo.port(u))], f"iperf3-server-{u}", ns="srv")
             for u in topo.ues]
            + [lab.spawn(["mptcpize", "run", "python3", PACER, "serve", str(topo.port(u) + 1000)],
                         f"pacer-server-{u}", ns="srv") for u in topo.multipath_ues])


def client_cmd(ue, seconds, multipath, rate=None, port=None, direction="downlink"):
    """The client command of a UE's transfer: iperf3 (-R for a download), or for a rate-limited multipath transfer
    pacer.py. port: its iperf3 server's port (default: the default topology's); the pacer's is 1000 above."""
    port = port or PORT[ue]
    if rate and ue in multipath:
        # a rate-limited MPTCP transfer is paced at the application (pacer.py: fixed 8 KB schedule, no catch-up);
        # iperf3 -b catches up after a stall and MPTCP sockets refuse --fq-rate (see pacer.py)
        return ["mptcpize", "run", "python3", PACER, "fetch" if direction == "downlink" else "push", SERVER_IP,
                str(port + 1000), str(rate), str(seconds)]
    cmd = ["iperf3", "-c", SERVER_IP, "-p", str(port)] + (["-R"] if direction == "downlink" else []) + [
        "-t", str(seconds), "-J"]
    if rate:
        # A demand of `rate` Mb/s arrives at that rate, not in bursts: iperf3 -b alone writes 128 KB blocks, each
        # leaving the sender at line rate as ~90 back-to-back frames, which overflow the cell's 20-packet station
        # queue every block. The rate-limited (Tier-1) stations then showed a standing queue (Wi-Fi leaves at 11-12
        # of 20 packets while demand was 12 Mb/s of a 17 Mb/s share; agent occupancy 0.1-0.27 with Tier 2 at R_m)
        # that is an artefact of the traffic generator, and the AIMD increase, which divides by the occupancy,
        # crawled at 1.1-1.5x per cycle. 8 KB writes (<= 6 frames per write) and kernel pacing of the sending socket
        # at 5 % above the rate (SO_MAX_PACING_RATE via --fq-rate, applied by the sender; MPTCP sockets refuse it
        # with a warning, so it paces single-path TCP only) make the demand a smooth stream like a paced video's.
        cmd += ["-b", f"{rate}M", "-l", "8K", "--fq-rate", f"{rate * 1.05:.2f}M"]
    if ue in multipath:
        cmd = ["mptcpize", "run"] + cmd
    return cmd


class Schedule:
    """The clients of a phase: each UE's segments [[t_s, Mb/s | "backlogged" | 0]] (one client per segment that is
    not off, restarted at each segment's start), in its direction; log {ue: [[t_s, rate]]} of the actual starts."""

    def __init__(self, lab, name, seconds, multipath, demand):
        self.lab, self.name, self.seconds, self.multipath, self.demand = lab, name, seconds, multipath, demand
        self.next = {ue: 0 for ue in demand}
        self.procs = {}        # ue -> running client
        self.logs = {}         # ue -> [(log file, segment seconds)]
        self.log = {ue: [] for ue in demand}

    def tick(self, t):
        """Starts the segments due at t (stopping the UE's previous client)."""
        for ue, d in self.demand.items():
            segs, i = d["segments"], self.next[ue]
            if i >= len(segs) or segs[i][0] > t or t >= self.seconds:
                continue
            self.next[ue] = i + 1
            if ue in self.procs:
                self.lab.stop(self.procs.pop(ue))
            rate = segs[i][1]
            self.log[ue].append([round(t, 2), rate])
            if rate == 0:
                continue
            end = segs[i + 1][0] if i + 1 < len(segs) else self.seconds
            left = max(1, int(round(min(end, self.seconds) - t)))
            n = len(self.logs.setdefault(ue, []))
            name = f"{self.name}-iperf3-{ue}" + (f"-{n}" if n else "")
            self.procs[ue] = self.lab.spawn(
                client_cmd(ue, left + (1 if i + 1 < len(segs) else 0), self.multipath,
                           None if rate == BACKLOGGED else rate, self.lab.topo.port(ue), d["direction"]),
                name, ns=ue)
            self.logs[ue].append((os.path.join(self.lab.out, f"{name}.log"), left))

    def running(self):
        return any(p.poll() is None for p in self.procs.values())

    def stop(self):
        for p in self.procs.values():
            self.lab.stop(p)

    def goodput(self):
        """Per UE: the iperf3 (or pacer) receiver goodput in Mb/s, weighted by segment length over its segments."""
        out = {}
        for ue, files in self.logs.items():
            total = sum(s for _f, s in files)
            out[ue] = sum(read_goodput(f) * s for f, s in files) / max(1e-9, total)
        return out


def read_goodput(path):
    """Receiver goodput (Mb/s) of an iperf3 -J or pacer log."""
    try:
        with open(path) as f:
            text = f.read()
        # iperf3 may print a warning before its JSON (e.g. "Unable to set socket pacing": an MPTCP socket
        # refuses SO_MAX_PACING_RATE, so --fq-rate paces single-path TCP only; the 8 KB writes apply to both)
        j = json.loads(text[text.index("{"):] if "{" in text else text)
        return j["end"]["sum_received"]["bits_per_second"] / 1e6
    except (OSError, ValueError, KeyError) as e:
        raise RuntimeError(f"{path}: the client gave no result ({e})")


def run_schedule(lab, name, seconds, multipath, demand, sample_s=0.5, on_sample=None, events=(), on_event=None):
    """Runs a phase's demand (Schedule) for seconds, calling on_event(e) at each radio event's t_s; returns times,
    per-(ue, ap) byte counter samples, goodput per UE and the schedule's log of segment starts."""
    sched = Schedule(lab, name, seconds, multipath, demand)
    events = list(events)
    t0 = time.time()
    times, samples, next_t = [], [], t0
    sched.tick(0.0)
    while time.time() - t0 < seconds or sched.running():
        now = time.time()
        sched.tick(now - t0)
        while events and events[0]["t_s"] <= now - t0:
            on_event(events.pop(0))
        if now >= next_t:
            times.append(now - t0)
            samples.append(lab.cell_bytes())
            if on_sample:
                on_sample(now - t0)
            next_t += sample_s
        time.sleep(0.02)
        if now - t0 > seconds + 20:
            sched.stop()
            raise RuntimeError(f"{name}: clients did not finish")
    times.append(time.time() - t0)
    samples.append(lab.cell_bytes())
    sched.stop()
    return times, samples, sched.goodput(), sched.log


def summarise(times, samples, goodput, warmup, topo=DEFAULT, directions=None):
    """Per-sample series {"ue/ap[/ul]": Mb/s}, per UE the mean Mb/s per radio after warm-up and its total (its
    radios in its direction: directions {ue: downlink | uplink}, default downlink), per AP the sum (downlink keys
    "ap", uplink "ap/ul")."""
    keys = sorted(samples[0].keys())
    series = {"t": [round(t, 3) for t in times[1:]]}
    for k in keys:
        series["/".join(k)] = [round((samples[i][k][0] - samples[i - 1][k][0]) * 8 / 1e6 /
                                     max(1e-6, times[i] - times[i - 1]), 3) for i in range(1, len(times))]
    i0 = next(i for i, t in enumerate(times) if t >= warmup)
    span = times[-1] - times[i0]
    ue = {u: {ap: 0.0 for ap in topo.aps} for u in topo.ues}
    for (u, ap) in keys:
        ue[u][ap] = round((samples[-1][(u, ap)][0] - samples[i0][(u, ap)][0]) * 8 / 1e6 / span, 2)
    for u in topo.ues:
        ul = (directions or {}).get(u) == "uplink"
        ue[u]["total"] = round(sum(ue[u].get(f"{ap}/ul" if ul else ap, 0.0) for ap, _a, _r in topo.radios_of(u)), 2)
        ue[u]["iperf"] = round(goodput.get(u, 0.0), 2)
    aps = sorted({ap for _u, ap in keys})
    ap_sum = {a: round(sum(ue[u].get(a, 0.0) for u in topo.ues), 2) for a in aps}
    return {"ue": ue, "ap": ap_sum, "series": series}


def read_meters(lab, since):
    path = os.path.join(lab.out, "meters.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip() and json.loads(l)["t"] >= since]
