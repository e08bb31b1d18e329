"""The AP agents of the testbed (a part of testbed.Lab): a fresh PKI per run, each agent's config and the Wi-Fi
cell's station document, starting and killing mpsdn-ap-agent."""
import json
import os
import shutil
import socket
import time

from client_agents import mgmt_addresses
from shell import sh


class LabAgents:
    """The Lab's AP-agent part (mixed into testbed.Lab)."""

    def make_pki(self):
        """A fresh PKI per run (mpsdn-certs): CA, one certificate per AP agent (identity mpsdn://ap/<id>, SAN the
        management address the controller dials), one for the lab host as controller."""
        certs = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-certs")
        shutil.rmtree(self.pki, ignore_errors=True)
        sh(f"{certs} -dir {self.pki} ca")
        for ap, (host, _port) in self.topo.agent.items():
            sh(f"{certs} -dir {self.pki} ap {ap} -hosts {host}")
        self.make_client_certs(certs)
        hosts = ["127.0.0.1"] + [mgmt_addresses(k)[0] for k in range(len(self.topo.multipath_ues))]
        sh(f"{certs} -dir {self.pki} controller lab -hosts {','.join(hosts)}")

    def agent_config(self, ap):
        host, port = self.topo.agent[ap]
        a = self.topo.aps[ap]
        tls = {"cert": os.path.join(self.pki, f"ap-{ap}.crt"), "key": os.path.join(self.pki, f"ap-{ap}.key"),
               "client_ca": os.path.join(self.pki, "ca.crt")}
        if a["kind"] == "wifi":   # the cell's per-station pfifo leaves under its HTB root, summed by the qdisc source
            # Stations: a real Wi-Fi AP's agent reads each station's PHY rate from nl80211; the emulated cell has
            # no nl80211, so the lab publishes the cell's stations (IP, configured PHY rate) in the agent's
            # station-document format (the eNB metrics format, version 1, read from a file). Without it the app
            # knew no Wi-Fi PHY rate, took the AP capacity (50 Mb/s) for every station, and its primary selection
            # (Eq. 2) could make the weak UE3's Wi-Fi subflow its primary: measured in a dynamic-demand run,
            # UE3's Wi-Fi subflow was Tier 1 for the whole run and took the same packet share as UE1.
            # A radio event rewrites that document: the agent reports the new rate, the cell (-station-doc) applies it.
            queues = [{"direction": "downlink", "source": "qdisc", "interface": a["radio"]}]
            if "uplink" in a["directions"]:   # the uplink cell's leaves on the AP's uplink device
                queues.append({"direction": "uplink", "source": "qdisc", "interface": "uplink"})
            cfg = {"kind": "wifi", "queues": queues, "stations": {"source": "enb"},
                   "enb": {"file": self.wifi_station_doc(ap), "max_age_ms": 0, "timeout_ms": 200}}
        else:              # the reference eNB's metrics endpoint (per-UE queues, UE list)
            cfg = {"kind": "lte", "queues": [{"direction": "downlink", "source": "enb"}],
                   "stations": {"source": "enb"}, "enb": {"url": self.topo.enb_metrics(ap)}}
        cfg.update({"listen": f"{host}:{port}", "tls": tls, "sample_rate_hz": 10})
        path = os.path.join(self.out, f"agent-{ap}.yaml")
        with open(path, "w") as f:
            json.dump(cfg, f, indent=1)   # JSON is a YAML subset
        return path

    def wifi_station_doc(self, ap):
        """Writes a Wi-Fi AP's station list for its agent and its cells (<out>/<ap>-stations.json, replaced
        atomically: tmp + rename), each station at its PHY rate in force (the topology's, or the last radio
        event's: self.phy); returns its path."""
        path = os.path.join(self.out, f"{ap}-stations.json")
        doc = station_doc(self.topo, ap, self.phy, int(time.time() * 1000))
        with open(path + ".tmp", "w") as f:
            json.dump(doc, f, indent=1)
        os.rename(path + ".tmp", path)
        return path

    def set_phy(self, ue, ap, dl_mbps=None, ul_mbps=None):
        """A radio event: the station ue's PHY rate on Wi-Fi AP ap changes (downlink, uplink or both; None keeps a
        direction's rate). Rewrites the AP's station document, which the cells and the agent re-read."""
        if self.topo.aps[ap]["kind"] != "wifi":
            raise ValueError(f"radio event on {ap}: PHY rate changes are for Wi-Fi APs only")
        if ap not in [a for a, _addr, _r in self.topo.radios_of(ue)]:
            raise ValueError(f"radio event: {ue} has no radio on {ap}")
        dl, ul = self.phy.get((ue, ap), (None, None))
        self.phy[(ue, ap)] = (dl if dl_mbps is None else dl_mbps, ul if ul_mbps is None else ul_mbps)
        return self.wifi_station_doc(ap)

    def start_agent(self, ap, wait=True):
        """Starts the AP's mpsdn-ap-agent in the AP's namespace; waits until it accepts connections."""
        agent = os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-ap-agent")
        n = sum(1 for f in os.listdir(self.out) if f.startswith(f"agent-{ap}") and f.endswith(".log"))
        p = self.spawn([agent, "-config", self.agent_config(ap)], f"agent-{ap}" + (f"-{n}" if n else ""),
                       ns=self.topo.aps[ap]["ns"])
        self.agents[ap] = p
        host, port = self.topo.agent[ap]
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


def station_doc(topo, ap, phy, timestamp_ms):
    """A Wi-Fi AP's station document (the agent's eNB metrics format, version 1): each station's address, PHY rates
    (bps; phy {(ue, ap): (dl Mb/s | None, ul Mb/s | None)} overrides the topology's) and RSSI."""
    ues = []
    for ue, addr, rate in topo.stations(ap):
        dl, ul = phy.get((ue, ap), (None, None))
        dl, ul = rate if dl is None else dl, rate if ul is None else ul
        ues.append({"ips": [addr], "dl_phy_rate_bps": int(dl * 1e6), "ul_phy_rate_bps": int(ul * 1e6),
                    "rsrp_dbm": topo.rssi_dbm(ue, ap, dl)})
    return {"version": 1, "enb_id": f"{ap}-cell", "timestamp_ms": timestamp_ms,
            "capacity_bps": 0, "queues": {}, "ues": ues}
