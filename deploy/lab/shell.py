"""Shell and namespace helpers of the lab: its log line, commands in the root or a lab namespace, veth pairs and
a Linux bridge inside a namespace."""
import subprocess
import time

from topology import PREFIX


def log(msg):
    print(f"[lab {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def terminate(p, timeout_s=5):
    """Ends a process the lab started: SIGTERM if it still runs, then SIGKILL if it has not ended within timeout_s."""
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            p.kill()


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
