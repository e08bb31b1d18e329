"""Robustness in the lab (issue 9): kill an AP agent mid-run, then restart the lab host mid-run.

All UEs download (backlogged; UE2 and UE3 multipath) with mpsdn regulating, telemetry from the real
mpsdn-ap-agent processes over mTLS. Then:

1. Agent kill: the Wi-Fi AP's agent is killed (SIGKILL). The controller must hold the Wi-Fi Tier-2 limit in
   force (no change, and no step decided; a step submitted before the silence that ONOS confirms during it,
   and the step queued behind it, are not a change) while the agent has been silent for less than the fail-open delay, then fail open: the
   limit is lifted (its meter removed from the switch), mpsdn_failsafe_active{ap="wifi"} is 1 and
   mpsdn_agent_poll_errors_total{ap="wifi"} counts every silent cycle; the LTE AP is unaffected. The agent
   is restarted: failsafe goes back to 0 within two intervals, the errors stop, and the loop regulates the
   Wi-Fi AP again (a Tier-2 meter is installed).
2. Lab host restart: the lab host is killed (SIGKILL). The switches (fail_mode=secure) keep forwarding on the
   installed rules; a new lab host connects, wipes what the switches hold and rebuilds its state: afterwards
   every rule and meter on both bridges is younger than the new connection (no stale rules or meters), the
   meters on the switches are exactly the ones the new host holds in any state (submitted, ADDED, being
   withdrawn; looked at again for up to a meter-stats poll), and the regulation resumes (managed
   Tier-2 flows, a Tier-2 meter on Wi-Fi). With the UEs detected (default; no UE in the netcfg) the new host
   has never seen the running connections' handshakes: it must regroup UE2 and UE3 from their subflows'
   mid-stream segments.

Metric values come from <out>/metrics.jsonl, written by the lab host from the app's cycle observer and
telemetry (same definitions as the app's Prometheus metrics). Returns a result dict with the measured
times and a list of checks ({check, value, met}).
"""
import json
import os
import re
import time

import rest
import soak_probe
import topology
from report import header
from shell import log, sh
from topology import AP, FAIL_OPEN_DELAY_MS, PREFIX
from traffic import MULTIPATH_UES, UES, client_cmd, iperf_servers

INTERVAL_S = 2.0


def _jsonl(path, since=0.0):
    if not os.path.exists(path):
        return []
    out = []
    with open(path) as f:
        for line in f:
            if line.strip():
                j = json.loads(line)
                if j["t"] >= since:
                    out.append(j)
    return out


def _wait(pred, timeout, step=0.25):
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = pred()
        if v:
            return v
        time.sleep(step)
    return None


def switch_state(bridge):
    """(flow durations in s, {meter id: duration s}) on one bridge, from ovs-ofctl."""
    flows = sh(f"ovs-ofctl -O OpenFlow13 dump-flows {PREFIX}{bridge}", capture=True, check=False) or ""
    fd = [float(m.group(1)) for m in re.finditer(r"duration=([0-9.]+)s", flows)]
    stats = sh(f"ovs-ofctl -O OpenFlow13 meter-stats {PREFIX}{bridge}", capture=True, check=False) or ""
    md = {int(m.group(1)): float(m.group(2)) for m in re.finditer(r"meter:(\d+).*?duration:([0-9.]+)s", stats)}
    return fd, md


def multipath_users():
    """The address sets of the users the app's detector holds as multipath now (REST /detection)."""
    det = rest.app_rest("detection") or {}
    return sorted(sorted(u["addresses"]) for u in det.get("users", []) if u["multipath"])


def kernel_multipath():
    """The address pairs of the multipath UEs the detector must hold now: those with an active subflow on both
    radios in the kernel (soak_probe.kernel_subflows), and those with one active subflow whose other address is an
    MPTCP backup the app asked for (soak_probe.backup_addresses: the server sends nothing there, so the subflow is
    established but not active, and the detector keeps it in its connection while its AP lists the station). A UE
    whose second subflow the server's MPTCP scheduler stopped using for another reason, for longer than the
    per-flow idle timeout, has ended in the tracker by design."""
    out = []
    for ue in MULTIPATH_UES:
        pair = sorted(a for u, _ap, a, _r in topology.RADIO if u == ue)
        active = set(soak_probe.kernel_subflows(ue))
        if active & set(pair) and set(pair) <= active | set(soak_probe.backup_addresses(ue)):
            out.append(pair)
    return sorted(out)


