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
import os
import signal
import subprocess
import sys

from agents import LabAgents
from client_agents import LabClientAgents
from cells import LabCells
from controller import LabController
from network import LabNetwork, congestion_control, down
from shell import sh, terminate
import topology_file
from topology import NICE, OVS_CTL, PREFIX, SOUTHBOUND_TIMING, TCP_CONGESTION_CONTROL, UE_SOURCES


class Lab(LabNetwork, LabAgents, LabClientAgents, LabCells, LabController):
    """Context manager owning every namespace, bridge and process of the testbed."""

    def __init__(self, root, out, mode="forward", lte_cell="enb", telemetry="agents", southbound_timing="onos",
                 arp_punt=False, shuffle_seed=None, ue_source="detected", profile=None, topology="default",
                 tcp_congestion_control=TCP_CONGESTION_CONTROL, app_props=None):
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
        self.tcp_congestion_control = congestion_control(tcp_congestion_control)
        # detected: the app finds the UEs by itself (MPTCP handshakes punted by the AP switches, station lists);
        # registered: the netcfg lists every UE with its addresses (the app's static registration)
        self.ue_source = ue_source
        # the topology (deploy/lab/topologies/<name>.json, or a Topology); PHY rates changed by radio events
        self.topo = topology if isinstance(topology, topology_file.Topology) else topology_file.load(topology)
        self.phy = {}
        # the regulation profile asked for (a component property of the app), None: the app's default
        self.profile = profile
        # other component properties an ablation sets ({}: the app's defaults), recorded as app_overrides
        self.app_props = dict(app_props or {})
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
        self.cell_status_ul = {}   # AP -> status file of its uplink cell (APs whose topology lists uplink)

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
        terminate(p)
        if p in self.procs:
            self.procs.remove(p)

    def stop_matching(self, procs=(), prefix=None, ctl=None):
        """An experiment's cleanup, the one for all of them: stops the given processes (its iperf3 servers and
        clients) in their order, then every process of the lab whose name starts with prefix (clients spawned
        under that name), then the controller ctl (None: none was started)."""
        named = [p for p in self.procs if prefix is not None and p.name.startswith(prefix) and p not in procs]
        for p in list(procs) + named:
            self.stop(p)
        if ctl is not None:
            self.stop_client_agents()   # they belong to the app: they leave with it
            self.stop(ctl)


if __name__ == "__main__":
    if sys.argv[1:] == ["down"]:
        down()
    else:
        print("usage: testbed.py down", file=sys.stderr)
        sys.exit(2)
