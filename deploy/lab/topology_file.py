"""A lab topology file (deploy/lab/topologies/<name>.json): its parser, validator and the names derived from it.

    {"description": "...",
     "aps": [{"id": "wifi", "kind": "wifi" | "lte",
              "cell_mode": "per-station" | "shared-fifo",   # Wi-Fi only; default per-station
              "queue_limit": 100,                           # packets per station queue (Wi-Fi leaf, eNB UE queue)
              "contention": 0.143,                          # Wi-Fi collision overhead c in k(n) = 1 + c n
              "peak_rate_bps": 75000000,                    # LTE: the reference eNB's peak rate
              "capacity_kbps": 50000,                       # the AP's capacity in the app's netcfg
              "path_rtt_ms": 20,                            # the server <-> AP path's RTT (default by kind, below)
              "directions": ["downlink"]}, ...],            # cells built and regulated ("uplink": Wi-Fi only)
     "ues": [{"id": "ue1", "primary": "wifi",               # primary: default the first radio's AP
              "radios": [{"ap": "wifi", "phy_mbps": 54, "rssi_dbm": -50}]}, ...]}   # rssi_dbm optional

A UE with one radio is single-path (Tier 1 when it is the only user of its path), with two or more multipath.
Everything else is derived: an AP's k-th AP of its kind (k = 1, 2, ...) gets the tag w / l (k = 1) or w<k-1> /
l<k-1>, its namespace ap<tag> (Wi-Fi) or enb<suffix> (LTE), its air namespace air<tag>, OVS bridge mpl-br<tag>,
datapath id a<k> / b<k> (Wi-Fi / LTE), subnet 10.0.<i>.0/24 (i: the AP's place in the file, from 1), policy-routing
table 100 + i, the namespace of its server path wan<tag> (a delay line, when path_rtt_ms > 0); the UE's address on it 10.0.<i>.<n> (n: the UE's place in the file, from 1); the management link
10.255.0.<4j+1>/<4j+2> (j: LTE cells first, then Wi-Fi APs, in file order). Any error names the bad field.
"""
import json
import os
import re

import docfields

TOPOLOGIES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "topologies")
KINDS = ("wifi", "lte")
CELL_MODES = ("per-station", "shared-fifo")
DIRECTIONS = ("downlink", "uplink")
AP_KEYS = {"id", "kind", "cell_mode", "queue_limit", "contention", "peak_rate_bps", "capacity_kbps", "directions",
           "path_rtt_ms"}
# The RTT of the path between the server and an AP (ms), half each way, by kind: round values of the order an
# access network's users see to a nearby server (Wi-Fi behind a wired broadband line below LTE, whose radio
# scheduling and core add their part); 0 joins the server's veth to the AP's switch directly (0.1-1 ms, the lab
# before 2026-11-30 16:00). An experiment may set others (path_rtt_ms); deploy/lab/README.md, "Path RTT".
PATH_RTT_MS = {"wifi": 20, "lte": 40}
UE_KEYS = {"id", "primary", "radios"}
RADIO_KEYS = {"ap", "phy_mbps", "rssi_dbm"}
ID = re.compile(r"^[a-z][a-z0-9]{0,5}$")   # short: ifnames such as enb-<ue> stay within Linux's 15 characters
IFNAMSIZ = 15
AGENT_PORT = {"wifi": 50051, "lte": 50052}


class TopologyError(ValueError):
    """A topology file that cannot be used; the message names the file and the bad field."""


def wifi_rssi_dbm(phy_mbps):
    """The RSSI the Wi-Fi station document reports for a PHY rate when the file gives none: -50 dBm at 54 Mb/s
    (near station), -72 dBm at 30 Mb/s (weak one), linear between and beyond."""
    return round(-72.0 + (phy_mbps - 30.0) * 22.0 / 24.0, 1)


