"""The radio cells of the testbed (a part of testbed.Lab): mpsdn-wifi-cell per Wi-Fi AP and direction, the reference
eNB (or the tc PF stand-in) per LTE cell, and the per-station byte counters the experiments measure."""
import json
import os
import time

import rest
from shell import nsx

# the reference eNB's ports on its management address (policy API, metrics)
ENB_GRPC_PORT, ENB_METRICS_PORT = 50061, 9105


def wifi_cell_cmd(cell, a, stations, status, station_doc, direction="downlink", peer_status=None):
    """The mpsdn-wifi-cell command line of a Wi-Fi AP a (topology entry) for one direction: the downlink cell on the
    radio device (egress toward the stations), the uplink cell on the AP's uplink device (egress toward the server,
    matching the stations' source addresses). -station-doc: the cell re-reads the agent's station document when it
    changes and applies each station's dl_phy_rate_bps / ul_phy_rate_bps (a radio event rewrites that file).
    -peer-status: the other direction's cell of the same AP, whose stations share the channel's airtime."""
    cmd = [cell, "-dev", a["radio"] if direction == "downlink" else "uplink", "-status", status,
           "-limit", str(a["queue_limit"])]
    for _ue, addr, rate in stations:
        cmd += ["-station", f"{addr}={rate}"]
    cmd += ["-contention", str(a["contention"]), "-station-doc", station_doc, "-queue-mode", a["cell_mode"]]
    if direction == "uplink":
        cmd += ["-direction", "uplink"]
    if peer_status:
        cmd += ["-peer-status", peer_status]
    return cmd


def standin_cell_cmd(cell, a, stations, status):
    """The LTE stand-in's command line (mpsdn-wifi-cell -pf-standin: equal airtime, no station document)."""
    cmd = [cell, "-dev", a["radio"], "-status", status, "-limit", str(a["queue_limit"])]
    for _ue, addr, rate in stations:
        cmd += ["-station", f"{addr}={rate}"]
    return cmd + ["-pf-standin"]


def enb_config(topo, ap, tls=None):
    """The reference eNB's config of an LTE cell (PF, constant channels at the UEs' PHY rates)."""
    a = topo.aps[ap]
    cfg = {"enb_id": ap, "uplink": "uplink", "grpc_listen": f"{a['mgmt_ap']}:{ENB_GRPC_PORT}",
           "metrics_listen": f"{a['mgmt_ap']}:{ENB_METRICS_PORT}", "peak_rate_bps": a["peak_rate_bps"], "seed": 1,
           "ues": [{"id": ue, "iface": f"enb-{ue}", "ips": [addr], "queue_limit": a["queue_limit"],
                    "channel": {"kind": "constant", "rate_bps": rate * 1e6}} for ue, addr, rate in topo.stations(ap)]}
    if tls is not None:   # policy API over mTLS, identity mpsdn://ap/<id> (the AP's cert)
        cfg["tls"] = tls
    else:                 # stand-in telemetry has no PKI: the lab-only plaintext switch
        cfg["grpc_plaintext"] = True
    return cfg


