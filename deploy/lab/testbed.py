"""The mpsdn lab testbed (paper Fig. 2 / Section VI) as network namespaces on one machine.

    server (mpl-srv) --- OVS mpl-brw --- Wi-Fi AP (mpl-apw) ~~ air (mpl-airw) ~~ UE1, UE2, UE3(wlan)
                    \\-- OVS mpl-brl --- eNB     (mpl-enb) ~~ air (mpl-airl) ~~ UE2(lte), UE3, UE4

* One Open vSwitch bridge (userspace datapath, OpenFlow 1.3) in front of each AP, controlled by the lab
  host at tcp:127.0.0.1:6653. fail_mode=secure: the switch forwards only by the controller's rules, so
  nothing passes unless the controller (and, in mode mpsdn, the app) is in charge - as in the paper's
  design where every flow has an entry installed by the controller. If the controller dies, the
  installed rules keep forwarding (secure mode does not flush them); no new rules appear.
* Each AP namespace bridges its uplink to one radio device ("wl", "rf") whose egress is the cell:
  mpsdn-wifi-cell builds an HTB tree there with one pfifo leaf per station (the MAC queue the AP agent
  reads) and keeps its total rate at the airtime capacity (Wi-Fi: packet fairness, collisions k(n);
  LTE stand-in: equal airtime = PF with full buffers, until the reference eNB is wired in).
* UEs are namespaces; UE2 (Wi-Fi near, LTE weak) and UE3 (LTE near, Wi-Fi weak) have both radios and
  kernel MPTCP endpoints; the server address 10.0.0.1 is reachable over both.

Everything is created by up() and removed by down(); the Lab context manager guarantees down() on
exit, exceptions and SIGINT/SIGTERM. Nothing here needs more than Python's standard library.
"""
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import appsettings

PREFIX = "mpl-"
NS = ["srv", "apw", "airw", "enb", "airl", "ue1", "ue2", "ue3", "ue4"]
SERVER_IP = "10.0.0.1"
OF_PORT = 6653
OVS_CTL = "/usr/share/openvswitch/scripts/ovs-ctl"

# (ue, ap, address, PHY Mb/s). Wi-Fi: near 54, weak 30; LTE: near 46, weak 34 (see README, lab section).
RADIO = [
    ("ue1", "wifi", "10.0.1.1", 54.0),
    ("ue2", "wifi", "10.0.1.2", 54.0),
    ("ue3", "wifi", "10.0.1.3", 30.0),
    ("ue2", "lte", "10.0.2.2", 34.0),
    ("ue3", "lte", "10.0.2.3", 46.0),
    ("ue4", "lte", "10.0.2.4", 46.0),
]
WIFI_CONTENTION = 0.143
# RSSI the Wi-Fi station document reports per PHY rate (near station 54 Mb/s, weak one 30 Mb/s)
WIFI_RSSI_DBM = {54.0: -50.0, 30.0: -72.0}
# how the app learns the UEs: multipath-user detection (default) or the netcfg's static registration
UE_SOURCES = ("detected", "registered")
# the app's punt rules per bridge (TCP and UDP from each of the two ports) and their priority (TierRules)
PUNT_RULES, PUNT_PRIORITY = 4, 20000
MGMT_ROOT, MGMT_ENB = "10.255.0.1", "10.255.0.2"
MGMT_AP_ROOT, MGMT_AP = "10.255.0.5", "10.255.0.6"   # management link root <-> Wi-Fi AP namespace
# AP agents (mpsdn-ap-agent, mTLS) on the management links, polled by the lab host (the app's AgentPoller)
AGENT = {"wifi": (MGMT_AP, 50051), "lte": (MGMT_ENB, 50052)}
FAIL_OPEN_DELAY_MS = 10000   # the app's default: hold the last limits 10 s, then fail open
ENB_METRICS = f"http://{MGMT_ENB}:9105/v1/metrics"
ENB_QUEUE_LIMIT = 20
CELL_QUEUE_LIMIT = 20  # packets per station queue (small, like an AP with airtime fairness)
# The lab's own reading of "the cell is congested" (experiments.CellQueueWatch: summed qlen over summed limit of the
# cell's station leaves, sampled at 10 Hz), used to time the CI check's congestion step. It is not the app's CTh:
# the app runs at its defaults (issue 17: the lab sets no cth; the committed runs before it set cth 0.3 per AP
# because the agent's aggregate occupancy, n of N backlogged leaves, never reached the paper's 0.85). Measured:
# two of three Wi-Fi stations backlogged 0.38-0.43, a regulated cell 0.26-0.41, an idle one < 0.01.
CONGESTED_FILL = 0.3
# The lab host's southbound timing (deploy/lab/host, SouthboundTiming). "onos" (the default) behaves like a stock
# ONOS 2.7.0: flow statistics every 5 s (OpenFlowRuleProvider flowPollFrequency), counters 0 after an add/modify
# until the next poll, meters ADDED only by a meter-statistics reply every 10 s (OpenFlowMeterProvider
# meterStatsPollInterval), soft timeouts, a batch stage's flow mods in a (seeded) shuffled order. "fast" is the
# lab's earlier timing for quick experiments: 1-s statistics, meters confirmed by the barrier, idle timeouts on
# the switch, stages in order. Every result records the timing it ran with (params.southbound_timing).
SOUTHBOUND_TIMING = {"onos": {"flow_stats_s": 5, "meter_stats_s": 10}, "fast": {"flow_stats_s": 1, "meter_stats_s": 1}}
NICE = -5
PRIMARY = {"ue1": "wifi", "ue2": "wifi", "ue3": "lte", "ue4": "lte"}
AP = {
    "wifi": {"ns": "apw", "air": "airw", "radio": "wl", "bridge": "brw", "subnet": "10.0.1", "srv_if": "w0",
             "dpid": "00000000000000a1", "ue_if": "wlan0", "table": 101},
    "lte": {"ns": "enb", "air": "airl", "radio": "rf", "bridge": "brl", "subnet": "10.0.2", "srv_if": "l0",
            "dpid": "00000000000000b1", "ue_if": "lte0", "table": 102},
}


