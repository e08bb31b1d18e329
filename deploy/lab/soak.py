"""Soak (issue 16): the app at its defaults, on detection only, for N minutes of changing demand.

Demand: a schedule drawn from a seed (recorded in the JSON, with every segment's planned and actual times).
UE1 (Wi-Fi) and UE4 (LTE) start and stop single-path downloads (backlogged, or paced at 10 Mb/s). UE2 and UE3
(both radios) start and stop downloads that are multipath (mptcpize) or single-path (plain TCP on the primary
radio): a multipath download is replaced by a single-path one and back. UE2's first multipath download lasts
longer than the tracker's idle timeout (1.5 x + 30 s), so a long-lived flow must stay grouped across the expiry;
UE3 starts with multipath, single-path, multipath back to back. Every segment is an iperf3 -R -t download from the
server (one iperf3 server per UE, under mptcpize: it accepts MPTCP and plain TCP); a segment starts once the
UE's previous client has exited. The last tail_s of the run has no demand (the switches and the app must drain).

While it runs, every sample_s: REST /detection and /flows, Prometheus /metrics, ovs-ofctl dump-flows and
dump-meters of both bridges; every memory_s: the lab host's heap after a full GC (jcmd) and the RSS of the AP
agents (and, for information, of the lab host, the cells and the eNB); every second while a multipath download
is younger than its grace: /detection and the switches' rules (the detection and regulation delays). The raw
data is written beside the result (soak-samples.jsonl, soak-memory.jsonl, soak-probes.jsonl); the goals are
computed from it by soak_checks.py.
"""
import json
import os
import random
import time

import soak_checks
import soak_probe
from report import header
from shell import log
from topology import AP, SERVER_IP, SOUTHBOUND_TIMING
from traffic import MULTIPATH_UES, PORT, iperf_servers

INTERVAL_S = 2.0
# no demand in the last TAIL_S: a user is ungrouped <= ~20 s after its download ends (its rules' removal), which
# may re-apply a rule in Tier 1; that rule goes after the per-flow idle timeout (10 s) + a flow-statistics poll (5 s)
TAIL_S = 45
DRAINED_AFTER_S = 40
SINGLE_RATES = (None, 10)


def _ranges(total_s):
    """(segment, gap) length ranges in s: every few minutes in an hour's run, tens of seconds in a short one."""
    return (max(30.0, total_s / 40), max(50.0, total_s / 12)), (max(5.0, total_s / 120), max(15.0, total_s / 30))


def make_schedule(seed, total_s, idle_timeout_s):
    """Deterministic demand from seed: a list of segments {ue, mode mp|sp, start_s, duration_s, rate_mbps}."""
    rng = random.Random(seed)
    seg, gap = _ranges(total_s)
    stop_at = total_s - TAIL_S
    out = []
    for ue in ("ue1", "ue2", "ue3", "ue4"):
        t = rng.uniform(2, 8)
        forced = []
        if ue == "ue2":
            forced = [("mp", idle_timeout_s * 1.5 + 30)]
        elif ue == "ue3":
            forced = [("mp", rng.uniform(*seg)), ("sp", rng.uniform(*seg)), ("mp", rng.uniform(*seg))]
        while t < stop_at - seg[0] / 2:
            if forced:
                mode, dur = forced.pop(0)
            else:
                mode = "sp" if ue in ("ue1", "ue4") or rng.random() < 0.4 else "mp"
                dur = rng.uniform(*seg)
            dur = min(dur, stop_at - t)
            rate = rng.choice(SINGLE_RATES) if mode == "sp" and ue in ("ue1", "ue4") else None
            out.append({"ue": ue, "mode": mode, "start_s": round(t, 1), "duration_s": round(dur, 1),
                        "rate_mbps": rate})
            t += dur + (1.0 if forced or rng.random() < 0.5 else rng.uniform(*gap))
    return sorted(out, key=lambda s: s["start_s"])


def client(seg):
    cmd = ["iperf3", "-c", SERVER_IP, "-p", str(PORT[seg["ue"]]), "-R", "-t", str(int(round(seg["duration_s"]))),
           "-i", "30"]
    if seg["rate_mbps"]:
        cmd += ["-b", f"{seg['rate_mbps']}M", "-l", "8K", "--fq-rate", f"{seg['rate_mbps'] * 1.05:.2f}M"]
    return ["mptcpize", "run"] + cmd if seg["mode"] == "mp" else cmd


def client_error(path):
    """iperf3's error line in a client's log, or None."""
    try:
        with open(path) as f:
            return next((line.strip() for line in f if "error" in line), None)
    except OSError:
        return None