class LabCells:
    """The Lab's cell part (mixed into testbed.Lab)."""

    def start_cells(self):
        cell = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-wifi-cell")
        for ap, a in self.topo.aps.items():
            if self.is_enb(a):
                self.start_enb(ap)
                continue
            stations = self.topo.stations(ap)
            status = os.path.join(self.out, f"cell-{ap}.json")
            self.cell_status[ap] = status
            if a["kind"] == "lte":
                self.spawn(standin_cell_cmd(cell, a, stations, status), f"cell-{ap}", ns=a["ns"])
                continue
            doc = self.wifi_station_doc(ap)
            ul = os.path.join(self.out, f"cell-{ap}-ul.json") if "uplink" in a["directions"] else None
            self.spawn(wifi_cell_cmd(cell, a, stations, status, doc, peer_status=ul), f"cell-{ap}", ns=a["ns"])
            if ul:   # one channel carries both directions: each cell counts the other's stations in its airtime
                self.cell_status_ul[ap] = ul
                self.spawn(wifi_cell_cmd(cell, a, stations, ul, doc, "uplink", peer_status=status),
                           f"cell-{ap}-ul", ns=a["ns"])
        files = [s for s in list(self.cell_status.values()) + list(self.cell_status_ul.values())
                 if not s.startswith("http")]
        deadline = time.time() + 10
        while not all(os.path.exists(s) for s in files):
            if time.time() > deadline:
                raise RuntimeError("radio cells did not start (see cell-*.log)")
            time.sleep(0.1)

    def start_enb(self, ap):
        """The reference eNB of an LTE cell (mpsdn-enb, proportional fair, constant channels at the UEs' rates)."""
        tls = None
        if self.telemetry == "agents":
            tls = {"cert": os.path.join(self.pki, f"ap-{ap}.crt"), "key": os.path.join(self.pki, f"ap-{ap}.key"),
                   "client_ca": os.path.join(self.pki, "ca.crt")}
        name = "enb" if ap == "lte" else f"enb-{ap}"
        path = os.path.join(self.out, f"{name}.json")
        with open(path, "w") as f:
            json.dump(enb_config(self.topo, ap, tls), f, indent=1)
        enb = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-enb")
        self.spawn([enb, "-config", path], name, ns=self.topo.aps[ap]["ns"])
        self.cell_status[ap] = self.topo.enb_metrics(ap)
        deadline = time.time() + 10
        while True:
            try:
                self.enb_metrics(ap)
                return
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError(f"reference eNB {ap} did not start (see {name}.log)")
                time.sleep(0.2)

    def enb_metrics(self, ap):
        """The reference eNB's metrics of an LTE cell (the default topology's through rest.enb_metrics)."""
        if self.topo.enb_metrics(ap) == rest.ENB_METRICS:
            return rest.enb_metrics()
        return rest.get_json(self.topo.enb_metrics(ap))

    def cell_bytes(self):
        """Per (ue, ap) downlink byte counters and station queue lengths: a per-station cell's pfifo leaves, a
        shared-FIFO cell's station ports on its air bridge (no qlen), an eNB's per-UE counters; with an uplink
        cell, per (ue, "<ap>/ul") the bytes its leaf of that AP's uplink cell served."""
        res = {}
        for ap, a in self.topo.aps.items():
            if self.is_enb(a):
                m = {u["ue_id"]: u for u in self.enb_metrics(ap)["ues"]}
                for ue, _addr, _r in self.topo.stations(ap):
                    res[(ue, ap)] = (m[ue]["served_bytes"], m[ue]["backlog_packets"])
            elif a["cell_mode"] == "shared-fifo":
                res.update(self._air_port_bytes(ap, a))
            else:
                res.update(self._leaf_bytes(ap, a))
        if self.cell_status_ul:
            res.update(self._uplink_bytes())
        return res

    def _leaf_bytes(self, ap, a):
        out = nsx(a["ns"], f"tc -s -j qdisc show dev {a['radio']}", capture=True)
        leaves = {}
        for q in json.loads(out):
            if q.get("kind") == "pfifo" and q.get("parent", "").startswith("1:"):
                leaves[int(q["parent"][2:], 16)] = q
        res = {}
        for i, (ue, _addr, _r) in enumerate(self.topo.stations(ap)):
            q = leaves.get(0x100 + i, {})
            res[(ue, ap)] = (q.get("bytes", 0), q.get("qlen", 0))
        return res

    def _air_port_bytes(self, ap, a):
        out = json.loads(nsx(a["air"], "ip -s -j link show", capture=True))
        tx = {d["ifname"]: d.get("stats64", {}).get("tx", {}).get("bytes", 0) for d in out}
        return {(ue, ap): (tx.get(self.topo.station_if(ue), 0), 0) for ue, _addr, _r in self.topo.stations(ap)}

    def _uplink_bytes(self):
        """Per (ue, "<ap>/ul") the bytes each AP's uplink cell served from the station (its pfifo leaves on the AP's
        uplink device)."""
        res = {}
        for ap in self.cell_status_ul:
            a = dict(self.topo.aps[ap], radio="uplink")
            res.update({(ue, f"{ap}/ul"): v for (ue, _ap), v in self._leaf_bytes(ap, a).items()})
        return res
