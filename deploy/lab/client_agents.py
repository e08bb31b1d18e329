"""The multipath UEs' client agents (a part of testbed.Lab): each multipath UE runs mpsdn-client-agent, at its
defaults, while the app runs. It subscribes to the app's ClientWeights server over mTLS (its own
mpsdn://client/<ue> certificate from the run's PKI) and applies the weights the regulation derives: a path on an
AP that holds Tier 2 at its floor becomes an MPTCP backup (MP_PRIO to the server). The agent's control connection
runs over a management link root <-> UE namespace (10.255.1.0/24), out of band as the AP agents' do, so that it is
no flow of the experiment."""
import os
import time

from shell import log, nsx, sh, veth
from topology import PREFIX

WEIGHTS_PORT = 50061   # ClientWeightsManager's clientWeightsPort default


def mgmt_addresses(k):
    """(root, UE) addresses of the k-th multipath UE's management link (k from 0)."""
    return f"10.255.1.{4 * k + 1}", f"10.255.1.{4 * k + 2}"


class LabClientAgents:
    """The Lab's client-agent part (mixed into testbed.Lab)."""

    def add_client_links(self):
        """A management link root <-> each multipath UE namespace (interface mgmt in the UE)."""
        for k, ue in enumerate(self.topo.multipath_ues):
            root, addr = mgmt_addresses(k)
            veth(None, f"{PREFIX}c{k}", ue, "mgmt")
            sh(f"ip addr add {root}/30 dev {PREFIX}c{k}")
            nsx(ue, f"ip addr add {addr}/30 dev mgmt")

    def make_client_certs(self, certs):
        """One client certificate per multipath UE (identity mpsdn://client/<ue>)."""
        for ue in self.topo.multipath_ues:
            sh(f"{certs} -dir {self.pki} client {ue}")

    def client_agent_args(self, k, ue):
        """The agent's command line: its identity, the controller over the management link, one path per radio
        (id and interface the radio's, kind and AP from the topology, its address)."""
        root, _addr = mgmt_addresses(k)
        args = [os.path.join(self.root, "southbound-ap-agent/bin/mpsdn-client-agent"), "-client-id", ue,
                "-controller", f"{root}:{WEIGHTS_PORT}", "-ca", os.path.join(self.pki, "ca.crt"),
                "-cert", os.path.join(self.pki, f"client-{ue}.crt"),
                "-key", os.path.join(self.pki, f"client-{ue}.key"),
                "-state-file", os.path.join(self.out, f"client-agent-{ue}.state")]
        for ap, addr, _r in self.topo.radios_of(ue):
            a = self.topo.aps[ap]
            args += ["-path", f"id={a['ue_if']},kind={a['kind']},ap={ap},addr={addr}"]
        return args

    def start_client_agents(self):
        """Starts every multipath UE's agent (with the app's controller: the weights come from its regulation)."""
        self.stop_client_agents()   # a controller started again (robustness) gets its own agents
        for k, ue in enumerate(self.topo.multipath_ues):
            n = sum(1 for f in os.listdir(self.out) if f.startswith(f"client-agent-{ue}") and f.endswith(".log"))
            name = f"client-agent-{ue}" + (f"-{n}" if n else "")
            self.client_agents.append(self.spawn(self.client_agent_args(k, ue), name, ns=ue))
        time.sleep(0.2)
        dead = [p.name for p in self.client_agents if p.poll() is not None]
        if dead:
            raise RuntimeError(f"client agent(s) {', '.join(dead)} exited at start (see their .log)")
        log(f"client agents up on {', '.join(self.topo.multipath_ues) or 'no UE'} (mTLS to the app's ClientWeights)")

    def stop_client_agents(self):
        """Stops the agents (SIGTERM: each takes back what it set in its UE's kernel)."""
        for p in getattr(self, "client_agents", []):
            self.stop(p)
        self.client_agents = []
