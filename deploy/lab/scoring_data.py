"""The data a result records for whole-run scoring (result key "scoring", schema "mpsdn-lab-scoring/1"):

  schema            "mpsdn-lab-scoring/1"
  topology          the topology's name
  sample_s          the sample period (s; 0.5)
  warmup_s          the warm-up (s) after settle_s in each phase
  l2_per_goodput    L2 bytes at the radio per byte of application goodput (scoring.L2): the cells count frames
  tier1_ues         the single-path UEs of the topology (Tier 1)
  phases {name: {
    controller      "forward" | "mpsdn";  multipath: MPTCP on (false: the No-MP phase)
    reference       the name of this phase's No-MP reference phase (itself for a No-MP phase); of several, the one
                    rational_reference picks over the whole phase
    references      every No-MP phase the experiment lists as this phase's reference (one, or the homes to choose
                    from); homes: {ue: ap} a No-MP phase's single-path radios that differ from the topology's
    t0_epoch        the phase's start (Unix s); all times below are seconds from it
    settle_s, duration_s, scored_from_s (settle_s + warmup_s), end_s (the last sample's time)
    t_s             [sample end times, s], one per 0.5-s sample over the whole phase
    radio_events    [{t_s (planned), applied_s, ue, ap, phy_mbps, direction: both|downlink|uplink}]
    ues {ue: {      every UE with a demand in the phase
      tier1         single-path UE (Tier 1);  multipath: ran MPTCP in this phase
      direction     "downlink" | "uplink"
      demand        [{t_s, kind: "paced"|"backlogged"|"off", mbps, l2_mbps}] from its client starts: paced mbps is
                    the application rate (l2_mbps = mbps * l2_per_goodput); a backlogged UE's demand is its own
                    throughput in the reference phase (L2 Mb/s after warm-up, mbps = l2_mbps; null if it had none)
      step_ups_s    times its demand rose (off -> on, a higher pace, pace -> backlogged)
      throughput_mbps  per sample (aligned with t_s): L2 Mb/s at the cells summed over its radios in its direction
      radios        {ap: [per-sample L2 Mb/s on that radio]}}}
    server_mptcp    the server namespace's MPTCP counters read with every sample, before the sample's other probes:
                    {t_s: [...], MPTcpExtSubflowStale: [n or null], MPTcpExtSubflowRecover: [n or null]} (null: not
                    read; the whole key null in results recorded before the lab read them)
    tier2_limits_kbps  {ap: [[t_s, kb/s]]}: the app's downlink Tier-2 limit per AP, from the regulation log (a line a
                    second while the app runs; {} under the forwarding-only controller)}}
"""
import scoring

SCHEMA = "mpsdn-lab-scoring/1"


def level(rate):
    return float("inf") if rate == "backlogged" else float(rate)


def demand_timeline(log, ref_mbps):
    """[{t_s, kind, mbps, l2_mbps}] of a UE's segment starts [[t_s, rate]]."""
    out = []
    for t, r in log:
        if r == "backlogged":
            out.append({"t_s": t, "kind": "backlogged", "mbps": ref_mbps, "l2_mbps": ref_mbps})
        elif r == 0:
            out.append({"t_s": t, "kind": "off", "mbps": 0.0, "l2_mbps": 0.0})
        else:
            out.append({"t_s": t, "kind": "paced", "mbps": float(r), "l2_mbps": round(float(r) * scoring.L2, 3)})
    return out


def step_ups(log):
    return [t for (_t0, a), (t, b) in zip(log, log[1:]) if level(b) > level(a)]


def ue_throughput(series, topo, ue, direction):
    """({ap: per-sample Mb/s}, per-sample sum) of a UE's radios in its direction."""
    radios = {}
    for ap, _addr, _r in topo.radios_of(ue):
        key = f"{ue}/{ap}" + ("/ul" if direction == "uplink" else "")
        if key in series:
            radios[ap] = series[key]
    n = len(series["t"])
    total = [round(sum(v[i] for v in radios.values()), 3) for i in range(n)]
    return radios, total


def rational_reference(phases, names, mean_of):
    """Of several No-MP phases (names), the one in which the UEs they home differently got the most in total: the
    paper's single-path users "rationally use the best wireless network" (experiment.py). phases {name: phase with
    "homes"}; mean_of(name, ue) -> the UE's mean Mb/s in that phase (over the span compared), None without data.
    The first name on a tie or without data."""
    if len(names) < 2:
        return names[0]
    choosers = sorted({ue for n in names for ue in (phases.get(n) or {}).get("homes") or {}})
    best, best_sum = names[0], None
    for n in names:
        vals = [mean_of(n, ue) for ue in choosers]
        if any(v is None for v in vals):
            continue
        total = sum(vals)
        if best_sum is None or total > best_sum + 1e-9:
            best, best_sum = n, total
    return best


def whole_phase_reference(phases, names):
    """Of the No-MP phases names (those in phases; names[0] when none is), the one rational_reference picks on the
    UEs' means over the whole phase. phases: a result's phase summaries {name: {"ue": {ue: {"total"}}, "homes"}}."""
    there = [n for n in names if n in phases]
    return rational_reference(phases, there, lambda n, ue: ((phases[n].get("ue") or {}).get(ue) or {})
                              .get("total")) if there else names[0]


def phase_data(exp, ph, s, ref, events):
    topo = exp.topo
    ues = {}
    for ue, d in ph.demand.items():
        log = s["demand_log"].get(ue, [])
        ref_mbps = ref["ue"][ue]["total"] if ref is not None and ue in ref["ue"] else None
        radios, total = ue_throughput(s["series"], topo, ue, d["direction"])
        ues[ue] = {"tier1": ue in topo.single_path_ues, "multipath": ph.multipath and ue in topo.multipath_ues,
                   "direction": d["direction"], "demand": demand_timeline(log, ref_mbps),
                   "step_ups_s": step_ups(log), "throughput_mbps": total, "radios": radios}
    t = s["series"]["t"]
    return {"controller": ph.controller, "multipath": ph.multipath, "reference": ref["name"] if ref else ph.reference,
            "references": list(getattr(ph, "references", [ph.reference])), "homes": dict(getattr(ph, "homes", {})),
            "t0_epoch": s["t0_epoch"], "settle_s": ph.settle_s, "duration_s": ph.duration_s,
            "scored_from_s": ph.settle_s + exp.warmup_s, "end_s": t[-1] if t else 0.0, "t_s": t,
            "radio_events": events, "ues": ues, "server_mptcp": s.get("server_mptcp"),
            "tier2_limits_kbps": {ap: [list(x) for x in v] for ap, v in (s.get("tier2_limits_kbps") or {}).items()}}


def build(exp, res):
    """The "scoring" block of a result from its phases (res["phases"], res["radio_events"])."""
    out = {"schema": SCHEMA, "topology": exp.topo.name, "sample_s": exp.sample_s, "warmup_s": exp.warmup_s,
           "l2_per_goodput": scoring.L2, "tier1_ues": list(exp.topo.single_path_ues), "phases": {}}
    for ph in exp.phases:
        s = res["phases"].get(ph.name)
        if s is None:
            continue
        name = whole_phase_reference(res["phases"], ph.references)
        ref = dict(res["phases"][name], name=name) if name in res["phases"] else None
        out["phases"][ph.name] = phase_data(exp, ph, s, ref, res.get("radio_events", {}).get(ph.name, []))
    return out
