"""The testbed's fixed description (paper Fig. 2 / Section VI): namespace, device and bridge names,
addresses, the UEs' radios and PHY rates, the APs, queue limits, the app's punt rules and the lab host's southbound
timings. Data only; testbed.py (the Lab) builds the testbed from it."""
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
PRIMARY = {"ue1": "wifi", "ue2": "wifi", "ue3": "lte", "ue4": "lte"}
AP = {
    "wifi": {"ns": "apw", "air": "airw", "radio": "wl", "bridge": "brw", "subnet": "10.0.1", "srv_if": "w0",
             "dpid": "00000000000000a1", "ue_if": "wlan0", "table": 101},
    "lte": {"ns": "enb", "air": "airl", "radio": "rf", "bridge": "brl", "subnet": "10.0.2", "srv_if": "l0",
            "dpid": "00000000000000b1", "ue_if": "lte0", "table": 102},
}
