"""What the soak (soak.py) reads from the running lab: the switches' rules and meters (ovs-ofctl), the app's view
(REST of the lab host: /detection, /flows; its Prometheus /metrics; the lab host's meter log), the controller's
heap after a full GC (jcmd) and the processes' resident memory (/proc).

Live heap: the total of `jcmd <pid> GC.class_histogram`, which runs a full collection (of the serial collector
the lab host runs with, -XX:+UseSerialGC) and counts the live objects in the same safepoint (see
heap_after_gc_kb). It costs one full GC of a ~20 MB heap per sample (tens of ms on the loop's JVM); the soak
takes it once a minute (every 10 s in runs under 10 minutes).
"""
import base64
import json
import os
import re
import urllib.request

import topology
from rest import app_rest
from shell import nsx, sh
from topology import AP, PREFIX, SERVER_IP

# the app's per-flow rules (TierRules.FLOW_PRIORITY) and its fixed rules per bridge: 4 punt (20000), 2 base
# forwarding (10000), one table-1 rule per regulated direction (1000; the lab regulates the downlink only);
# the lab host's own cross-connect rules (priority 1, installed before the app starts) stay too
FLOW_PRIORITY = 40000
FIXED_RULES = {20000: topology.PUNT_RULES, 10000: 2, 1000: 1, 1: 2}
_FIELD = re.compile(r"(\w+)=([^,\s]+)")


def parse_flows(text):
    """dump-flows text -> list of {table, priority, match: {field: value}, proto, actions, duration}."""
    rules = []
    for line in (text or "").splitlines():
        if "cookie=" not in line:
            continue
        head, _, actions = line.partition(" actions=")
        fields = dict(_FIELD.findall(head))
        tokens = set(re.split(r"[ ,]", head))
        proto = "tcp" if "tcp" in tokens else ("udp" if "udp" in tokens else None)
        rules.append({"table": int(fields.get("table", 0)), "priority": int(fields.get("priority", 0)),
                      "match": {k: v for k, v in fields.items() if k in ("in_port", "nw_src", "nw_dst", "tp_src",
                                                                       "tp_dst", "metadata")},
                      "proto": proto, "actions": actions.strip(), "duration": float(fields["duration"].rstrip("s"))})
    return rules


def switch_rules(bridge):
    return parse_flows(sh(f"ovs-ofctl -O OpenFlow13 dump-flows {PREFIX}{bridge}", capture=True, check=False))


def switch_meters(bridge):
    """{meter id: kbps} installed on a bridge."""
    out = sh(f"ovs-ofctl -O OpenFlow13 dump-meters {PREFIX}{bridge}", capture=True, check=False) or ""
    meters, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"meter=(\d+)", line)
        if m:
            cur = int(m.group(1))
            meters[cur] = None
        r = re.search(r"rate=(\d+)", line)
        if r and cur is not None:
            meters[cur] = int(r.group(1))
    return meters


def flow_key(rule):
    """(proto, src:port, dst:port) of a per-flow rule on the switch."""
    m = rule["match"]
    return f"{rule['proto']} {m.get('nw_src')}:{m.get('tp_src')}-{m.get('nw_dst')}:{m.get('tp_dst')}"


def switch_flows(rules):
    """{five-tuple: tier} of the per-flow rules (Tier 2: write the direction's tag and go to the meter table)."""
    return {flow_key(r): ("TIER2" if "goto_table:1" in r["actions"] else "TIER1")
            for r in rules if r["priority"] == FLOW_PRIORITY}


def switch_flow_ages(rules):
    """{five-tuple: [tier, age s]} of the per-flow rules."""
    return {flow_key(r): ["TIER2" if "goto_table:1" in r["actions"] else "TIER1", r["duration"]]
            for r in rules if r["priority"] == FLOW_PRIORITY}


def fixed_rule_counts(rules):
    """{priority: count} of the rules that are not per-flow rules."""
    out = {}
    for r in rules:
        if r["priority"] != FLOW_PRIORITY:
            out[r["priority"]] = out.get(r["priority"], 0) + 1
    return out


def rest(path):
    return app_rest(path)


def prometheus():
    """{series: value} of the app's Prometheus exposition on the lab host; None if it fails."""
    req = urllib.request.Request("http://127.0.0.1:8181/onos/mpsdn/metrics")
    req.add_header("Authorization", "Basic " + base64.b64encode(b"onos:rocks").decode())
    try:
        with urllib.request.urlopen(req, timeout=3) as r:
            text = r.read().decode()
    except OSError:
        return None
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            try:
                out[name.replace(",}", "}")] = float(value)
            except ValueError:
                pass
    return out


def app_flows(flows):
    """REST /flows -> {ap: {five-tuple: tier}} (tier compared on the regulated downlink only)."""
    out = {ap: {} for ap in AP}
    for f in (flows or {}).get("flows", []):
        out.setdefault(f["apId"], {})[f["fiveTuple"]] = f["tier"]
    return out


def multipath_users(detection):
    """{sorted address tuple} of the users the detector holds as multipath."""
    return {tuple(sorted(u["addresses"])) for u in (detection or {}).get("users", []) if u["multipath"]}


