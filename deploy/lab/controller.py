"""The lab host as the testbed's controller (a part of testbed.Lab): the app's netcfg and the lab config, starting
the lab host and waiting until it has programmed both bridges, its class path and southbound timing options."""
import json
import os
import time

import appsettings
import rest
from shell import log, sh
from cells import ENB_GRPC_PORT
from topology import OF_PORT, PREFIX, PUNT_RULES, PUNT_PRIORITY


class LabController:
    """The Lab's controller part (mixed into testbed.Lab)."""

    def write_configs(self):
        """The app's netcfg (ONOS format; UEs registered only with ue_source "registered") and the lab host's
        cell/telemetry config; returns their paths."""
        aps, topo = [], self.topo
        for ap, a in topo.aps.items():
            host, port = topo.agent[ap]
            aps.append({"id": ap, "kind": a["kind"], "deviceId": "of:" + a["dpid"], "apPort": 2, "uplinkPort": 1,
                        "capacityKbps": a["capacity_kbps"], "agent": f"{host}:{port}",
                        "directions": list(a["directions"])})
            if self.is_enb(a):   # the reference eNB's policy API (mpsdn.enb.v1), for EnbPolicyManager
                aps[-1]["enbAgent"] = f"{a['mgmt_ap']}:{ENB_GRPC_PORT}"
        mpsdn = {"aps": aps}
        if self.ue_source == "registered":
            ues = {}
            for ue, _ap, addr, _ in topo.radio:
                ues.setdefault(ue, []).append({"ip": addr})
            mpsdn["ues"] = [{"id": u, "interfaces": i} for u, i in sorted(ues.items())]
        netcfg = {"apps": {"org.mpsdn.app": {"mpsdn": mpsdn}}}
        cells = {ap: {"status": self.cell_status[ap],
                      "stations": [{"ip": addr, "phyMbps": r} for _u, addr, r in topo.stations(ap)]}
                 for ap in topo.aps}
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
            extra = ["--netcfg", netcfg, "--lab-config", labcfg, "--devices", str(len(self.topo.aps)),
                     "--metrics-log", os.path.join(self.out, "metrics.jsonl")] + list(extra)
            if self.telemetry == "agents":
                extra = ["--pki", self.pki, "--controller-name", "lab"] + extra
        bridges = [a["bridge"] for a in self.topo.aps.values()]
        for br in bridges:   # a fresh set-controller connects at once (no reconnect back-off)
            sh(f"ovs-vsctl del-controller {PREFIX}{br}")
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
        for br in bridges:
            sh(f"ovs-vsctl set-controller {PREFIX}{br} tcp:127.0.0.1:{OF_PORT}")
        # forward: the lab's two cross-connect rules per bridge. mpsdn: also the app's punt rules, so that no
        # connection of the experiment opens before the app sees its first packets: the multipath-user detection
        # needs the MPTCP handshakes (keys and tokens are in the SYNs and SYN/ACKs only). Measured without this wait
        # (ue_source detected): the iperf3 clients connected ~1 s before the app's rules were on the bridges, the
        # handshakes passed by the cross-connect, the tracker saw only mid-stream packets (149 of 149 counted
        # midstream_ignored) and no UE was ever grouped.
        deadline = time.time() + 60
        while True:
            n = [flow_count(br) for br in bridges]
            punts = [punt_rule_count(br) for br in bridges] if mode == "mpsdn" else [PUNT_RULES] * len(bridges)
            if all(c >= 2 for c in n) and all(c >= PUNT_RULES for c in punts):
                break
            if p.poll() is not None:
                raise RuntimeError(f"lab host exited (see {name}.log)")
            if time.time() > deadline:
                raise RuntimeError(f"controller did not program the bridges (flows {n}, punt rules {punts}); "
                                   f"see lab-host.log")
            time.sleep(0.3)
        log(f"lab host ({mode}) connected every bridge" + (" and the app's punt rules are in place"
                                                             if mode == "mpsdn" else ""))
        if mode == "mpsdn" and self.app_parameters is None:
            self.app_parameters = appsettings.read_back()
            log(f"app parameters in force (REST): {self.app_parameters}")
        if mode == "mpsdn":
            wait_for_limits(list(self.topo.aps), p)
            if self.telemetry == "agents":
                self.start_client_agents()
        return p

    def southbound_args(self):
        """The lab host's southbound timing options (see SouthboundTiming.fromOptions)."""
        sb = self.southbound
        args = ["--southbound-timing", sb["mode"], "--flow-stats-ms", str(int(sb["flow_stats_s"] * 1000)),
                "--meter-stats-ms", str(int(sb["meter_stats_s"] * 1000)), "--arp-punt", str(sb["arp_punt"]).lower()]
        if "shuffle_seed" in sb:
            args += ["--shuffle-seed", str(sb["shuffle_seed"])]
        return args


def wait_for_limits(ap_ids, proc, timeout_s=40):
    """Waits until the app has a Tier-2 limit in force at every AP (REST /aps/{id} tier2LimitKbps): the app is
    ready to regulate once ONOS has confirmed its meters, at the first meter-stats poll after the switches
    connect (ONOS 2.7.0's MeterManager marks a meter ADDED only from the stats reply). An experiment's users
    arrive at a network whose controller is running, not during its start. Logs how long it took."""
    start = time.time()
    while True:
        missing = [a for a in ap_ids if not ((rest.app_rest(f"aps/{a}") or {}).get("tier2LimitKbps"))]
        if not missing:
            log(f"app ready: a Tier-2 limit is in force at every AP after {time.time() - start:.1f} s")
            return
        if proc.poll() is not None:
            raise RuntimeError("lab host exited (see lab-host.log)")
        if time.time() - start > timeout_s:
            raise RuntimeError(f"no Tier-2 limit in force at {missing} after {timeout_s} s (see lab-host.log)")
        time.sleep(0.5)


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