def detection_check(checks, name, grouped, want, extra=None):
    """grouped must hold every pair in want (the kernel's multipath UEs), and want must not be empty."""
    value = {"users": grouped, "multipath_in_kernel": want, **(extra or {})}
    _check(checks, name, value, want and all(p in grouped for p in want))


def _check(checks, name, value, met):
    checks.append({"check": name, "value": value, "met": bool(met)})
    log(f"robustness: [{'OK' if met else 'FAIL'}] {name}: {value}")


def hold_check(down, wifi_log, t_kill, delay_s):
    """The Wi-Fi limit in force once the cycle in progress at the kill is over must stay until the fail-open delay,
    and the app decides no step while the agent is silent. down: metrics lines from the kill on; wifi_log: the
    Wi-Fi meter log. A step in flight at the silence (submitted before the hold, not ADDED before the kill) that
    ONOS confirms during the hold, at its meter-stats poll, is not a change; nor is the step decided before and
    queued behind it, which the app submits the moment that step's meter is ADDED (the same instant in the meter
    log). Returns (value, met)."""
    hold_from, hold_to = t_kill + INTERVAL_S + 0.5, t_kill + delay_s - INTERVAL_S - 0.5
    hold = [m for m in down if hold_from <= m["t"] <= hold_to]
    held = {m["tier2_limit_kbps"].get("wifi") for m in hold}
    added_before = {m["meter"] for m in wifi_log if m["event"] == "added" and m["t"] < t_kill}
    pending = {m["meter"]: m["rate_kbps"] for m in wifi_log if m["event"] == "submitted" and m["t"] < hold_from
               and m["meter"] not in added_before}
    pending_added = [m["t"] for m in wifi_log if m["event"] == "added" and m["meter"] in pending]
    queued, decided = set(), []
    for m in wifi_log:
        if m["event"] == "submitted" and hold_from <= m["t"] <= hold_to:
            if any(0 <= m["t"] - t < 0.5 for t in pending_added):
                queued.add(m["rate_kbps"])
            else:
                decided.append(m["rate_kbps"])
    allowed = set(pending.values()) | queued
    first = hold[0]["tier2_limit_kbps"].get("wifi") if hold else None
    met = bool(hold) and None not in held and held <= {first} | allowed and not decided and all(
        m["mpsdn_failsafe_active"]["wifi"] == 0 for m in hold)
    return [sorted(held, key=str), sorted(allowed), decided], met


def robustness(lab, regulate_s=16, down_s=None, after_s=None, host_down_s=4, host_after_s=20):
    """Runs both scenarios on a running testbed (telemetry: agents). Returns the result dict. after_s (after the
    agent's restart) defaults to 14 s plus the lab host's meter_stats_s: the first step after the recovery is in
    force once ONOS confirms its meter at a meter-stats poll."""
    if lab.telemetry != "agents":
        raise ValueError("robustness needs the AP agents (telemetry agents)")
    delay_s = FAIL_OPEN_DELAY_MS / 1000.0
    down_s = down_s or delay_s + 3 * INTERVAL_S + 2
    after_s = after_s or 14 + lab.southbound["meter_stats_s"]
    res = header("robustness", {"regulate_s": regulate_s, "agent_down_s": down_s, "after_s": after_s,
                                "host_down_s": host_down_s, "host_after_s": host_after_s,
                                "fail_open_delay_s": delay_s, "interval_s": INTERVAL_S}, lab)
    checks = []
    servers = iperf_servers(lab)
    time.sleep(0.5)
    total = int(regulate_s + down_s + after_s + host_down_s + host_after_s + 30)
    held = {"ctl": lab.start_controller("mpsdn")}   # the controller in charge (replaced at the restart)
    clients = [lab.spawn(client_cmd(u, total, MULTIPATH_UES), f"robustness-iperf3-{u}", ns=u) for u in UES]
    t0 = time.time()
    try:
        # ---------------------------------------------------------------- 1. agent kill
        t_kill, t_open = _agent_down(lab, checks, t0, regulate_s, down_s, delay_s)
        _agent_back(lab, checks, res, t_kill, t_open, after_s)

        # ---------------------------------------------------------------- 2. lab host restart
        old_flows, t_dead, kept = _host_down(lab, held, checks, host_down_s)
        _host_back(lab, held, checks, res, host_after_s, old_flows, t_dead, kept)
    finally:
        lab.stop_matching(clients + servers, ctl=held["ctl"])
    res["t0_epoch"] = t0
    res["checks"] = checks
    res["goals"] = [{"goal": c["check"], "value": c["value"], "target": "holds", "met": c["met"]} for c in checks]
    res["phases"] = {}
    return res


