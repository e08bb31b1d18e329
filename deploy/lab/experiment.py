"""An experiment described as data (deploy/lab/experiments/<name>.json): its parser and validator against a topology.

    {"description": "...", "topology": "default",       # the topology it runs on unless run_lab.py --topology says
     "tcp_congestion_control": "cubic",                  # every lab host's TCP congestion control (default cubic)
     "path_rtt_ms": {"wifi": 20, "lte": 40},             # per AP: the server path's RTT (default: the topology's)
     "warmup_s": 8, "sample_s": 0.5, "goals": "prototype" | "idle-capacity" | "dynamic-demand" | null,
     "demand": {SELECTOR: DEMAND, ...},                  # every phase's demand unless the phase gives its own
     "phases": [{"name": "mpsdn", "controller": "forward" | "mpsdn", "multipath": true,
                 "duration_s": 40, "settle_s": 0,          # settle_s: run before duration_s, not measured
                 "reference": "nomp",                      # its No-MP phase (default: the experiment's first), or
                                                           # a list of No-MP phases: the users' choice of home, below
                 "homes": {"ue2": "lte"},                  # No-MP phase only: a multipath UE's single-path radio
                                                           # (default: its topology primary)
                 "idle_for": {"ue": "ue3", "ap": "wifi"},  # the cell's idle capacity for a Tier-2 radio (default topology)
                 "demand": {...}, "radio_events": [{"t_s": 30, "ue": "ue3", "ap": "wifi", "phy_mbps": 15,
                                                    "direction": "both" | "downlink" | "uplink"}]}]}

SELECTOR: a UE id, "multipath", "single-path", "primary:<ap>" or "all" (the most specific one applies: UE id, then
multipath / single-path, then primary:<ap>, then all); a UE no selector covers is idle. DEMAND:
    {"kind": "backlogged"} | {"kind": "paced", "mbps": 12} | {"kind": "off"}
    {"kind": "on-off", "on_s": 10, "off_s": 5, "mbps": 12 (absent: backlogged while on), "start_s": 0}
    {"kind": "steps", "steps": [[0, 20], [35, 10], [50, "backlogged"], [60, 0]]}   # [time s, Mb/s | backlogged | 0]
each with "direction": "downlink" (default) | "uplink". Times count from the phase's start (settle included).
A phase with multipath false runs every UE single-path on its primary radio, or on the one its homes name (the
No-MP phase); an experiment without one gets "nomp" (forward controller, the first phase's demand and length) put
first. A phase whose reference lists several No-MP phases is scored against the one in which the UEs they home
differently got the most in total (over the phase, or between two radio events): the paper's single-path users
"rationally use the best wireless network", and a No-MP world in which such a UE sits on its worse network is no
reference for what the network owes the others (scoring_data.rational_reference). Errors name the field.
"""
import json
import os

import docfields
import topology_file
from topology import TCP_CONGESTION_CONTROL

EXPERIMENTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "experiments")
GOALS = ("prototype", "idle-capacity", "dynamic-demand")
KINDS = ("backlogged", "paced", "off", "on-off", "steps")
BACKLOGGED = "backlogged"
TOP_KEYS = {"description", "topology", "tcp_congestion_control", "path_rtt_ms", "warmup_s", "sample_s", "goals",
            "demand", "phases"}
PHASE_KEYS = {"name", "controller", "multipath", "duration_s", "settle_s", "reference", "idle_for", "demand",
              "radio_events", "homes"}
DEMAND_KEYS = {"kind", "mbps", "on_s", "off_s", "start_s", "steps", "direction"}
EVENT_KEYS = {"t_s", "ue", "ap", "phy_mbps", "direction"}


class ExperimentError(ValueError):
    """An experiment description that cannot run; the message names the file and the bad field."""


def path_of(name):
    if os.sep in name or name.endswith(".json"):
        return name
    return os.path.join(EXPERIMENTS, f"{name}.json")


def read(name):
    """The raw description of a name or path (ExperimentError if missing or not JSON)."""
    path = path_of(name)
    try:
        with open(path) as f:
            return json.load(f), path
    except OSError as e:
        raise ExperimentError(f"experiment {name!r}: cannot read {path}: {e.strerror}") from None
    except ValueError as e:
        raise ExperimentError(f"experiment {path}: not JSON: {e}") from None