def path_of(name):
    """A topology's file: a path as given, or deploy/lab/topologies/<name>.json."""
    if os.sep in name or name.endswith(".json"):
        return name
    return os.path.join(TOPOLOGIES, f"{name}.json")


def load(name="default"):
    """The Topology of a name or path; TopologyError on a missing file, bad JSON or a bad field."""
    path = path_of(name)
    try:
        with open(path) as f:
            doc = json.load(f)
    except OSError as e:
        raise TopologyError(f"topology {name!r}: cannot read {path}: {e.strerror}") from None
    except ValueError as e:
        raise TopologyError(f"topology {path}: not JSON: {e}") from None
    return Topology(os.path.splitext(os.path.basename(path))[0], doc, path)


def _fail(where, field, msg):
    docfields.fail(TopologyError, "topology", where, field, msg)


def _check_keys(where, field, obj, allowed):
    docfields.keys(TopologyError, "topology", where, field, obj, allowed)


RTT_RANGE = "a round-trip time in ms in [0, 1000]"


def is_rtt(v):
    """Whether v is a path RTT a topology or an experiment may set (RTT_RANGE)."""
    return not isinstance(v, bool) and isinstance(v, (int, float)) and 0 <= v <= 1000


def _rtt(where, field, v):
    if not is_rtt(v):
        _fail(where, field, f"want {RTT_RANGE}, got {v!r}")
    return v


def _number(where, field, v, low=0.0, high=None):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= low or (high is not None and v > high):
        _fail(where, field, f"want a number > {low}" + (f" and <= {high}" if high is not None else "")
              + f", got {v!r}")
    return v


