"""The lab's traffic: the UEs and their download ports, the iperf3 and pacer servers, each UE's client command, a
run of downloads sampled at the cells' per-station byte counters, its summary in Mb/s, and the lab host's meter log."""
import json
import os
import time

from topology import SERVER_IP


UES = ["ue1", "ue2", "ue3", "ue4"]
MULTIPATH_UES = ["ue2", "ue3"]
PORT = {"ue1": 5201, "ue2": 5202, "ue3": 5203, "ue4": 5204}
PACER_PORT = {u: p + 1000 for u, p in PORT.items()}   # pacer.py servers (rate-limited multipath downloads)
PACER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pacer.py")


def iperf_servers(lab):
    return ([lab.spawn(["mptcpize", "run", "iperf3", "-s", "-p", str(PORT[u])], f"iperf3-server-{u}", ns="srv")
             for u in UES]
            + [lab.spawn(["mptcpize", "run", "python3", PACER, "serve", str(PACER_PORT[u])], f"pacer-server-{u}",
                         ns="srv") for u in MULTIPATH_UES])


def client_cmd(ue, seconds, multipath, rate=None, port=None):
    if rate and ue in multipath and port is None:
        # a rate-limited MPTCP download is paced at the application (pacer.py: fixed 8 KB schedule, no catch-up);
        # iperf3 -b catches up after a stall and MPTCP sockets refuse --fq-rate (see pacer.py)
        return ["mptcpize", "run", "python3", PACER, "fetch", SERVER_IP, str(PACER_PORT[ue]), str(rate),
                str(seconds)]
    cmd = ["iperf3", "-c", SERVER_IP, "-p", str(port or PORT[ue]), "-R", "-t", str(seconds), "-J"]
    if rate:
        # A demand of `rate` Mb/s arrives at that rate, not in bursts: iperf3 -b alone writes 128 KB blocks, each
        # leaving the server at line rate as ~90 back-to-back frames, which overflow the cell's 20-packet station
        # queue (topology.CELL_QUEUE_LIMIT, ENB_QUEUE_LIMIT) every block. The rate-limited (Tier-1) stations then
        # showed a standing queue (Wi-Fi leaves at 11-12 of 20 packets while demand was 12 Mb/s of a 17 Mb/s share;
        # agent occupancy 0.1-0.27 with Tier 2 at R_m) that is an artefact of the traffic generator, and the AIMD
        # increase, which divides by the occupancy, crawled at 1.1-1.5x per cycle. 8 KB writes (<= 6 frames per
        # write) and kernel pacing of the sending socket at 5 % above the rate (SO_MAX_PACING_RATE via --fq-rate,
        # applied by the server for -R; MPTCP sockets refuse it with a warning, so it paces single-path TCP only)
        # make the demand a smooth 12 Mb/s stream like a paced video server's.
        cmd += ["-b", f"{rate}M", "-l", "8K", "--fq-rate", f"{rate * 1.05:.2f}M"]
    if ue in multipath:
        cmd = ["mptcpize", "run"] + cmd
    return cmd


def run_traffic(lab, name, seconds, multipath, rate_limit=None, sample_s=0.5, on_sample=None, ues=UES,
                toggle=None):
    """Downloads for the given UEs (backlogged, or limited to rate_limit[ue] Mb/s); toggle = (ue, period_s,
    [rates], first_s) restarts that UE's client every period with the next rate (the first rate lasts first_s). Returns times, per-(ue,ap) byte
    counter samples, iperf3 goodput per UE."""
    clients = {}
    for ue in ues:
        if toggle and ue == toggle[0]:
            continue
        clients[ue] = lab.spawn(client_cmd(ue, seconds, multipath, (rate_limit or {}).get(ue)),
                                f"{name}-iperf3-{ue}", ns=ue)
    seg = None
    if toggle:
        t_ue, period, rates, first = toggle
        seg = {"i": 0, "start": time.time(), "p": None}
    t0 = time.time()
    times, samples = [], []
    next_t = t0
    while any(p.poll() is None for p in clients.values()) or (seg and time.time() - t0 < seconds):
        now = time.time()
        if seg and now - t0 < seconds and (seg["p"] is None
                                           or now - seg["start"] >= (first if seg["i"] == 1 else period)):
            if seg["p"] is not None:
                lab.stop(seg["p"])
            rate = rates[seg["i"] % len(rates)]
            left = max(1, int(round(min(first if seg["i"] == 0 else period, seconds - (now - t0)))))
            seg["p"] = lab.spawn(client_cmd(t_ue, left + 1, multipath, rate),
                                 f"{name}-iperf3-{t_ue}-{seg['i']}", ns=t_ue)
            seg["start"] = now
            seg.setdefault("log", []).append((round(now - t0, 2), rate))
            seg["i"] += 1
        if now >= next_t:
            times.append(now - t0)
            samples.append(lab.cell_bytes())
            if on_sample:
                on_sample(now - t0)
            next_t += sample_s
        time.sleep(0.02)
        if now - t0 > seconds + 20:
            raise RuntimeError(f"{name}: iperf3 clients did not finish")
    times.append(time.time() - t0)
    samples.append(lab.cell_bytes())
    if seg:
        lab.stop(seg["p"])
        run_traffic.last_toggle_log = seg.get("log", [])
    goodput = {}
    for ue, p in clients.items():
        lab.stop(p)
        try:
            with open(os.path.join(lab.out, f"{name}-iperf3-{ue}.log")) as f:
                text = f.read()
            # iperf3 may print a warning before its JSON (e.g. "Unable to set socket pacing": an MPTCP socket
            # refuses SO_MAX_PACING_RATE, so --fq-rate paces single-path TCP only; the 8 KB writes apply to both)
            j = json.loads(text[text.index("{"):] if "{" in text else text)
            goodput[ue] = j["end"]["sum_received"]["bits_per_second"] / 1e6
        except (OSError, ValueError, KeyError) as e:
            raise RuntimeError(f"{name}: iperf3 for {ue} gave no result ({e}); see {name}-iperf3-{ue}.log")
    return times, samples, goodput


def summarise(times, samples, goodput, warmup):
    keys = sorted(samples[0].keys())
    series = {"t": [round(t, 3) for t in times[1:]]}
    for k in keys:
        ue, ap = k
        series[f"{ue}/{ap}"] = [round((samples[i][k][0] - samples[i - 1][k][0]) * 8 / 1e6 /
                                      max(1e-6, times[i] - times[i - 1]), 3) for i in range(1, len(times))]
    i0 = next(i for i, t in enumerate(times) if t >= warmup)
    span = times[-1] - times[i0]
    ue = {u: {"wifi": 0.0, "lte": 0.0} for u in UES}
    for (u, ap) in keys:
        ue[u][ap] = round((samples[-1][(u, ap)][0] - samples[i0][(u, ap)][0]) * 8 / 1e6 / span, 2)
    for u in UES:
        ue[u]["total"] = round(ue[u]["wifi"] + ue[u]["lte"], 2)
        ue[u]["iperf"] = round(goodput.get(u, 0.0), 2)
    ap = {a: round(sum(ue[u][a] for u in UES), 2) for a in ("wifi", "lte")}
    return {"ue": ue, "ap": ap, "series": series}


def read_meters(lab, since):
    path = os.path.join(lab.out, "meters.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip() and json.loads(l)["t"] >= since]