def load(name, topo):
    """The Experiment of a name or path, validated against the Topology topo."""
    doc, path = read(name)
    return Experiment(os.path.splitext(os.path.basename(path))[0], doc, topo, path)


def _fail(where, field, msg):
    docfields.fail(ExperimentError, "experiment", where, field, msg)


def _keys(where, field, obj, allowed):
    docfields.keys(ExperimentError, "experiment", where, field, obj, allowed)


def _num(where, field, v, low=0.0, strict=True):
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and (v > low if strict else v >= low)
    if not ok:
        _fail(where, field, f"want a number {'>' if strict else '>='} {low}, got {v!r}")
    return float(v)


def segments(where, field, d, duration_s):
    """[[t_s, rate]] of one demand (rate: Mb/s, "backlogged" or 0 = off), times ascending from 0."""
    _keys(where, field, d, DEMAND_KEYS)
    kind = d.get("kind")
    if kind not in KINDS:
        _fail(where, f"{field}.kind", f"want one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "backlogged":
        return [[0.0, BACKLOGGED]]
    if kind == "off":
        return [[0.0, 0]]
    if kind == "paced":
        return [[0.0, _num(where, f"{field}.mbps", d.get("mbps"))]]
    if kind == "on-off":
        on, off = _num(where, f"{field}.on_s", d.get("on_s")), _num(where, f"{field}.off_s", d.get("off_s"))
        rate = BACKLOGGED if d.get("mbps") is None else _num(where, f"{field}.mbps", d.get("mbps"))
        t = _num(where, f"{field}.start_s", d.get("start_s", 0), strict=False)
        out = [[0.0, 0]] if t > 0 else []
        while t < duration_s:
            out += [[t, rate], [t + on, 0]]
            t += on + off
        return [s for s in out if s[0] < duration_s]
    steps = d.get("steps")
    if not isinstance(steps, list) or not steps:
        _fail(where, f"{field}.steps", "want a non-empty list of [time s, Mb/s | \"backlogged\" | 0]")
    out = []
    for i, s in enumerate(steps):
        f = f"{field}.steps[{i}]"
        if not isinstance(s, list) or len(s) != 2:
            _fail(where, f, f"want [time s, Mb/s | \"backlogged\" | 0], got {s!r}")
        t = _num(where, f"{f}[0]", s[0], strict=False)
        if out and t <= out[-1][0]:
            _fail(where, f"{f}[0]", f"times must increase ({t} after {out[-1][0]})")
        rate = s[1] if s[1] in (BACKLOGGED, 0) else _num(where, f"{f}[1]", s[1])
        out.append([t, rate])
    if out[0][0] != 0:
        out.insert(0, [0.0, 0])
    return out


def step_ups(segs):
    """Times at which a demand rises: off -> on, a higher rate, or a rate -> backlogged."""
    def level(r):
        return float("inf") if r == BACKLOGGED else float(r)
    return [t for (_t0, a), (t, b) in zip(segs, segs[1:]) if level(b) > level(a)]


class Experiment:
    """A validated experiment: name, description, warmup_s, sample_s, goals, phases [Phase] (No-MP phases included)."""

    def __init__(self, name, doc, topo, where="<memory>"):
        self.name, self.where, self.topo, self.doc = name, where, topo, doc
        _keys(where, "(top)", doc, TOP_KEYS)
        self.description = doc.get("description", "")
        self.topology = doc.get("topology", "default")
        self.tcp_congestion_control = doc.get("tcp_congestion_control", TCP_CONGESTION_CONTROL)
        if not isinstance(self.tcp_congestion_control, str) or not self.tcp_congestion_control.isidentifier():
            _fail(where, "tcp_congestion_control", f"want a congestion control name, got {self.tcp_congestion_control!r}")
        self.path_rtt_ms = self._path_rtt(doc.get("path_rtt_ms", {}))
        self.warmup_s = _num(where, "warmup_s", doc.get("warmup_s", 8), strict=False)
        self.sample_s = _num(where, "sample_s", doc.get("sample_s", 0.5))
        self.goals = doc.get("goals")
        if self.goals is not None and self.goals not in GOALS:
            _fail(where, "goals", f"want one of {', '.join(GOALS)} or null, got {self.goals!r}")
        raw = doc.get("phases")
        if not isinstance(raw, list) or not raw:
            _fail(where, "phases", "want a non-empty list")
        self.phases = [Phase(self, i, p) for i, p in enumerate(raw)]
        names = [p.name for p in self.phases]
        for i, n in enumerate(names):
            if n in names[:i]:
                _fail(where, f"phases[{i}].name", f"duplicate phase name {n!r}")
        if not any(p.is_reference for p in self.phases):
            first = dict(raw[0], name="nomp", controller="forward", multipath=False, radio_events=[])
            first.pop("reference", None)
            first.pop("idle_for", None)
            self.phases.insert(0, Phase(self, -1, first))
        refs = [p.name for p in self.phases if p.is_reference]
        for p in self.phases:
            if p.reference is None:
                p.references = [p.name if p.is_reference else refs[0]]
            else:
                wanted = p.reference if isinstance(p.reference, list) else [p.reference]
                if not wanted or len(set(map(str, wanted))) != len(wanted):
                    _fail(where, f"phases[{p.index}].reference", "want a No-MP phase or a list of distinct ones")
                for r in wanted:
                    if r not in refs:
                        _fail(where, f"phases[{p.index}].reference", f"{r!r} is not a No-MP phase ({refs})")
                p.references = list(wanted)
            p.reference = p.references[0]

    def _path_rtt(self, v):
        """{AP id: path RTT ms} of the experiment's path_rtt_ms, checked against the topology's APs."""
        if not isinstance(v, dict):
            _fail(self.where, "path_rtt_ms", f"want {{AP id: ms}}, got {v!r}")
        for ap, ms in v.items():
            if ap not in self.topo.aps:
                _fail(self.where, f"path_rtt_ms.{ap}", f"not an AP of topology {self.topo.name}")
            if not topology_file.is_rtt(ms):
                _fail(self.where, f"path_rtt_ms.{ap}", f"want {topology_file.RTT_RANGE}, got {ms!r}")
        return dict(v)


class Phase:
    """One phase: name, controller, multipath, duration_s, settle_s, reference, idle_for, demand {ue: {direction,
    segments}} (idle UEs absent), radio_events [{t_s, ue, ap, phy_mbps, direction}]."""

    def __init__(self, exp, index, p):
        where, f = exp.where, f"phases[{index}]"
        _keys(where, f, p, PHASE_KEYS)
        self.index = index
        self.name = p.get("name")
        if not isinstance(self.name, str) or not self.name or len(self.name) > 40 or "/" in self.name:
            _fail(where, f"{f}.name", f"want a short name without '/', got {self.name!r}")
        self.controller = p.get("controller", "mpsdn")
        if self.controller not in ("forward", "mpsdn"):
            _fail(where, f"{f}.controller", f"want forward or mpsdn, got {self.controller!r}")
        self.multipath = p.get("multipath", True)
        if not isinstance(self.multipath, bool):
            _fail(where, f"{f}.multipath", f"want true or false, got {self.multipath!r}")
        self.is_reference = not self.multipath and self.controller == "forward"
        self.duration_s = _num(where, f"{f}.duration_s", p.get("duration_s"))
        self.settle_s = _num(where, f"{f}.settle_s", p.get("settle_s", 0), strict=False)
        self.reference = p.get("reference")
        self.idle_for = self._idle_for(exp, f, p.get("idle_for"))
        self.demand = resolve_demand(exp, f"{f}.demand", p.get("demand", exp.doc.get("demand")),
                                     self.settle_s + self.duration_s)
        self.radio_events = self._events(exp, f, p.get("radio_events", []))
        self.homes = self._homes(exp, f, p.get("homes", {}))

    @property
    def total_s(self):
        return self.settle_s + self.duration_s

    @staticmethod
    def _idle_for(exp, f, v):
        if v is None:
            return None
        _keys(exp.where, f"{f}.idle_for", v, {"ue", "ap"})
        if exp.topo.name != "default":
            _fail(exp.where, f"{f}.idle_for", "the cells' idle-capacity measure (scoring.IdleProbe) reads the default "
                                              f"topology's cells only, not {exp.topo.name}'s")
        if v.get("ue") not in exp.topo.multipath_ues:
            _fail(exp.where, f"{f}.idle_for.ue", f"want a multipath UE of {exp.topo.name}, got {v.get('ue')!r}")
        if v.get("ap") not in [a for a, _addr, _r in exp.topo.radios_of(v["ue"])]:
            _fail(exp.where, f"{f}.idle_for.ap", f"{v.get('ap')!r} is not one of {v['ue']}'s radios' APs")
        return dict(v)

    def _homes(self, exp, f, homes):
        if not isinstance(homes, dict):
            _fail(exp.where, f"{f}.homes", "want an object {ue: ap}")
        if homes and self.multipath:
            _fail(exp.where, f"{f}.homes", "only a No-MP phase (multipath false) has homes")
        for ue, ap in homes.items():
            if ue not in exp.topo.multipath_ues:
                _fail(exp.where, f"{f}.homes.{ue}", f"want a multipath UE of {exp.topo.name}")
            if ap not in [a for a, _addr, _r in exp.topo.radios_of(ue)]:
                _fail(exp.where, f"{f}.homes.{ue}", f"{ap!r} is not one of {ue}'s radios' APs")
        return {ue: ap for ue, ap in homes.items() if ap != exp.topo.primary[ue]}

    def _events(self, exp, f, events):
        if not isinstance(events, list):
            _fail(exp.where, f"{f}.radio_events", "want a list")
        out, topo = [], exp.topo
        for i, e in enumerate(events):
            g = f"{f}.radio_events[{i}]"
            _keys(exp.where, g, e, EVENT_KEYS)
            t = _num(exp.where, f"{g}.t_s", e.get("t_s"), strict=False)
            if t >= self.total_s:
                _fail(exp.where, f"{g}.t_s", f"{t} is not within the phase ({self.total_s} s)")
            ue, ap = e.get("ue"), e.get("ap")
            if ue not in topo.ues:
                _fail(exp.where, f"{g}.ue", f"{ue!r} is not a UE of {topo.name}")
            if ap not in [a for a, _addr, _r in topo.radios_of(ue)] or topo.aps[ap]["kind"] != "wifi":
                _fail(exp.where, f"{g}.ap", f"want a Wi-Fi AP {ue} has a radio on, got {ap!r}")
            direction = e.get("direction", "both")
            if direction not in ("both", "downlink", "uplink"):
                _fail(exp.where, f"{g}.direction", f"want both, downlink or uplink, got {direction!r}")
            out.append({"t_s": t, "ue": ue, "ap": ap, "direction": direction,
                        "phy_mbps": _num(exp.where, f"{g}.phy_mbps", e.get("phy_mbps"))})
        return sorted(out, key=lambda e: e["t_s"])


def _selector_rank(sel, ue, topo):
    """How specifically sel names ue (higher: more specific), None if it does not."""
    if sel == ue:
        return 3
    if (sel == "multipath" and ue in topo.multipath_ues) or (sel == "single-path" and ue in topo.single_path_ues):
        return 2
    if sel == f"primary:{topo.primary[ue]}":
        return 1
    return 0 if sel == "all" else None


def resolve_demand(exp, field, spec, duration_s):
    """{ue: {"direction", "segments"}} of a demand spec on the experiment's topology (idle UEs left out)."""
    topo = exp.topo
    if not isinstance(spec, dict) or not spec:
        _fail(exp.where, field, "want an object {selector: demand} (in the phase or the experiment)")
    for sel in spec:
        if sel not in topo.ues and sel not in ("all", "multipath", "single-path") and not (
                sel.startswith("primary:") and sel[len("primary:"):] in topo.aps):
            _fail(exp.where, f"{field}.{sel}", f"not a UE of {topo.name} nor multipath, single-path, primary:<ap>, all")
    out = {}
    for ue in topo.ues:
        ranked = [(r, sel) for sel in spec for r in [_selector_rank(sel, ue, topo)] if r is not None]
        if not ranked:
            continue
        sel = max(ranked)[1]
        d = spec[sel]
        segs = segments(exp.where, f"{field}.{sel}", d, duration_s)
        direction = d.get("direction", "downlink")
        if direction not in ("downlink", "uplink"):
            _fail(exp.where, f"{field}.{sel}.direction", f"want downlink or uplink, got {direction!r}")
        if direction == "uplink":
            for ap, _addr, _r in topo.radios_of(ue):
                if "uplink" not in topo.aps[ap]["directions"]:
                    _fail(exp.where, f"{field}.{sel}.direction", f"{ue}'s AP {ap} has no uplink cell "
                          f"(topology {topo.name}: its directions {topo.aps[ap]['directions']})")
        if any(r != 0 for _t, r in segs):
            out[ue] = {"direction": direction, "segments": segs}
    return out