class Topology:
    """A validated topology: aps {id: derived settings}, radio [(ue, ap, address, PHY Mb/s)] grouped by AP in file
    order, primary {ue: ap}, ues, multipath_ues, single_path_ues, ns (every namespace), agent {ap: (host, port)}."""

    def __init__(self, name, doc, where="<memory>"):
        self.name, self.where = name, where
        _check_keys(where, "(top)", doc, {"description", "aps", "ues"})
        self.description = doc.get("description", "")
        self.doc = doc
        self.aps = self._parse_aps(doc.get("aps"))
        self._parse_ues(doc.get("ues"))
        self._derive_management()

    # ------------------------------------------------------------------ APs
    def _parse_aps(self, aps):
        if not isinstance(aps, list) or not aps:
            _fail(self.where, "aps", "want a non-empty list")
        if len(aps) > 9:
            _fail(self.where, "aps", f"at most 9 APs, got {len(aps)}")
        out, per_kind = {}, {k: 0 for k in KINDS}
        for i, a in enumerate(aps):
            f = f"aps[{i}]"
            _check_keys(self.where, f, a, AP_KEYS)
            ap_id = a.get("id")
            if not isinstance(ap_id, str) or not ID.match(ap_id):
                _fail(self.where, f"{f}.id", f"want 1-6 lower-case letters/digits starting with a letter, got {ap_id!r}")
            if ap_id in out:
                _fail(self.where, f"{f}.id", f"duplicate AP id {ap_id!r}")
            kind = a.get("kind")
            if kind not in KINDS:
                _fail(self.where, f"{f}.kind", f"want one of {', '.join(KINDS)}, got {kind!r}")
            per_kind[kind] += 1
            out[ap_id] = self._ap(f, a, kind, per_kind[kind], i + 1)
        return out

    def _ap(self, f, a, kind, k, i):
        mode = a.get("cell_mode", "per-station")
        if mode not in CELL_MODES:
            _fail(self.where, f"{f}.cell_mode", f"want one of {', '.join(CELL_MODES)}, got {mode!r}")
        if kind == "lte" and mode != "per-station":
            _fail(self.where, f"{f}.cell_mode", "an LTE cell schedules per UE (per-station only)")
        dirs = a.get("directions", ["downlink"])
        if not isinstance(dirs, list) or not dirs or any(d not in DIRECTIONS for d in dirs) or len(set(dirs)) < len(dirs):
            _fail(self.where, f"{f}.directions", f"want a list of distinct {', '.join(DIRECTIONS)}, got {dirs!r}")
        if kind == "lte" and "uplink" in dirs:
            _fail(self.where, f"{f}.directions", "the reference eNB schedules the downlink only")
        if mode == "shared-fifo" and "uplink" in dirs:
            _fail(self.where, f"{f}.directions", "uplink needs per-station queues (the lab counts each station's "
                                                 "uplink bytes at its leaf)")
        suffix = "" if k == 1 else str(k - 1)
        tag = ("w" if kind == "wifi" else "l") + suffix
        return {"id": a["id"], "kind": kind, "tag": tag, "index": i, "cell_mode": mode,
                "queue_limit": int(_number(self.where, f"{f}.queue_limit", a.get("queue_limit", 20), 0, 10000)),
                "contention": _number(self.where, f"{f}.contention", a.get("contention", 0.143), -1e-9, 10),
                "peak_rate_bps": _number(self.where, f"{f}.peak_rate_bps", a.get("peak_rate_bps", 75e6)),
                "capacity_kbps": int(_number(self.where, f"{f}.capacity_kbps", a.get("capacity_kbps", 50000))),
                "directions": list(dirs),
                "path_rtt_ms": _rtt(self.where, f"{f}.path_rtt_ms", a.get("path_rtt_ms", PATH_RTT_MS[kind])),
                "wan": "wan" + tag,
                "ns": ("ap" + tag) if kind == "wifi" else ("enb" + suffix), "air": "air" + tag,
                "radio": "wl" if kind == "wifi" else "rf", "bridge": "br" + tag, "subnet": f"10.0.{i}",
                "srv_if": tag[0] + (suffix or "0"), "dpid": f"00000000000000{'a' if kind == 'wifi' else 'b'}{k}",
                "ue_if": ("wlan" if kind == "wifi" else "lte") + (suffix or "0"), "table": 100 + i}

    # ------------------------------------------------------------------ UEs
    def _parse_ues(self, ues):
        if not isinstance(ues, list) or not ues:
            _fail(self.where, "ues", "want a non-empty list")
        if len(ues) > 200:
            _fail(self.where, "ues", f"at most 200 UEs, got {len(ues)}")
        self.ues, self.primary, radios, self.number = [], {}, {}, {}
        for n, u in enumerate(ues, start=1):
            f = f"ues[{n - 1}]"
            _check_keys(self.where, f, u, UE_KEYS)
            ue = u.get("id")
            if not isinstance(ue, str) or not ID.match(ue) or ue == "srv" or ue in self.ues:
                _fail(self.where, f"{f}.id", f"want a new id of 1-6 lower-case letters/digits (not srv), got {ue!r}")
            if any(ue in (a["ns"], a["air"], a["wan"]) for a in self.aps.values()):
                _fail(self.where, f"{f}.id", f"{ue!r} is an AP namespace's name")
            self.ues.append(ue)
            self.number[ue] = n
            radios[ue] = self._radios(f, u.get("radios"))
            primary = u.get("primary", radios[ue][0][0] if radios[ue] else None)
            if primary not in [ap for ap, _r, _s in radios[ue]]:
                _fail(self.where, f"{f}.primary", f"{primary!r} is not one of the UE's radios' APs")
            self.primary[ue] = primary
        # grouped by AP, then UE, in file order: the order of each cell's station queues
        self.radio = [(ue, ap, f"{self.aps[ap]['subnet']}.{self.number[ue]}", r)
                      for ap in self.aps for ue in self.ues for ap2, r, _s in radios[ue] if ap2 == ap]
        self.rssi = {(ue, ap): s for ue in self.ues for ap, _r, s in radios[ue]}
        self.multipath_ues = [ue for ue in self.ues if len(radios[ue]) > 1]
        self.single_path_ues = [ue for ue in self.ues if len(radios[ue]) == 1]

    def _radios(self, f, radios):
        if not isinstance(radios, list) or not radios:
            _fail(self.where, f"{f}.radios", "want a non-empty list")
        out = []
        for j, r in enumerate(radios):
            g = f"{f}.radios[{j}]"
            _check_keys(self.where, g, r, RADIO_KEYS)
            ap = r.get("ap")
            if ap not in self.aps:
                _fail(self.where, f"{g}.ap", f"{ap!r} is not an AP of this topology ({', '.join(self.aps)})")
            if ap in [a for a, _r, _s in out]:
                _fail(self.where, f"{g}.ap", f"a second radio on {ap!r}")
            rate = float(_number(self.where, f"{g}.phy_mbps", r.get("phy_mbps"), 0, 10000))
            rssi = r.get("rssi_dbm")
            if rssi is not None and (isinstance(rssi, bool) or not isinstance(rssi, (int, float))):
                _fail(self.where, f"{g}.rssi_dbm", f"want a number, got {rssi!r}")
            out.append((ap, rate, float(rssi) if rssi is not None else None))
        return out

    # ------------------------------------------------------------------ management, names
    def _derive_management(self):
        order = [a for a in self.aps.values() if a["kind"] == "lte"] + [a for a in self.aps.values()
                                                                         if a["kind"] == "wifi"]
        self.agent = {}
        for j, a in enumerate(order):
            a["mgmt_root"], a["mgmt_ap"] = f"10.255.0.{4 * j + 1}", f"10.255.0.{4 * j + 2}"
            self.agent[a["id"]] = (a["mgmt_ap"], AGENT_PORT[a["kind"]])
        for ue in self.ues:
            for name in (f"enb-{ue}", self.station_if(ue)):
                if len(name) > IFNAMSIZ:
                    _fail(self.where, "ues", f"interface name {name!r} longer than {IFNAMSIZ} characters")

    def station_if(self, ue):
        """The UE's station port on a cell's air bridge (s1, s2, ...: its place in the file)."""
        return f"s{self.number[ue]}"

    def enb_metrics(self, ap):
        return f"http://{self.aps[ap]['mgmt_ap']}:9105/v1/metrics"

    def port(self, ue):
        """The UE's iperf3 server port (5200 + its place in the file); its pacer server listens 1000 above."""
        return 5200 + self.number[ue]

    def addresses(self, ue):
        return sorted(addr for u, _ap, addr, _r in self.radio if u == ue)

    def radios_of(self, ue):
        """[(ap, address, PHY Mb/s)] of a UE."""
        return [(ap, addr, r) for u, ap, addr, r in self.radio if u == ue]

    def stations(self, ap):
        """[(ue, address, PHY Mb/s)] on an AP, in the order of its cell's station queues."""
        return [(u, addr, r) for u, ap2, addr, r in self.radio if ap2 == ap]

    def rssi_dbm(self, ue, ap, phy_mbps):
        given = self.rssi.get((ue, ap))
        return given if given is not None else wifi_rssi_dbm(phy_mbps)

    def set_path_rtt(self, rtt_ms):
        """Sets the server path RTT (ms) of the APs named in rtt_ms (an experiment's path_rtt_ms)."""
        for ap, ms in rtt_ms.items():
            self.aps[ap]["path_rtt_ms"] = ms

    @property
    def ns(self):
        """Every namespace: the server, each AP's and its air, the delay lines' of paths with an RTT, the UEs."""
        return (["srv"] + [n for a in self.aps.values() for n in (a["ns"], a["air"])]
                + [a["wan"] for a in self.aps.values() if a["path_rtt_ms"] > 0] + self.ues)

    def summary(self):
        """What a result records of its topology: the name, the file and its content."""
        return {"name": self.name, "file": os.path.relpath(self.where, os.path.dirname(TOPOLOGIES))
                if os.path.isabs(self.where) else self.where, "doc": self.doc}
