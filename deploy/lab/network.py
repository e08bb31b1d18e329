"""The testbed's network: up() creates its namespaces, OVS bridges, veth links, addresses, routes and MPTCP
endpoints (a part of testbed.Lab); down() removes everything the lab creates."""
import os
import shutil

from shell import log, ns_bridge, nsx, sh, veth
from topology import NICE, OVS_CTL, PREFIX, SERVER_IP


AVAILABLE_CC = "/proc/sys/net/ipv4/tcp_available_congestion_control"


def congestion_control(name):
    """name when this kernel offers that TCP congestion control (loading its module tcp_<name> if needed), else a
    ValueError that lists what it offers."""
    def available():
        with open(AVAILABLE_CC) as f:
            return f.read().split()
    if name not in available():
        sh(f"modprobe tcp_{name}", check=False)
    have = available()
    if name not in have:
        raise ValueError(f"tcp_congestion_control {name!r}: this kernel offers {', '.join(have)}")
    return name


def allow_congestion_control(name):
    """Adds a TCP congestion control to the host's allowed list: a namespace may only choose one from that list
    (Linux, net/ipv4/tcp_cong.c, tcp_set_default_congestion_control: EPERM for one not allowed outside the initial
    namespace). Kernels whose default is another one (bbr) do not list cubic."""
    path = "/proc/sys/net/ipv4/tcp_allowed_congestion_control"
    with open(path) as f:
        allowed = f.read().split()
    if name not in allowed:
        sh(f"sysctl -qw net.ipv4.tcp_allowed_congestion_control='{' '.join(allowed + [name])}'")
        log(f"added {name} to the host's allowed TCP congestion controls")


PORT_RCVBUF = 4 << 20   # bytes: the default socket receive buffer while the lab runs (packet_socket_buffers)


def packet_socket_buffers():
    """Raises the host's default socket receive buffer (net.core.rmem_default) to PORT_RCVBUF before the switches
    get their ports. Open vSwitch's userspace datapath reads each port through an AF_PACKET socket with the
    default buffer (208 KiB on this machine: `ss -0 -m` shows rb212992), which holds about 15 ms of the LTE path's
    46 Mb/s. When its thread stalls longer, the socket drops frames that no switch, qdisc or cell counts: in
    dynamic demand (at 480b11f) the LTE switch's port from the server dropped 143 frames in the No-MP phase and 659
    in the regulated one, shared by both LTE users, whose TCP read them as congestion. The lab's own sockets (cells,
    eNB, delay lines) already ask for 4 MiB (pktio.OpenPort, wificell's tap). The kernel does not cap the default
    by rmem_max (net/core/sock.c, sock_init_data)."""
    with open("/proc/sys/net/core/rmem_default") as f:
        now = int(f.read())
    if now < PORT_RCVBUF:
        sh(f"sysctl -qw net.core.rmem_default={PORT_RCVBUF}")
        log(f"raised the host's default socket receive buffer from {now} to {PORT_RCVBUF} bytes (the switches' ports)")


