"""The testbed's fixed settings (names prefix, server address, OpenFlow port, the app's punt rules, the lab host's
southbound timings, queue limits) and the default topology's names. The topology itself (APs, UEs, radios, PHY
rates, addresses) comes from a file, deploy/lab/topologies/<name>.json (topology_file.py: parser, validator and the
derived names); the module-level RADIO, AP, PRIMARY, NS, AGENT and MGMT_* below are those of default.json (paper
Fig. 2 / Section VI), for the experiments that run on it only (soak, robustness, the CI check)."""
import topology_file

PREFIX = "mpl-"
SERVER_IP = "10.0.0.1"
OF_PORT = 6653
OVS_CTL = "/usr/share/openvswitch/scripts/ovs-ctl"

WIFI_CONTENTION = 0.143
# how the app learns the UEs: multipath-user detection (default) or the netcfg's static registration
UE_SOURCES = ("detected", "registered")
# TCP congestion control of every host of the lab (server and UEs): set in each namespace, never inherited from the
# machine, whose default differs by kernel build (Debian: cubic; some cloud kernels: bbr). The lab runs Linux's
# default, cubic; an experiment may name another (its "tcp_congestion_control"). Recorded in params.
TCP_CONGESTION_CONTROL = "cubic"
# the app's punt rules per bridge (TCP and UDP from each of the two ports) and their priority (TierRules)
PUNT_RULES, PUNT_PRIORITY = 4, 20000
FAIL_OPEN_DELAY_MS = 10000   # the app's default: hold the last limits 10 s, then fail open
ENB_QUEUE_LIMIT = 20
CELL_QUEUE_LIMIT = 20  # packets per station queue (small, like an AP with airtime fairness)
# The lab's own reading of "the cell is congested" (congestion_step.CellQueueWatch: summed qlen over summed limit of the
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

DEFAULT = topology_file.load("default")
NS, RADIO, PRIMARY, AP, AGENT = DEFAULT.ns, DEFAULT.radio, DEFAULT.primary, DEFAULT.aps, DEFAULT.agent
MGMT_ROOT, MGMT_ENB = AP["lte"]["mgmt_root"], AP["lte"]["mgmt_ap"]      # management link root <-> eNB namespace
MGMT_AP_ROOT, MGMT_AP = AP["wifi"]["mgmt_root"], AP["wifi"]["mgmt_ap"]  # management link root <-> Wi-Fi AP namespace
ENB_METRICS = DEFAULT.enb_metrics("lte")
