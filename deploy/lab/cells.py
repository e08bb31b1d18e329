"""The radio cells of the testbed (a part of testbed.Lab): mpsdn-wifi-cell per AP or the reference eNB for LTE,
and the per-station byte counters the experiments measure."""
import json
import os
import time

import rest
from shell import nsx
from topology import AP, CELL_QUEUE_LIMIT, ENB_METRICS, ENB_QUEUE_LIMIT, MGMT_ENB, RADIO, WIFI_CONTENTION


class LabCells:
    """The Lab's cell part (mixed into testbed.Lab)."""

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
                rest.enb_metrics()
                return
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("reference eNB did not start (see enb.log)")
                time.sleep(0.2)

    def cell_bytes(self):
        """Per (ue, ap) downlink byte counters from the cells' pfifo leaves, plus leaf qlen."""
        res = {}
        for ap, a in AP.items():
            if ap == "lte" and self.lte_cell == "enb":
                m = {u["ue_id"]: u for u in rest.enb_metrics()["ues"]}
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

