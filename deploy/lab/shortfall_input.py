"""The Tier-1 shortfall of each phase of a result, from its scoring data (res["scoring"], scoring_data.py) through
scoring.tier1_shortfall (its input structure is documented at the top of scoring.py).

One phase becomes one tier1_shortfall input:
  warmup_s, end_s   the phase's scored_from_s (settle + warm-up) and end_s: its last sample, but no later than
                    settle_s + duration_s, when the clients stop (a sample after it covers time without traffic)
  sample_s          the result's sample_s;  interval_ms: the app's intervalMs in force (given by the caller)
  pace_overhead     the result's l2_per_goodput (a paced demand is compared as L2 frames, like the samples)
  ues.<ue>          every UE with a demand in the phase; tier1 as recorded (the topology's single-path UEs)
    demand          its demand timeline: paced -> its goodput pace (Mb/s), off -> 0, backlogged -> "backlogged"
                    with nomp_mbps its throughput in the phase's No-MP reference (the timeline's mbps)
    samples         zip(t_s, throughput_mbps)
    radio_events    the phase's radio events (applied_s, else the planned t_s) on an AP the UE has a radio on, in
                    its direction (an event of direction "both" concerns either)
A Tier-1 UE whose backlogged demand has no reference throughput (it had none in the No-MP phase) cannot be scored:
it is left out of that phase's input and listed in its "unscored" with the reason. A phase whose data is bad is
skipped: its entry is {"error": the message naming the field}.
"""
import scoring


def _demand(ue, timeline):
    """(tier1_shortfall's demand timeline, the reference Mb/s of its backlogged entries or None) of a UE."""
    out, ref = [], None
    for i, d in enumerate(timeline):
        kind = d.get("kind") if isinstance(d, dict) else None
        if kind in ("backlogged", "paced", "off") and not isinstance(d.get("t_s"), (int, float)):
            raise ValueError(f"ues.{ue}.demand[{i}].t_s: missing or not a number ({d.get('t_s')!r})")
        if kind == "backlogged":
            out.append((d["t_s"], "backlogged"))
            ref = d.get("mbps")
        elif kind == "paced":
            out.append((d["t_s"], d["mbps"]))
        elif kind == "off":
            out.append((d["t_s"], 0.0))
        else:
            raise ValueError(f"ues.{ue}.demand[{i}].kind: want paced, backlogged or off, got {kind!r}")
    return out, ref


def _events_of(ue, u, events):
    """The times of the phase's radio events that concern the UE (module doc)."""
    aps, direction = set(u.get("radios") or {}), u.get("direction", "downlink")
    return sorted(e.get("applied_s", e["t_s"]) for e in events
                  if e["ap"] in aps and e.get("direction", "both") in ("both", direction))


def _scored_end(ph):
    """The phase's last scored time: its last sample, or settle_s + duration_s when the clients stopped before it."""
    end, settle, duration = ph.get("end_s"), ph.get("settle_s"), ph.get("duration_s")
    if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (end, settle, duration)):
        return min(end, settle + duration)
    return end


def phase_input(block, phase, interval_ms):
    """(tier1_shortfall input, {ue: reason it is not scored}) of one phase of a scoring block."""
    ph = (block.get("phases") or {}).get(phase)
    if not isinstance(ph, dict):
        raise ValueError("missing from the scoring data")
    t, ues, unscored = ph.get("t_s"), {}, {}
    for ue, u in sorted((ph.get("ues") or {}).items()):
        if not u.get("tier1"):
            ues[ue] = {"tier1": False}
            continue
        demand, ref = _demand(ue, u.get("demand") or [])
        if any(v == "backlogged" for _t, v in demand) and ref is None:
            unscored[ue] = (f"backlogged, but no throughput in the reference phase {ph.get('reference')!r} "
                            "to compare with")
            continue
        thr = u.get("throughput_mbps")
        if not isinstance(t, list) or not isinstance(thr, list) or len(thr) != len(t):
            raise ValueError(f"ues.{ue}.throughput_mbps: not one value per t_s")
        ues[ue] = {"tier1": True, "demand": demand, "samples": list(zip(t, thr)),
                   "radio_events": _events_of(ue, u, ph.get("radio_events") or [])}
        if ref is not None:
            ues[ue]["nomp_mbps"] = ref
    run = {"warmup_s": ph.get("scored_from_s"), "end_s": _scored_end(ph), "sample_s": block.get("sample_s", 0.5),
           "interval_ms": interval_ms, "pace_overhead": block.get("l2_per_goodput", scoring.L2), "ues": ues}
    return run, unscored


def phase_shortfall(block, phase, interval_ms):
    """scoring.tier1_shortfall of one phase, with its "unscored" UEs and its "reference" phase; {"error": ...} when
    its data is bad (the message names the phase and the field)."""
    try:
        run, unscored = phase_input(block, phase, interval_ms)
        sf = scoring.tier1_shortfall(run)
    except ValueError as e:
        return {"error": f"phases.{phase}: {e}"}
    sf["unscored"] = unscored
    sf["reference"] = block["phases"][phase].get("reference")
    return sf


def shortfalls(block, interval_ms):
    """{phase: phase_shortfall} of every phase of a scoring block, in its order."""
    return {ph: phase_shortfall(block, ph, interval_ms) for ph in block.get("phases") or {}}