def mptcp_delta(seg):
    """A multipath segment's MPTcpExt counters that moved during it, in its UE's and the server's namespace (the
    server's include other UEs' connections): joins sent/acked/rejected, fallbacks; explains a UE the kernel never
    made multipath (soak_checks: samples without subflows on both radios)."""
    before = seg.pop("_mptcp_before", None)
    if before is not None:
        seg["mptcp_counters_delta"] = {
            "ue": soak_probe.counter_delta(before["ue"], soak_probe.mptcp_counters(seg["ue"])),
            "srv": soak_probe.counter_delta(before["srv"], soak_probe.mptcp_counters("srv"))}


class Demand:
    """Starts each segment at its time once the UE's previous client has exited; stops a client 5 s late."""

    def __init__(self, lab, schedule, t0):
        self.lab, self.t0 = lab, t0
        self.todo = [dict(s) for s in schedule]
        self.running = {}
        self.done = []

    def tick(self, now):
        for ue, (p, seg) in list(self.running.items()):
            late = now - self.t0 > seg["start_actual_s"] + seg["duration_s"] + 5
            if p.poll() is not None or late:
                if late and p.poll() is None:
                    seg["stopped_late"] = True
                self.lab.stop(p)
                seg["exit_s"] = round(now - self.t0, 2)
                seg["client_error"] = client_error(os.path.join(self.lab.out, seg["log"] + ".log"))
                mptcp_delta(seg)
                self.done.append(seg)
                del self.running[ue]
        for seg in list(self.todo):
            if seg["start_s"] <= now - self.t0 and seg["ue"] not in self.running:
                self.todo.remove(seg)
                seg["start_actual_s"] = round(now - self.t0, 2)
                name = seg["log"] = f"soak-{seg['ue']}-{len(self.done) + len(self.running)}"
                if seg["mode"] == "mp":
                    seg["_mptcp_before"] = {"ue": soak_probe.mptcp_counters(seg["ue"]),
                                            "srv": soak_probe.mptcp_counters("srv")}
                self.running[seg["ue"]] = (self.lab.spawn(client(seg), name, ns=seg["ue"]), seg)

    def active_mp(self, now):
        return [s for _p, s in self.running.values() if s["mode"] == "mp"]

    def stop_all(self, now):
        for ue, (p, seg) in list(self.running.items()):
            if p.poll() is None:
                seg["stopped_at_end"] = True
            self.lab.stop(p)
            seg["exit_s"] = round(now - self.t0, 2)
            mptcp_delta(seg)
            self.done.append(seg)
            del self.running[ue]

    def segments(self):
        return sorted(self.done + [s for _p, s in self.running.values()] + self.todo, key=lambda s: s["start_s"])


class Recorder:
    """Appends the raw data to JSONL files in the lab's out directory."""

    def __init__(self, out):
        self.files = {k: open(os.path.join(out, f"soak-{k}.jsonl"), "w") for k in ("samples", "memory", "probes")}

    def write(self, kind, obj):
        self.files[kind].write(json.dumps(obj, separators=(",", ":")) + "\n")
        self.files[kind].flush()

    def close(self):
        for f in self.files.values():
            f.close()


def sample(t, t0):
    """One sample; t_meters: when the meter dump returned (the lab host's meter log is read up to then)."""
    rules = {ap: soak_probe.switch_rules(a["bridge"]) for ap, a in AP.items()}
    out = {"t": round(t, 2), "detection": soak_probe.rest("detection"), "flows": soak_probe.rest("flows"),
           "metrics": soak_probe.prometheus(),
           "switch_flows": {ap: soak_probe.switch_flows(r) for ap, r in rules.items()},
           "switch_fixed": {ap: soak_probe.fixed_rule_counts(r) for ap, r in rules.items()},
           "switch_meters": {ap: soak_probe.switch_meters(a["bridge"]) for ap, a in AP.items()}}
    out["t_meters"] = round(time.time() - t0, 2)
    # the server's stale marks, read before the kernel's view: a mark counted here came before that view
    out["srv_stale"] = soak_probe.mptcp_counters("srv").get("MPTcpExtSubflowStale")
    out["kernel_ages"] = {ue: soak_probe.subflow_ages(ue) for ue in MULTIPATH_UES}   # one `ss` per UE
    out["kernel"] = {ue: soak_probe.active(ages) for ue, ages in out["kernel_ages"].items()}
    # the endpoints a client agent made MPTCP backups for the app, read with the kernel's view
    out["backup"] = {ue: soak_probe.backup_addresses(ue) for ue in MULTIPATH_UES}
    return out


def probe(t):
    rules = {ap: soak_probe.switch_flow_ages(soak_probe.switch_rules(a["bridge"])) for ap, a in AP.items()}
    return {"t": round(t, 2), "multipath": sorted(soak_probe.multipath_users(soak_probe.rest("detection"))),
            "switch_flows": rules, "kernel": {ue: soak_probe.kernel_subflows(ue) for ue in MULTIPATH_UES}}