def _agent_down(lab, checks, t0, regulate_s, down_s, delay_s):
    """Regulates with both agents up, kills the Wi-Fi agent and checks the hold and the fail-open during its
    silence; returns (t_kill, fail-open s after the kill or None)."""
    metrics = os.path.join(lab.out, "metrics.jsonl")
    meters = os.path.join(lab.out, "meters.jsonl")
    log(f"robustness: regulating with both agents up ({regulate_s} s)")
    time.sleep(regulate_s)
    if lab.ue_source == "detected":
        grouped, want = multipath_users(), kernel_multipath()
        detection_check(checks, "detection (no registration): UE2 and UE3 grouped as multipath users (those "
                        "multipath in the kernel or backed up by the app)", grouped, want)
    limited = _wait(lambda: [m for m in _jsonl(metrics, t0) if "wifi" in m["tier2_limit_kbps"]], 20)
    _check(checks, "Wi-Fi Tier-2 limit in force before the agent is killed",
           limited[-1]["tier2_limit_kbps"]["wifi"] if limited else None, limited)
    t_kill = time.time()
    before = _jsonl(metrics, t0)[-1]
    lab.kill_agent("wifi")
    log(f"robustness: Wi-Fi agent killed; fail-open delay {delay_s:.0f} s; waiting {down_s:.0f} s")
    time.sleep(down_s)
    down = _jsonl(metrics, t_kill)
    value, met = hold_check(down, [m for m in _jsonl(meters, t0) if m["device"].endswith("a1")], t_kill,
                            delay_s)
    _check(checks, "hold: Wi-Fi limit unchanged while the agent is silent for less than the delay (kb/s; "
                   "steps in flight at the silence and queued behind them; steps decided during it)", value, met)
    lifted = next((m for m in down if m["mpsdn_failsafe_active"]["wifi"] == 1), None)
    t_open = lifted["t"] - t_kill if lifted else None
    _check(checks, "fail-open: failsafe_active{wifi}=1 after the delay (s after the kill)",
           round(t_open, 2) if t_open is not None else None,
           t_open is not None and delay_s - INTERVAL_S - 0.5 <= t_open <= delay_s + 2 * INTERVAL_S + 1.5)
    end = down[-1]
    _check(checks, "fail-open: Wi-Fi Tier-2 limit lifted at the end of the outage",
           end["tier2_limit_kbps"].get("wifi"), "wifi" not in end["tier2_limit_kbps"])
    _, wmeters = switch_state("brw")
    _check(checks, "fail-open: no meter left on the Wi-Fi switch", sorted(wmeters), not wmeters)
    errs = end["mpsdn_agent_poll_errors_total"]["wifi"] - before["mpsdn_agent_poll_errors_total"]["wifi"]
    # every cycle that ran while the agent was silent counts a poll error (the cycle at the kill may have
    # polled just before it); the cycles are counted, not assumed: the loop runs with a fixed delay, so a
    # loaded machine runs fewer than down_s / interval (measured: 7 cycles in 18 s at load average 12)
    cycles = end["cycles"] - before["cycles"]
    _check(checks, "poll errors counted for every silent cycle (mpsdn_agent_poll_errors_total{wifi} delta; "
                   "cycles during the outage)", {"errors": errs, "cycles": cycles},
           cycles >= int(down_s / INTERVAL_S) // 2 and errs >= cycles - 1)
    _check(checks, "LTE AP unaffected (failsafe_active{lte} stays 0)",
           max(m["mpsdn_failsafe_active"]["lte"] for m in down),
           all(m["mpsdn_failsafe_active"]["lte"] == 0 for m in down))
    return t_kill, t_open


def _agent_back(lab, checks, res, t_kill, t_open, after_s):
    """Restarts the Wi-Fi agent and checks the recovery; records res["agent_kill"]."""
    metrics = os.path.join(lab.out, "metrics.jsonl")
    meters = os.path.join(lab.out, "meters.jsonl")
    t_restart = time.time()
    lab.start_agent("wifi")
    log(f"robustness: Wi-Fi agent restarted; {after_s} s")
    time.sleep(after_s)
    up = _jsonl(metrics, t_restart)
    back = next((m for m in up if m["mpsdn_failsafe_active"]["wifi"] == 0), None)
    t_back = back["t"] - t_restart if back else None
    _check(checks, "recovery: failsafe_active{wifi}=0 again (s after the restart)",
           round(t_back, 2) if t_back is not None else None,
           t_back is not None and t_back <= 2 * INTERVAL_S + 1.5)
    tail = [m for m in up if m["t"] >= t_restart + 2 * INTERVAL_S + 1.5]
    grew = tail[-1]["mpsdn_agent_poll_errors_total"]["wifi"] - tail[0]["mpsdn_agent_poll_errors_total"]["wifi"]
    _check(checks, "recovery: no poll errors once the agent is back", grew, tail and grew == 0)
    readded = [m for m in _jsonl(meters, t_restart) if m["device"].endswith("a1") and m["event"] == "added"]
    _check(checks, "recovery: Wi-Fi regulated again (Tier-2 meters installed after the restart, kb/s)",
           [m["rate_kbps"] for m in readded][:6], readded)
    res["agent_kill"] = {"t_kill": t_kill, "t_restart": t_restart, "fail_open_after_s": t_open,
                         "back_after_s": t_back, "metrics": [m for m in _jsonl(metrics, t_kill - 4)
                                                             if m["t"] <= time.time()]}


def _host_down(lab, held, checks, host_down_s):
    """Kills the lab host and checks that the switches keep their rules and forward; returns (the rules before,
    t_dead, the rules kept per bridge)."""
    ctl = held["ctl"]
    old_flows = {a["bridge"]: switch_state(a["bridge"]) for a in AP.values()}
    t_dead = time.time()
    ctl.kill()
    ctl.wait(timeout=5)
    lab.procs.remove(ctl)
    log(f"robustness: lab host killed; {host_down_s} s without a controller")
    b0 = lab.cell_bytes()
    time.sleep(host_down_s)
    b1 = lab.cell_bytes()
    kept = {b: len(switch_state(b)[0]) for b in old_flows}
    moved = {ap: round(sum(b1[k][0] - b0[k][0] for k in b1 if k[1] == ap) * 8 / 1e6 / host_down_s, 1)
             for ap in AP}
    _check(checks, "controller down: the switches keep their rules and forward (rules; Mb/s per AP)",
           {"rules": kept, "mbps": moved}, all(v > 0 for v in kept.values()) and all(v > 1 for v in moved.values()))
    return old_flows, t_dead, kept


def _host_back(lab, held, checks, res, host_after_s, old_flows, t_dead, kept):
    """Starts a new lab host and checks that it rebuilds the state with no stale rule or meter; records
    res["host_restart"]."""
    meters = os.path.join(lab.out, "meters.jsonl")
    regulation = os.path.join(lab.out, "regulation.jsonl")
    t_new = time.time()
    held["ctl"] = lab.start_controller("mpsdn", name="lab-host-2")

    def fresh():
        st = {a["bridge"]: switch_state(a["bridge"]) for a in AP.values()}
        age = time.time() - t_new
        ok = all(fd and max(fd) <= age + 0.5 and all(d <= age + 0.5 for d in md.values())
                 for fd, md in st.values())
        return st if ok else None
    st = _wait(fresh, 30)
    log(f"robustness: new lab host connected; {host_after_s} s")
    time.sleep(host_after_s)
    age = time.time() - t_new
    st = {a["bridge"]: switch_state(a["bridge"]) for a in AP.values()}
    stale = {b: [d for d in fd if d > age + 0.5] + [i for i, d in md.items() if d > age + 0.5]
             for b, (fd, md) in st.items()}
    _check(checks, "restart: no stale rules or meters (all younger than the new connection)", stale,
           all(not v for v in stale.values()) and all(fd for fd, _ in st.values()))
    _meters_check(lab, checks, t_new)
    if lab.ue_source == "detected":
        # the connections opened before the restart: the new host never sees their handshakes; it picks their
        # subflows up mid-stream (DSS data sequence numbers) once its punt rules send their next segments up
        _wait(lambda: (lambda want: want and all(p in multipath_users() for p in want))(kernel_multipath()), 10)
        grouped = multipath_users()
        det = rest.app_rest("detection") or {}
        detection_check(checks, "restart: detection regroups UE2 and UE3 (those multipath in the kernel or backed "
                        "up by the app) from mid-stream segments (users; counters)", grouped, kernel_multipath(),
                        {"midstream": {k: v for k, v in det.get("events", {}).items() if k.startswith("midstream")}})
    reg = _jsonl(regulation, t_new)
    tier2 = max((sum(v for k, v in r["flows"].items() if k.endswith("TIER2")) for r in reg), default=0)
    _check(checks, "restart: state rebuilt (Tier-2 flows managed again)", tier2, tier2 >= 1)
    wifi_lim = [m["rate_kbps"] for m in _jsonl(meters, t_new) if m["device"].endswith("a1")
                and m["event"] == "added"]
    _check(checks, "restart: Wi-Fi Tier-2 meter installed again (kb/s)", wifi_lim[:6], wifi_lim)
    res["host_restart"] = {"t_dead": t_dead, "t_new": t_new, "flows_before": {b: len(v[0]) for b, v in
                                                                                old_flows.items()},
                           "flows_while_down": kept,
                           "switch_after": {b: {"flows": len(fd), "meters": sorted(md)} for b, (fd, md) in
                                            st.items()}}


def _meters_check(lab, checks, t_new):
    """After the restart: the meters on the switches are exactly the ones the new host installed."""
    meters = os.path.join(lab.out, "meters.jsonl")

    def meters_match():
        # the meters the new host holds in any state (submitted, ADDED, being withdrawn) against the switches
        t_snap = time.time()
        sw = {(AP[ap]["dpid"][-2:], i) for ap in AP for i in switch_state(AP[ap]["bridge"])[1]}
        time.sleep(0.3)
        return sw, soak_probe.held_meters(meters, t_new, t_snap)
    # a meter on its way to the switch, or withdrawn with a failure reason (ONOS removes it from the switch at
    # its next meter-stats poll), differs for a moment: look again for up to a poll; a leak persists
    deadline = time.time() + lab.southbound["meter_stats_s"] + 2
    while True:
        on_switch, active = meters_match()
        if on_switch == active or time.time() > deadline:
            break
        time.sleep(0.7)
    _check(checks, "restart: meters on the switches are exactly the ones the new host installed",
           {"switch": sorted(f"{d}/{i}" for d, i in on_switch), "host": sorted(f"{d}/{i}" for d, i in active)},
           on_switch == active)


def checks_table(res):
    return "\n".join(f"[{'  OK  ' if c['met'] else ' FAIL '}] {c['check']}: {c['value']}" for c in res["checks"])


if __name__ == "__main__":
    raise SystemExit("run it through run_lab.py robustness")

