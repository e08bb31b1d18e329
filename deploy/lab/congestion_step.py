"""The CI check's congestion step: Tier 2 alone on Wi-Fi, then every Wi-Fi station backlogged; the cell's
station-queue watch that times the onset."""
import json
import os
import subprocess
import threading
import time

from shell import log
from topology import AP, CONGESTED_FILL, PREFIX
from traffic import PORT, client_cmd, iperf_servers, read_meters


def congestion_step(lab, before_s=12, after_s=10, tier2_mbps=4, confirm_s=None):
    """Tier 2 on Wi-Fi (UE3's subflow) runs alone, then every Wi-Fi station starts a backlogged download: the
    Wi-Fi cell congests at step_t. UE3's first download is limited to tier2_mbps (well below its 30 Mb/s Wi-Fi
    PHY rate) so that, before the step, the cell is not congested and the Tier-2 limit grows; a backlogged
    Tier-2 flow would fill the queue by itself and the limit would already be halving before the step.
    At the step UE1, UE2 (single-path) and a second, backlogged multipath download of UE3 (to UE4's idle
    server; UE4 is LTE-only) start, so all three station queues of the cell fill. (With UE1 and UE2 alone,
    two of the three leaf queues filled and the agent's occupancy, which averages backlog over all of the
    cell's leaf limits, sat at 0.38-0.42 against the lab's CTh 0.3: one loaded CI run missed the halving.)
    Under a southbound that confirms meters only at a meter-stats poll every confirm_s (default: the lab host's
    meter_stats_s), Tier 2 runs alone before_s + 2 x confirm_s, so that two steps (the first limit, then its
    growth) can be in force before the step, and the step's clients run after_s + confirm_s, so that a halving
    decided in the first congested cycles is in force under congestion. Returns the Wi-Fi meter log ("meters": the meters ADDED; "requests": the app's submits),
    the regulation log (occupancy per cycle), the step clients' goodput and step_t (epoch seconds)."""
    if confirm_s is None:
        confirm_s = lab.southbound["meter_stats_s"]
    before_s, after_s = before_s + 2 * confirm_s, after_s + confirm_s
    servers = iperf_servers(lab)
    time.sleep(0.5)
    ctl = lab.start_controller("mpsdn")
    t0 = time.time()
    step_clients = {}
    watch = CellQueueWatch("wifi")
    watch.start()
    try:
        total = before_s + after_s
        lab.spawn(client_cmd("ue3", total, ["ue3"], rate=tier2_mbps), "step-iperf3-ue3", ns="ue3")
        log(f"congestion step: Tier 2 alone on Wi-Fi for {before_s} s")
        time.sleep(before_s)
        step_t = time.time()
        for ue, port in (("ue1", None), ("ue2", None), ("ue3", PORT["ue4"])):
            name = f"step-iperf3-{ue}-backlogged"
            step_clients[ue] = name
            lab.spawn(client_cmd(ue, after_s, ["ue3"], port=port), name, ns=ue)
        log(f"congestion step: UE1, UE2 and UE3 backlogged on Wi-Fi from now, {after_s} s")
        time.sleep(after_s + 1)
    finally:
        watch.stop()
        lab.stop_matching(servers, prefix="step-iperf3", ctl=ctl)
    onset = next((t for t, occ in watch.samples if t >= step_t and occ >= CONGESTED_FILL), None)
    wifi_log = [m for m in read_meters(lab, t0) if m["device"].endswith("a1")]
    wifi = [m for m in wifi_log if m["event"] == "added"]
    requests = [m for m in wifi_log if m["event"] == "submitted"]
    regulation = []
    path = os.path.join(lab.out, "regulation.jsonl")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                d = json.loads(line) if line.strip() else None
                if d and d["t"] >= t0 and "wifi" in d.get("aps", {}):
                    regulation.append({"t": d["t"], **d["aps"]["wifi"]})
    goodput = {ue: step_goodput(os.path.join(lab.out, f"{name}.log")) for ue, name in step_clients.items()}
    return {"step_t": step_t, "t0": t0, "onset_t": onset, "meters": wifi, "requests": requests,
            "regulation": regulation, "goodput_mbps": goodput,
            "cell_occupancy": [(round(t - step_t, 2), round(o, 3)) for t, o in watch.samples]}


class CellQueueWatch:
    """Samples a cell's station queues (the pfifo leaves of its radio device's egress, which the AP agent
    reads) every period_s from a thread: (epoch t, summed qlen over summed limit). Gives the congestion
    step the moment the cell actually congests, which on a loaded machine comes a variable time after the
    step's clients are spawned (namespace exec, MPTCP connect, slow start)."""

    def __init__(self, ap, period_s=0.1):
        self.cmd = ["ip", "netns", "exec", PREFIX + AP[ap]["ns"], "tc", "-s", "-j", "qdisc", "show",
                    "dev", AP[ap]["radio"]]
        self.period_s = period_s
        self.samples = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()

    def stop(self):
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self):
        while not self._stop.is_set():
            t = time.time()
            try:
                qs = json.loads(subprocess.run(self.cmd, capture_output=True, text=True, timeout=2).stdout)
                leaves = [q for q in qs if q.get("kind") == "pfifo"]
                limit = sum(q.get("options", {}).get("limit", 0) for q in leaves)
                if limit:
                    self.samples.append((t, sum(q.get("qlen", 0) for q in leaves) / limit))
            except (subprocess.SubprocessError, ValueError):
                pass
            self._stop.wait(max(0.0, self.period_s - (time.time() - t)))


def step_goodput(path):
    """Received Mb/s from an iperf3 -J log, or None if the client did not finish a test."""
    try:
        with open(path) as f:
            text = f.read()
        return round(json.loads(text[text.index("{"):])["end"]["sum_received"]["bits_per_second"] / 1e6, 2)
    except (OSError, ValueError, KeyError):
        return None