def held_meters(meter_log, since, until):
    """{(device suffix, meter id)} the lab host holds in any state at `until` (submitted, ADDED, being withdrawn)
    from its meter log (meters.jsonl); robustness.py's restart check uses it too."""
    held = {}
    if not os.path.exists(meter_log):
        return set()
    with open(meter_log) as f:
        for line in f:
            if not line.strip():
                continue
            m = json.loads(line)
            if m["t"] < since:
                continue
            if m["t"] > until:
                break
            k = (m["device"][-2:], m["meter"])
            if m["event"] in ("submitted", "added", "withdrawn"):
                held[k] = m["rate_kbps"]
            elif m["event"] == "meter_removed":
                held.pop(k, None)
    return set(held)


def heap_after_gc_kb(pid):
    """Live heap (KB) of a JVM: the total of `jcmd GC.class_histogram`, which runs a full GC and counts the live
    objects in the same safepoint; None if jcmd fails. (Round 3 of issue 17 measured why not GC.run followed by a
    second call GC.heap_info: whatever the JVM allocates between the two calls counts as live, which rose
    18.8 -> 21.5 MB in a soak whose live heap by this histogram stayed at 19.26 MB.)"""
    out = sh(f"jcmd {pid} GC.class_histogram", capture=True, check=False) or ""
    return parse_histogram_total_kb(out)


def parse_histogram_total_kb(text):
    """The `Total <instances> <bytes>` line of a class histogram, in KB; None when absent."""
    m = re.search(r"^Total\s+\d+\s+(\d+)\s*$", text, re.M)
    return int(m.group(1)) // 1024 if m else None


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


# a subflow that received nothing for longer than this has ended in the app's tracker by design: its per-flow
# rules idled out (the app's flowIdleTimeoutSec, default 10 s; FlowRuleEvent RULE_REMOVED closes the flow)
ACTIVE_S = 10.0
_LAST_DATA = re.compile(r"\blast(snd|rcv):(\d+)")


def kernel_subflows(ue, active_s=ACTIVE_S):
    """Sorted local addresses of the UE's established TCP sockets to the server that received or sent data in the
    last active_s (`ss -tin` in its namespace; MPTCP subflows are TCP sockets): the kernel's view, a multipath
    download or upload has an active subflow on each radio's address. A subflow the MPTCP scheduler stopped
    using (e.g. a Tier-2 subflow held at R_m, which it marks stale) is established but not active."""
    return active(subflow_ages(ue), active_s)


def active_addresses(text, active_s=ACTIVE_S):
    """kernel_subflows from `ss -tinH` output."""
    return active(subflow_ages_of(text), active_s)


def active(ages, active_s=ACTIVE_S):
    """The sorted addresses of subflow_ages whose last data is at most active_s old."""
    return sorted(a for a, ms in ages.items() if ms <= active_s * 1000)


def subflow_ages(ue):
    """{local address: ms since its socket last received or sent data} of the UE's established TCP sockets to the
    server (the youngest per address)."""
    return subflow_ages_of(nsx(ue, f"ss -tinH state established dst {SERVER_IP}", check=False, capture=True) or "")


def subflow_ages_of(text):
    """subflow_ages from `ss -tinH` output: tcp_info's lastrcv, lastsnd (ms since the last data segment; ACKs do not
    count, so an upload's sockets show only lastsnd as recent). ss prints them only when they are not 0 (iproute2
    misc/ss.c, tcp_show_info: `if (s->lastrcv) out(" lastrcv:%u", ...)`): a busy download's subflow, which
    received data this very millisecond, shows lastsnd alone; a field that is absent counts as 0 ms."""
    out, addr = {}, None
    for line in text.splitlines():
        f = line.split()
        if not line[:1].isspace() and len(f) >= 4:
            addr = f[2].rsplit(":", 1)[0].split("%")[0]
            continue
        if addr is not None:
            ages = {k: int(v) for k, v in _LAST_DATA.findall(line)}
            age = min(ages.get("snd", 0), ages.get("rcv", 0))
            out[addr] = min(age, out.get(addr, age))
        addr = None
    return out


def backup_addresses(ue):
    """Sorted addresses of the UE's in-kernel MPTCP endpoints that carry the backup flag (`ip mptcp endpoint show`
    in its namespace): what its client agent set for a path the app made a backup. The kernel sent MP_PRIO on
    every subflow from such an address when the flag was set, and the server's scheduler sends nothing there while
    another subflow is active, so the subflow is established but not active."""
    return endpoint_backups(nsx(ue, "ip mptcp endpoint show", check=False, capture=True) or "")


def endpoint_backups(text):
    """The addresses of `ip mptcp endpoint show` lines with the backup flag ("10.0.2.3 id 1 subflow backup dev
    lte0")."""
    return sorted(line.split()[0] for line in text.splitlines() if "backup" in line.split()[1:])


def mptcp_counters(ns):
    """{counter: value} of a namespace's MPTcpExt* counters (`nstat -az`: joins sent, received, rejected, ...)."""
    text = nsx(ns, "nstat -az", check=False, capture=True) or ""
    return {f[0]: int(f[1]) for f in (line.split() for line in text.splitlines())
            if len(f) >= 2 and f[0].startswith("MPTcpExt") and f[1].isdigit()}


def counter_delta(before, after):
    """The counters that moved between two mptcp_counters() reads."""
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}