def memory(lab, ctl, t):
    pids = {"lab-host": ctl.pid, **{f"agent-{ap}": p.pid for ap, p in lab.agents.items()}}
    pids.update({p.name: p.pid for p in lab.procs if p.name in ("cell-wifi", "enb")})
    return {"t": round(t, 2), "heap_after_gc_kb": soak_probe.heap_after_gc_kb(ctl.pid),
            "rss_kb": {k: soak_probe.rss_kb(pid) for k, pid in pids.items()}}


def run(lab, demand, rec, ctl, t0, total_s, periods, grace_s):
    """The soak's main loop: demand, samples, memory, fast probes while a multipath download is in its grace."""
    sample_s, memory_s = periods
    next_sample = next_memory = next_log = t0
    while time.time() - t0 < total_s:
        now = time.time()
        demand.tick(now)
        if ctl.poll() is not None:
            raise RuntimeError("soak: the lab host exited (see lab-host.log)")
        if any(now - t0 - s["start_actual_s"] <= grace_s + 10 for s in demand.active_mp(now)):
            rec.write("probes", probe(now - t0))
        if now >= next_sample:
            rec.write("samples", sample(now - t0, t0))
            next_sample += sample_s
        if now >= next_memory:
            rec.write("memory", memory(lab, ctl, now - t0))
            next_memory += memory_s
        if now >= next_log:
            log(f"soak: {int(now - t0)}/{int(total_s)} s; running: "
                + ", ".join(f"{s['ue']} {s['mode']}" for _p, s in sorted(demand.running.values(),
                                                                           key=lambda x: x[1]['ue'])))
            next_log += 60
        time.sleep(max(0.0, min(1.0, next_sample - time.time())))
    demand.stop_all(time.time())
    # the drained state: one more sample DRAINED_AFTER_S after the last client exited
    last_exit = max((s.get("exit_s", 0.0) for s in demand.done), default=0.0)
    time.sleep(max(0.0, t0 + last_exit + DRAINED_AFTER_S + 0.5 - time.time()))
    rec.write("samples", sample(time.time() - t0, t0))


def soak(lab, minutes=60, seed=16, idle_timeout_s=None):
    """Runs the soak on a running testbed (telemetry agents); returns the result dict. idle_timeout_s: the
    tracker's idle timeout given to the lab host (JVM property mpsdn.detection.idleTimeoutMs); None: the app's
    default (10 min), nothing passed."""
    if lab.telemetry != "agents":
        raise ValueError("soak needs the AP agents (telemetry agents)")
    total_s = minutes * 60.0
    tracker_idle_s = idle_timeout_s or soak_checks.DEFAULT_TRACKER_IDLE_S
    short = minutes < 10
    periods = (5.0, 10.0) if short else (10.0, 60.0)
    sb = lab.southbound
    # a multipath download must be grouped and regulated 2 cycles after its detection; detection itself needs
    # the MPTCP handshake and the join (iperf3's control connection, then the data connection; the path manager
    # adds the second subflow) punted to the app: allowed 6 s and measured (detection_delay_s)
    grace_s = 2 * INTERVAL_S + 6.0
    schedule = make_schedule(seed, total_s, tracker_idle_s)
    jvm = {"mpsdn.detection.idleTimeoutMs": int(idle_timeout_s * 1000)} if idle_timeout_s else {}
    res = header("soak", {"minutes": minutes, "seed": seed, "interval_s": INTERVAL_S, "sample_s": periods[0],
                          "memory_s": periods[1], "grace_s": grace_s, "tail_s": TAIL_S,
                          "drained_after_s": DRAINED_AFTER_S,
                          "tracker_idle_timeout_s": tracker_idle_s, "lab_host_jvm_properties": jvm}, lab)
    servers = iperf_servers(lab)
    time.sleep(0.5)
    ctl = lab.start_controller("mpsdn", jvm_props=jvm)
    res["params"]["app_parameters_set_by_lab"] = soak_checks.app_parameters(lab.out)
    t0 = time.time()
    rec = Recorder(lab.out)
    demand = Demand(lab, schedule, t0)
    try:
        run(lab, demand, rec, ctl, t0, total_s, periods, grace_s)
    finally:
        rec.close()
        lab.stop_matching(servers, prefix="soak-", ctl=ctl)
    res["t0_epoch"] = t0
    res["schedule"] = demand.segments()
    res.update(soak_checks.evaluate(lab.out, res, t0, total_s, SOUTHBOUND_TIMING[sb["mode"]]))
    res["phases"] = {}
    return res


if __name__ == "__main__":
    raise SystemExit("run it through run_lab.py soak")