class LabNetwork:
    """The Lab's topology part (mixed into testbed.Lab): builds self.topo (a topology_file.Topology)."""

    def up(self):
        log(f"lab host southbound timing: {self.southbound}")
        packet_socket_buffers()
        self._start_ovs()
        self._add_namespaces()
        self._add_aps()
        self._add_ue_radios()
        self._add_management_links()
        self._add_ue_routes()
        if self.telemetry == "agents":
            self.add_client_links()
        if self.telemetry == "agents":
            self.make_pki()   # before the cells: the reference eNB serves its policy API with the LTE AP's cert
        self.start_cells()
        if self.telemetry == "agents":
            for ap in self.topo.aps:
                self.start_agent(ap)
        log(f"testbed up ({self.topo.name}: {len(self.topo.aps)} APs, {len(self.topo.ues)} UEs, multipath "
            f"{', '.join(self.topo.multipath_ues) or 'none'}): OVS bridges (fail_mode=secure), Wi-Fi cells "
            "(mpsdn-wifi-cell), LTE cells ("
            + ("reference eNB mpsdn-enb" if self.lte_cell == "enb" else "tc PF stand-in") + "), telemetry "
            + ("mpsdn-ap-agent per AP over mTLS" if self.telemetry == "agents" else "stand-in (lab host reads the cells)"))

    def _start_ovs(self):
        if sh("pgrep -x ovs-vswitchd", check=False) != 0:
            log("starting Open vSwitch (userspace datapath)")
            sh(f"{OVS_CTL} start --system-id=random >/dev/null 2>&1")
            self.started_ovs = True
            sh(f"renice -n {NICE} -p $(pidof ovs-vswitchd) >/dev/null", check=False)
        # Open vSwitch keeps its bridges in its database across restarts: a lab that ended without down() (a killed
        # run, a machine image taken mid-run) leaves its bridges there, and add-br would fail on them
        stale = remove_bridges()
        if stale:
            log(f"removed {len(stale)} stale lab bridge(s) left in the OVS database: {', '.join(stale)}")

    def _add_namespaces(self):
        allow_congestion_control(self.tcp_congestion_control)
        for n in self.topo.ns:
            sh(f"ip netns add {PREFIX}{n}")
            nsx(n, "ip link set lo up")
            nsx(n, "sysctl -qw net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.default.rp_filter=0 "
                   "net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 "
                   f"net.ipv4.tcp_congestion_control={self.tcp_congestion_control}")

    def _add_aps(self):
        """The server, each AP's uplink and radio device, and the OVS bridge in front of each AP."""
        # server
        nsx("srv", f"ip addr add {SERVER_IP}/32 dev lo")
        for a in self.topo.aps.values():
            tag = a["tag"]
            if a["path_rtt_ms"] > 0:
                self._add_path(a)
            else:
                veth("srv", a["srv_if"], None, f"{PREFIX}s{tag}")
            nsx("srv", f"ip addr add {a['subnet']}.254/24 dev {a['srv_if']}")
            veth(a["ns"], "uplink", None, f"{PREFIX}a{tag}")
            if not self.is_enb(a):
                veth(a["ns"], a["radio"], a["air"], "air")
                ns_bridge(a["ns"], ["uplink", a["radio"]])
            # OVS bridge in front of the AP: port 1 server side, port 2 AP side
            br = PREFIX + a["bridge"]
            sh(f"ovs-vsctl add-br {br} -- set bridge {br} datapath_type=netdev protocols=OpenFlow13 "
               f"fail_mode=secure other-config:datapath-id={a['dpid']} "
               f"-- add-port {br} {PREFIX}s{tag} -- set interface {PREFIX}s{tag} ofport_request=1 "
               f"-- add-port {br} {PREFIX}a{tag} -- set interface {PREFIX}a{tag} ofport_request=2")

    def _add_path(self, a):
        """The server's path to AP a through its delay line: srv <-> wan<tag> (s) and wan<tag> (o) <-> the OVS
        bridge's port 1, with half the AP's path_rtt_ms each way (mpsdn-delay-line: this kernel has no netem, and
        a delay on the server's own device would hold its TCP's skbs)."""
        veth("srv", a["srv_if"], a["wan"], "s")
        veth(a["wan"], "o", None, f"{PREFIX}s{a['tag']}")
        half = f"{a['path_rtt_ms'] / 2:g}ms"
        self.spawn([os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-delay-line"), "-a", "s", "-b", "o",
                    "-a-to-b", half, "-b-to-a", half], f"delay-{a['id']}", ns=a["wan"])

    def _add_ue_radios(self):
        """Each UE's radio devices on its cells' air (or the eNB's per-UE port), with the UE's addresses."""
        ports = {a["air"]: ["air"] for a in self.topo.aps.values()}
        for ue, ap, addr, _rate in self.topo.radio:
            a = self.topo.aps[ap]
            if self.is_enb(a):
                veth(a["ns"], f"enb-{ue}", ue, a["ue_if"])   # the eNB owns one port per UE
            else:
                sta = self.topo.station_if(ue)
                veth(a["air"], sta, ue, a["ue_if"])
                ports[a["air"]].append(sta)
            nsx(ue, f"ip addr add {addr}/24 dev {a['ue_if']}")
        for air, p in ports.items():
            if len(p) > 1:
                ns_bridge(air, p)

    def is_enb(self, a):
        """Whether an AP (topology entry) is an LTE cell run by the reference eNB (no Linux bridge, no air)."""
        return a["kind"] == "lte" and self.lte_cell == "enb"

    def _add_management_links(self):
        """A management link root <-> each AP namespace: the agent's gRPC (and an eNB's metrics and policy API)."""
        for a in self.topo.aps.values():
            veth(None, f"{PREFIX}m{a['tag']}", a["ns"], "mgmt")
            sh(f"ip addr add {a['mgmt_root']}/30 dev {PREFIX}m{a['tag']}")
            nsx(a["ns"], f"ip addr add {a['mgmt_ap']}/30 dev mgmt")

    def set_home(self, ue, ap):
        """Points a UE's default route at one of its radios (a No-MP phase's home; its topology primary again
        after it). A single-path connection then leaves by that radio with its address."""
        a = self.topo.aps[ap]
        nsx(ue, f"ip route replace default via {a['subnet']}.254 dev {a['ue_if']}")

    def _add_ue_routes(self):
        primary = self.topo.primary
        for ue, ap in primary.items():
            a = self.topo.aps[ap]
            nsx(ue, f"ip route add default via {a['subnet']}.254 dev {a['ue_if']}")
        # multipath UEs: policy routing for each further radio and MPTCP endpoints/limits
        for ue, ap, addr, _ in self.topo.radio:
            if ue in self.topo.multipath_ues and primary[ue] != ap:
                a = self.topo.aps[ap]
                nsx(ue, f"ip rule add from {addr} table {a['table']}")
                nsx(ue, f"ip route add default via {a['subnet']}.254 dev {a['ue_if']} table {a['table']}")
                nsx(ue, "ip mptcp limits set subflow 2 add_addr_accepted 2")
                nsx(ue, f"ip mptcp endpoint add {addr} dev {a['ue_if']} subflow")
        nsx("srv", "ip mptcp limits set subflow 4 add_addr_accepted 4")


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
        remove_bridges()
    links = sh("ip -o link show", capture=True, check=False) or ""
    for line in links.splitlines():
        dev = line.split(":")[1].strip().split("@")[0]
        if dev.startswith(PREFIX):
            sh(f"ip link del {dev}", check=False)
    if not quiet:
        log("testbed removed")


def remove_bridges():
    """Deletes the lab's OVS bridges (any bridge named with the lab's prefix); returns the names it deleted."""
    names = (sh("ovs-vsctl list-br", capture=True, check=False) or "").split()
    stale = [b for b in names if b.startswith(PREFIX)]
    for b in stale:
        sh(f"ovs-vsctl --if-exists del-br {b}", check=False)
    return stale