def log(msg):
    print(f"[lab {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def sh(cmd, check=True, capture=False):
    r = subprocess.run(cmd, shell=True, text=True, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if check and r.returncode != 0:
        raise RuntimeError(f"command failed ({r.returncode}): {cmd}\n{r.stderr.strip()}")
    return r.stdout if capture else r.returncode


def nsx(ns, cmd, **kw):
    return sh(f"ip netns exec {PREFIX}{ns} {cmd}", **kw)


def veth(a_ns, a, b_ns, b):
    """Creates a veth pair a@a_ns <-> b@b_ns (ns None = root), up, TX checksum offload off."""
    an = f"netns {PREFIX}{a_ns}" if a_ns else ""
    bn = f"netns {PREFIX}{b_ns}" if b_ns else ""
    sh(f"ip link add {a} {an} type veth peer name {b} {bn}")
    for ns, dev in ((a_ns, a), (b_ns, b)):
        pre = f"ip netns exec {PREFIX}{ns} " if ns else ""
        sh(f"{pre}ethtool -K {dev} tx off >/dev/null")
        sh(f"{pre}ip link set {dev} up")


def ns_bridge(ns, ports):
    nsx(ns, "ip link add br0 type bridge forward_delay 0 stp_state 0")
    for p in ports:
        nsx(ns, f"ip link set {p} master br0")
    nsx(ns, "ip link set br0 up")


class Lab:
    """Context manager owning every namespace, bridge and process of the testbed."""

    def __init__(self, root, out, mode="forward", lte_cell="enb", telemetry="agents", southbound_timing="onos",
                 arp_punt=False, shuffle_seed=None, ue_source="detected", profile=None):
        if southbound_timing not in SOUTHBOUND_TIMING:
            raise ValueError(f"southbound_timing {southbound_timing!r}: want one of {sorted(SOUTHBOUND_TIMING)}")
        self.southbound = dict(SOUTHBOUND_TIMING[southbound_timing], arp_punt=bool(arp_punt), mode=southbound_timing)
        if southbound_timing == "onos":
            self.southbound["shuffle_seed"] = (shuffle_seed if shuffle_seed is not None
                                               else int.from_bytes(os.urandom(4), "big"))
        if lte_cell not in ("enb", "standin"):
            raise ValueError(f"lte_cell {lte_cell!r}: want enb or standin")
        if telemetry not in ("agents", "standin"):
            raise ValueError(f"telemetry {telemetry!r}: want agents or standin")
        if telemetry == "agents" and lte_cell != "enb":
            raise ValueError("telemetry agents needs the reference eNB (lte_cell enb): the agent reads its metrics")
        if ue_source not in UE_SOURCES:
            raise ValueError(f"ue_source {ue_source!r}: want one of {', '.join(UE_SOURCES)}")
        # detected: the app finds the UEs by itself (MPTCP handshakes punted by the AP switches, station lists);
        # registered: the netcfg lists every UE with its addresses (the app's static registration)
        self.ue_source = ue_source
        # the regulation profile asked for (a component property of the app), None: the app's default
        self.profile = profile
        self.app_parameters = None   # GET /parameters of the app, read back once its REST answers
        self.telemetry = telemetry
        self.agents = {}
        self.pki = os.path.join(os.path.abspath(out), "pki")
        self.root = root
        self.out = os.path.abspath(out)
        os.makedirs(self.out, exist_ok=True)
        self.mode = mode
        self.lte_cell = lte_cell
        self.procs = []
        self.started_ovs = False
        self.cell_status = {}

    # ---------------------------------------------------------------- life cycle
    def __enter__(self):
        self._old = {s: signal.signal(s, self._on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            down(quiet=True)
            self.up()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    @staticmethod
    def _on_signal(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")

    def close(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        for p in reversed(self.procs):
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
        self.procs.clear()
        down(quiet=True)
        if self.started_ovs:
            sh(f"{OVS_CTL} stop >/dev/null 2>&1", check=False)
            self.started_ovs = False
        for s, h in getattr(self, "_old", {}).items():
            signal.signal(s, h)

    def spawn(self, cmd, name, ns=None):
        # the lab's data path and controller run slightly above normal priority so that other work on the
        # machine disturbs the emulation less (the machine's load is recorded with every result)
        pre = ["nice", "-n", str(NICE)] + (["ip", "netns", "exec", PREFIX + ns] if ns else [])
        logf = open(os.path.join(self.out, f"{name}.log"), "w")
        p = subprocess.Popen(pre + cmd, stdout=logf, stderr=subprocess.STDOUT, start_new_session=True)
        p.name = name
        self.procs.append(p)
        return p

    def stop(self, p):
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
        if p in self.procs:
            self.procs.remove(p)

    # ---------------------------------------------------------------- topology
    def up(self):
        log(f"lab host southbound timing: {self.southbound}")
        if sh("pgrep -x ovs-vswitchd", check=False) != 0:
            log("starting Open vSwitch (userspace datapath)")
            sh(f"{OVS_CTL} start --system-id=random >/dev/null 2>&1")
            self.started_ovs = True
            sh(f"renice -n {NICE} -p $(pidof ovs-vswitchd) >/dev/null", check=False)
        for n in NS:
            sh(f"ip netns add {PREFIX}{n}")
            nsx(n, "ip link set lo up")
            nsx(n, "sysctl -qw net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.default.rp_filter=0 "
                   "net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1")
        # server
        nsx("srv", f"ip addr add {SERVER_IP}/32 dev lo")
        for ap, a in AP.items():
            tag = "w" if ap == "wifi" else "l"
            veth("srv", a["srv_if"], None, f"{PREFIX}s{tag}")
            nsx("srv", f"ip addr add {a['subnet']}.254/24 dev {a['srv_if']}")
            veth(a["ns"], "uplink", None, f"{PREFIX}a{tag}")
            if not (ap == "lte" and self.lte_cell == "enb"):
                veth(a["ns"], a["radio"], a["air"], "air")
                ns_bridge(a["ns"], ["uplink", a["radio"]])
            # OVS bridge in front of the AP: port 1 server side, port 2 AP side
            br = PREFIX + a["bridge"]
            sh(f"ovs-vsctl add-br {br} -- set bridge {br} datapath_type=netdev protocols=OpenFlow13 "
               f"fail_mode=secure other-config:datapath-id={a['dpid']} "
               f"-- add-port {br} {PREFIX}s{tag} -- set interface {PREFIX}s{tag} ofport_request=1 "
               f"-- add-port {br} {PREFIX}a{tag} -- set interface {PREFIX}a{tag} ofport_request=2")
        ports = {"airw": ["air"], "airl": ["air"]}
        for ue, ap, addr, _rate in RADIO:
            a = AP[ap]
            if ap == "lte" and self.lte_cell == "enb":
                veth(a["ns"], f"enb-{ue}", ue, a["ue_if"])   # the eNB owns one port per UE
            else:
                sta = f"s{ue[-1]}"
                veth(a["air"], sta, ue, a["ue_if"])
                ports[a["air"]].append(sta)
            nsx(ue, f"ip addr add {addr}/24 dev {a['ue_if']}")
        for air, p in ports.items():
            if len(p) > 1:
                ns_bridge(air, p)
        # management link root <-> eNB namespace (eNB metrics and policy endpoints)
        veth(None, f"{PREFIX}mg", "enb", "mgmt")
        sh(f"ip addr add {MGMT_ROOT}/30 dev {PREFIX}mg")
        nsx("enb", f"ip addr add {MGMT_ENB}/30 dev mgmt")
        # management link root <-> Wi-Fi AP namespace (its agent)
        veth(None, f"{PREFIX}mw", "apw", "mgmt")
        sh(f"ip addr add {MGMT_AP_ROOT}/30 dev {PREFIX}mw")
        nsx("apw", f"ip addr add {MGMT_AP}/30 dev mgmt")
        for ue, primary in PRIMARY.items():
            a = AP[primary]
            nsx(ue, f"ip route add default via {a['subnet']}.254 dev {a['ue_if']}")
        # multipath UEs: policy routing for the second radio and MPTCP endpoints/limits
        for ue, ap, addr, _ in RADIO:
            if ue in ("ue2", "ue3") and PRIMARY[ue] != ap:
                a = AP[ap]
                nsx(ue, f"ip rule add from {addr} table {a['table']}")
                nsx(ue, f"ip route add default via {a['subnet']}.254 dev {a['ue_if']} table {a['table']}")
                nsx(ue, "ip mptcp limits set subflow 2 add_addr_accepted 2")
                nsx(ue, f"ip mptcp endpoint add {addr} dev {a['ue_if']} subflow")
        nsx("srv", "ip mptcp limits set subflow 4 add_addr_accepted 4")
        if self.telemetry == "agents":
            self.make_pki()   # before the cells: the reference eNB serves its policy API with the LTE AP's cert
        self.start_cells()
        if self.telemetry == "agents":
            for ap in AP:
                self.start_agent(ap)
        log("testbed up: 2 OVS bridges (fail_mode=secure), Wi-Fi cell (mpsdn-wifi-cell), LTE cell ("
            + ("reference eNB mpsdn-enb" if self.lte_cell == "enb" else "tc PF stand-in") + "), telemetry "
            + ("mpsdn-ap-agent per AP over mTLS" if self.telemetry == "agents" else "stand-in (lab host reads the cells)"))

    # ---------------------------------------------------------------- AP agents
    def make_pki(self):
        """A fresh PKI per run (mpsdn-certs): CA, one certificate per AP agent (identity mpsdn://ap/<id>, SAN the
        management address the controller dials), one for the lab host as controller."""
        certs = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-certs")
        shutil.rmtree(self.pki, ignore_errors=True)
        sh(f"{certs} -dir {self.pki} ca")
        for ap, (host, _port) in AGENT.items():
            sh(f"{certs} -dir {self.pki} ap {ap} -hosts {host}")
        sh(f"{certs} -dir {self.pki} controller lab -hosts 127.0.0.1")

    def agent_config(self, ap):
        host, port = AGENT[ap]
        tls = {"cert": os.path.join(self.pki, f"ap-{ap}.crt"), "key": os.path.join(self.pki, f"ap-{ap}.key"),
               "client_ca": os.path.join(self.pki, "ca.crt")}
        if ap == "wifi":   # the cell's per-station pfifo leaves under its HTB root, summed by the qdisc source
            # Stations: a real Wi-Fi AP's agent reads each station's PHY rate from nl80211; the emulated cell has
            # no nl80211, so the lab publishes the cell's stations (IP, configured PHY rate) in the agent's
            # station-document format (the eNB metrics format, version 1, read from a file). Without it the app
            # knew no Wi-Fi PHY rate, took the AP capacity (50 Mb/s) for every station, and its primary selection
            # (Eq. 2) could make the weak UE3's Wi-Fi subflow its primary: measured in a dynamic-demand run,
            # UE3's Wi-Fi subflow was Tier 1 for the whole run and took the same packet share as UE1.
            cfg = {"kind": "wifi", "queues": [{"direction": "downlink", "source": "qdisc",
                                               "interface": AP[ap]["radio"]}], "stations": {"source": "enb"},
                   "enb": {"file": self.wifi_station_doc(), "max_age_ms": 0, "timeout_ms": 200}}
        else:              # the reference eNB's metrics endpoint (per-UE queues, UE list)
            cfg = {"kind": "lte", "queues": [{"direction": "downlink", "source": "enb"}],
                   "stations": {"source": "enb"}, "enb": {"url": ENB_METRICS}}
        cfg.update({"listen": f"{host}:{port}", "tls": tls, "sample_rate_hz": 10})
        path = os.path.join(self.out, f"agent-{ap}.yaml")
        with open(path, "w") as f:
            json.dump(cfg, f, indent=1)   # JSON is a YAML subset
        return path

    def wifi_station_doc(self):
        """Writes the Wi-Fi cell's station list (static: PHY rates are the lab's constants) for the agent."""
        ues = [{"ips": [addr], "dl_phy_rate_bps": int(rate * 1e6), "ul_phy_rate_bps": int(rate * 1e6),
                "rsrp_dbm": WIFI_RSSI_DBM[rate]} for _ue, ap, addr, rate in RADIO if ap == "wifi"]
        doc = {"version": 1, "enb_id": "wifi-cell", "timestamp_ms": int(time.time() * 1000), "capacity_bps": 0,
               "queues": {}, "ues": ues}
        path = os.path.join(self.out, "wifi-stations.json")
        with open(path + ".tmp", "w") as f:
            json.dump(doc, f, indent=1)
        os.rename(path + ".tmp", path)
        return path

    def start_agent(self, ap, wait=True):
        """Starts the AP's mpsdn-ap-agent in the AP's namespace; waits until it accepts connections."""
        agent = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-ap-agent")
        n = sum(1 for f in os.listdir(self.out) if f.startswith(f"agent-{ap}") and f.endswith(".log"))
        p = self.spawn([agent, "-config", self.agent_config(ap)], f"agent-{ap}" + (f"-{n}" if n else ""),
                       ns=AP[ap]["ns"])
        self.agents[ap] = p
        host, port = AGENT[ap]
        deadline = time.time() + 10
        while wait:
            try:
                socket.create_connection((host, port), timeout=0.5).close()
                break
            except OSError:
                if p.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"AP agent {ap} did not start (see agent-{ap}*.log)")
                time.sleep(0.1)
        return p

    def kill_agent(self, ap):
        """Kills the AP's agent (SIGKILL: a crash, no goodbye)."""
        p = self.agents.pop(ap)
        p.kill()
        p.wait(timeout=5)
        if p in self.procs:
            self.procs.remove(p)

    def start_cells(self):
        cell = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-wifi-cell")
        for ap, a in AP.items():
            if ap == "lte" and self.lte_cell == "enb":
                self.start_enb()
                continue
            st = []
            for ue, ap2, addr, rate in RADIO:
                if ap2 == ap:
                    st += ["-station", f"{addr}={rate}"]
            status = os.path.join(self.out, f"cell-{ap}.json")
            self.cell_status[ap] = status
            extra = ["-contention", str(WIFI_CONTENTION)] if ap == "wifi" else ["-pf-standin"]
            self.spawn([cell, "-dev", a["radio"], "-status", status, "-limit", str(CELL_QUEUE_LIMIT)] + st + extra, f"cell-{ap}", ns=a["ns"])
        deadline = time.time() + 10
        while not all(s.startswith("http") or os.path.exists(s) for s in self.cell_status.values()):
            if time.time() > deadline:
                raise RuntimeError("radio cells did not start (see cell-*.log)")
            time.sleep(0.1)

    def start_enb(self):
        """The reference eNB (mpsdn-enb, proportional fair, constant channels at the UEs' PHY rates)."""
        cfg = {"enb_id": "lte", "uplink": "uplink", "grpc_listen": f"{MGMT_ENB}:50061",
               "metrics_listen": f"{MGMT_ENB}:9105", "peak_rate_bps": 75e6, "seed": 1,
               "ues": [{"id": ue, "iface": f"enb-{ue}", "ips": [addr], "queue_limit": ENB_QUEUE_LIMIT,
                        "channel": {"kind": "constant", "rate_bps": rate * 1e6}}
                       for ue, ap, addr, rate in RADIO if ap == "lte"]}
        if self.telemetry == "agents":   # policy API over mTLS, identity mpsdn://ap/lte (the LTE AP's cert)
            cfg["tls"] = {"cert": os.path.join(self.pki, "ap-lte.crt"), "key": os.path.join(self.pki, "ap-lte.key"),
                          "client_ca": os.path.join(self.pki, "ca.crt")}
        else:                            # stand-in telemetry has no PKI: the lab-only plaintext switch
            cfg["grpc_plaintext"] = True
        path = os.path.join(self.out, "enb.json")
        with open(path, "w") as f:
            json.dump(cfg, f, indent=1)
        enb = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-enb")
        self.spawn([enb, "-config", path], "enb", ns="enb")
        self.cell_status["lte"] = ENB_METRICS
        deadline = time.time() + 10
        while True:
            try:
                enb_metrics()
                return
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("reference eNB did not start (see enb.log)")
                time.sleep(0.2)

    def write_configs(self):
        """The app's netcfg (ONOS format; UEs registered only with ue_source "registered") and the lab host's
        cell/telemetry config; returns their paths."""
        aps = []
        for ap, a in AP.items():
            aps.append({"id": ap, "kind": ap, "deviceId": "of:" + a["dpid"], "apPort": 2, "uplinkPort": 1,
                        "capacityKbps": 50000, "agent": f"{AGENT[ap][0]}:{AGENT[ap][1]}",
                        "directions": ["downlink"]})
            if ap == "lte":   # the reference eNB's policy API (mpsdn.enb.v1), for EnbPolicyManager
                aps[-1]["enbAgent"] = f"{MGMT_ENB}:50061"
        mpsdn = {"aps": aps}
        if self.ue_source == "registered":
            ues = {}
            for ue, _ap, addr, _ in RADIO:
                ues.setdefault(ue, []).append({"ip": addr})
            mpsdn["ues"] = [{"id": u, "interfaces": i} for u, i in sorted(ues.items())]
        netcfg = {"apps": {"org.mpsdn.app": {"mpsdn": mpsdn}}}
        cells = {ap: {"status": self.cell_status[ap],
                      "stations": [{"ip": addr, "phyMbps": r} for _u, ap2, addr, r in RADIO if ap2 == ap]}
                 for ap in AP}
        paths = (os.path.join(self.out, "netcfg.json"), os.path.join(self.out, "lab-config.json"))
        with open(paths[0], "w") as f:
            json.dump(netcfg, f, indent=1)
        with open(paths[1], "w") as f:
            json.dump({"appProperties": appsettings.lab_properties(self), "cells": cells},
                      f, indent=1)
        return paths

    def start_controller(self, mode, extra=(), name="lab-host", jvm_props=None):
        """Starts the lab host (OpenFlow controller) and points both bridges at it. jvm_props: JVM system properties
        of the lab host (e.g. the app's mpsdn.detection.idleTimeoutMs)."""
        if mode == "mpsdn":
            netcfg, labcfg = self.write_configs()
            extra = ["--netcfg", netcfg, "--lab-config", labcfg, "--devices", str(len(AP)),
                     "--metrics-log", os.path.join(self.out, "metrics.jsonl")] + list(extra)
            if self.telemetry == "agents":
                extra = ["--pki", self.pki, "--controller-name", "lab"] + extra
        for a in AP.values():   # a fresh set-controller connects at once (no reconnect back-off)
            sh(f"ovs-vsctl del-controller {PREFIX}{a['bridge']}")
        cp = lab_classpath(self.root)
        prev = os.path.join(self.out, "lab-host.log")
        if os.path.exists(prev):   # keep the log of each earlier controller of this run (lab-host.1.log, ...)
            n = 1
            while os.path.exists(os.path.join(self.out, f"lab-host.{n}.log")):
                n += 1
            os.rename(prev, os.path.join(self.out, f"lab-host.{n}.log"))
        meter_log = os.path.join(self.out, "meters.jsonl")
        props = [f"-D{k}={v}" for k, v in sorted((jvm_props or {}).items())]
        p = self.spawn(["java", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"] + props + ["-cp", cp,
                        "org.mpsdn.lab.host.LabHost", "--of-port", str(OF_PORT), "--mode", mode,
                        "--meter-log", meter_log, "--regulation-log", os.path.join(self.out, "regulation.jsonl")]
                       + self.southbound_args() + list(extra), name)
        for a in AP.values():
            sh(f"ovs-vsctl set-controller {PREFIX}{a['bridge']} tcp:127.0.0.1:{OF_PORT}")
        # forward: the lab's two cross-connect rules per bridge. mpsdn: also the app's punt rules, so that no
        # connection of the experiment opens before the app sees its first packets: the multipath-user detection
        # needs the MPTCP handshakes (keys and tokens are in the SYNs and SYN/ACKs only). Measured without this wait
        # (ue_source detected): the iperf3 clients connected ~1 s before the app's rules were on the bridges, the
        # handshakes passed by the cross-connect, the tracker saw only mid-stream packets (149 of 149 counted
        # midstream_ignored) and no UE was ever grouped.
        deadline = time.time() + 60
        while True:
            n = [flow_count(a["bridge"]) for a in AP.values()]
            punts = [punt_rule_count(a["bridge"]) for a in AP.values()] if mode == "mpsdn" else [PUNT_RULES] * 2
            if all(c >= 2 for c in n) and all(c >= PUNT_RULES for c in punts):
                break
            if p.poll() is not None:
                raise RuntimeError(f"lab host exited (see {name}.log)")
            if time.time() > deadline:
                raise RuntimeError(f"controller did not program the bridges (flows {n}, punt rules {punts}); "
                                   f"see lab-host.log")
            time.sleep(0.3)
        log(f"lab host ({mode}) connected both bridges" + (" and the app's punt rules are in place"
                                                             if mode == "mpsdn" else ""))
        if mode == "mpsdn" and self.app_parameters is None:
            self.app_parameters = appsettings.read_back()
            log(f"app parameters in force (REST): {self.app_parameters}")
        return p

    def southbound_args(self):
        """The lab host's southbound timing options (see SouthboundTiming.fromOptions)."""
        sb = self.southbound
        args = ["--southbound-timing", sb["mode"], "--flow-stats-ms", str(int(sb["flow_stats_s"] * 1000)),
                "--meter-stats-ms", str(int(sb["meter_stats_s"] * 1000)), "--arp-punt", str(sb["arp_punt"]).lower()]
        if "shuffle_seed" in sb:
            args += ["--shuffle-seed", str(sb["shuffle_seed"])]
        return args

    # ---------------------------------------------------------------- measurement
    def cell_bytes(self):
        """Per (ue, ap) downlink byte counters from the cells' pfifo leaves, plus leaf qlen."""
        res = {}
        for ap, a in AP.items():
            if ap == "lte" and self.lte_cell == "enb":
                m = {u["ue_id"]: u for u in enb_metrics()["ues"]}
                for ue, ap2, _addr, _ in RADIO:
                    if ap2 == ap:
                        res[(ue, ap)] = (m[ue]["served_bytes"], m[ue]["backlog_packets"])
                continue
            out = nsx(a["ns"], f"tc -s -j qdisc show dev {a['radio']}", capture=True)
            leaves = {}
            for q in json.loads(out):
                if q.get("kind") == "pfifo" and q.get("parent", "").startswith("1:"):
                    leaves[int(q["parent"][2:], 16)] = q
            i = 0
            for ue, ap2, _addr, _ in RADIO:
                if ap2 == ap:
                    q = leaves.get(0x100 + i, {})
                    res[(ue, ap)] = (q.get("bytes", 0), q.get("qlen", 0))
                    i += 1
        return res


def app_rest(path, timeout=3):
    """GET of the app's REST API on the lab host (ONOS's default port and credentials); None if it fails."""
    req = urllib.request.Request(f"http://127.0.0.1:8181/onos/mpsdn/{path}")
    req.add_header("Authorization", "Basic " + base64.b64encode(b"onos:rocks").decode())
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read())
    except (OSError, ValueError):
        return None


def enb_metrics():
    with urllib.request.urlopen(ENB_METRICS, timeout=2) as r:
        return json.loads(r.read())


def lab_classpath(root):
    """The lab host's class path; mpsdn's own jars come from this tree's target/ folders (not ~/.m2, which
    other builds may overwrite), so the app classes are exactly the ones packed into this tree's .oar."""
    deps = open(os.path.join(root, "deploy/lab/host/target/lab-classpath.txt")).read().strip().split(":")
    own = [os.path.join(root, p) for p in ("deploy/lab/host/target/mpsdn-lab-host-1.0.0-SNAPSHOT.jar",
                                           "app/target/mpsdn-app-1.0.0-SNAPSHOT.jar",
                                           "api/target/mpsdn-api-1.0.0-SNAPSHOT.jar")]
    # the web bundle's classes and its apidoc/swagger.json as packed in the .oar (unpacked by the lab host's build)
    own.append(os.path.join(root, "deploy/lab/host/target/mpsdn-web/WEB-INF/classes"))
    for p in own:
        if not os.path.exists(p):
            raise RuntimeError(f"{p} missing: build first (deploy/run-main.sh does)")
    return ":".join(own + [d for d in deps if "/org/mpsdn/" not in d])


def punt_rule_count(bridge):
    """The app's punt rules on a bridge (TierRules.PUNT_PRIORITY 20000, output to the controller)."""
    out = sh(f"ovs-ofctl -O OpenFlow13 dump-flows {PREFIX}{bridge}", capture=True, check=False) or ""
    return sum(1 for l in out.splitlines() if f"priority={PUNT_PRIORITY}" in l and "CONTROLLER" in l)


def flow_count(bridge):
    out = sh(f"ovs-ofctl -O OpenFlow13 dump-flows {PREFIX}{bridge}", capture=True, check=False) or ""
    return sum(1 for l in out.splitlines() if "cookie=" in l)


def down(quiet=False):
    """Removes everything the lab creates (namespaces, OVS bridges, root veths, stray processes)."""
    out = sh("ip netns list", capture=True, check=False) or ""
    for line in out.splitlines():
        name = line.split()[0] if line.split() else ""
        if name.startswith(PREFIX):
            pids = sh(f"ip netns pids {name}", capture=True, check=False) or ""
            for pid in pids.split():
                sh(f"kill -9 {pid}", check=False)
            sh(f"ip netns del {name}", check=False)
    if shutil.which("ovs-vsctl") and sh("pgrep -x ovs-vswitchd", check=False) == 0:
        for a in AP.values():
            sh(f"ovs-vsctl --if-exists del-br {PREFIX}{a['bridge']}", check=False)
    links = sh("ip -o link show", capture=True, check=False) or ""
    for line in links.splitlines():
        dev = line.split(":")[1].strip().split("@")[0]
        if dev.startswith(PREFIX):
            sh(f"ip link del {dev}", check=False)
    if not quiet:
        log("testbed removed")


if __name__ == "__main__":
    if sys.argv[1:] == ["down"]:
        down()
    else:
        print("usage: testbed.py down", file=sys.stderr)
        sys.exit(2)
