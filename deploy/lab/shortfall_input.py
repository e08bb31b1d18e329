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
    nomp_segments   when the phase has radio events (all of them, on any AP: a PHY change on a UE's cell changes
                    what every user of the cell gets) and its reference phases have as many: the user's No-MP
                    throughput between them, each the mean of the reference phase's samples (of several, the one
                    scoring_data.rational_reference picks for that span) from the grace
                    (2 x intervalMs) after its event, or from its scored start, to the next event or its scored end,
                    dated at this phase's event; left out when a span has no sample. A backlogged demand then follows
                    the network's state: the phase's mean is no reference when a radio event changes what the No-MP
                    network gives the user mid-phase (the radio event's own No-MP phase was short of its mean for
                    19 s per minute).
    samples         zip(t_s, throughput_mbps)
    radio_events    the phase's radio events (applied_s, else the planned t_s) on an AP the UE has a radio on, in
                    its direction (an event of direction "both" concerns either)
A Tier-1 UE whose backlogged demand has no reference throughput (it had none in the No-MP phase) cannot be scored:
it is left out of that phase's input and listed in its "unscored" with the reason. A phase whose data is bad is
skipped: its entry is {"error": the message naming the field}.
"""
import scoring
import scoring_data


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


def _event_times(ph):
    """The times of a phase's radio events (applied, else planned), in order."""
    return sorted(e.get("applied_s", e["t_s"]) for e in ph.get("radio_events") or [])


def _reference_segments(ue, ph, phases, interval_ms):
    """[(t, mbps)] of a UE's No-MP throughput between the phase's radio events (module doc), or None."""
    here = _event_times(ph)
    names = [n for n in (ph.get("references") or [ph.get("reference")]) if isinstance(phases.get(n), dict)]
    if not here or not names:
        return None
    spans = {n: _spans(phases[n], len(here), interval_ms) for n in names}
    if any(v is None for v in spans.values()):
        return None

    def mean(n, u, i):
        ref = phases[n]
        thr = ((ref.get("ues") or {}).get(u) or {}).get("throughput_mbps")
        if not isinstance(thr, list) or len(thr) != len(ref["t_s"]):
            return None
        a, b = spans[n][i]
        vals = [v for ts, v in zip(ref["t_s"], thr) if a <= ts < b and v is not None]
        return sum(vals) / len(vals) if vals else None

    out = []
    for i in range(len(here) + 1):
        chosen = scoring_data.rational_reference(phases, names, lambda n, u: mean(n, u, i))
        m = mean(chosen, ue, i)
        if m is None:
            return None
        out.append((0.0 if i == 0 else here[i - 1], round(m, 3)))
    return out


def _spans(ref, events, interval_ms):
    """The [start, end) of each span of a No-MP phase between its radio events (module doc), or None when it had
    another number of events or no scored times."""
    there = _event_times(ref)
    start, end = ref.get("scored_from_s"), _scored_end(ref)
    if len(there) != events or not isinstance(ref.get("t_s"), list) \
            or not all(isinstance(x, (int, float)) for x in (start, end)):
        return None
    grace = 2 * interval_ms / 1000.0
    return [(max(start, a), b) for a, b in zip([start] + [e + grace for e in there], there + [end])]


def _scored_end(ph):
    """The phase's last scored time: its last sample, or settle_s + duration_s when the clients stopped before it."""
    end, settle, duration = ph.get("end_s"), ph.get("settle_s"), ph.get("duration_s")
    if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (end, settle, duration)):
        return min(end, settle + duration)
    return end


USERS = ("tier1", "multipath")


def phase_input(block, phase, interval_ms, users="tier1"):
    """(tier1_shortfall input, {ue: reason it is not scored}) of one phase of a scoring block. users: "tier1" scores
    the single-path users; "multipath" the users that ran MPTCP in the phase, each against its own demand as a
    Tier-1 user's is (a backlogged one's: its throughput in the No-MP reference, single-path on its home radio)."""
    if users not in USERS:
        raise ValueError(f"users: want one of {', '.join(USERS)}, got {users!r}")
    ph = (block.get("phases") or {}).get(phase)
    if not isinstance(ph, dict):
        raise ValueError("missing from the scoring data")
    t, ues, unscored = ph.get("t_s"), {}, {}
    for ue, u in sorted((ph.get("ues") or {}).items()):
        if not u.get(users):
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
            segs = _reference_segments(ue, ph, block.get("phases") or {}, interval_ms)
            if segs:
                ues[ue]["nomp_segments"] = segs
    run = {"warmup_s": ph.get("scored_from_s"), "end_s": _scored_end(ph), "sample_s": block.get("sample_s", 0.5),
           "interval_ms": interval_ms, "pace_overhead": block.get("l2_per_goodput", scoring.L2), "ues": ues}
    return run, unscored


def phase_shortfall(block, phase, interval_ms, users="tier1"):
    """scoring.tier1_shortfall of one phase (of its users, see phase_input), with its "unscored" UEs and its
    "reference" phase; {"error": ...} when its data is bad (the message names the phase and the field)."""
    try:
        run, unscored = phase_input(block, phase, interval_ms, users)
        sf = scoring.tier1_shortfall(run)
    except ValueError as e:
        return {"error": f"phases.{phase}: {e}"}
    sf["unscored"] = unscored
    sf["reference"] = block["phases"][phase].get("reference")
    return sf


def shortfalls(block, interval_ms, users="tier1"):
    """{phase: phase_shortfall} of every phase of a scoring block with at least one of the users (see phase_input),
    in its order."""
    return {ph: phase_shortfall(block, ph, interval_ms, users) for ph, p in (block.get("phases") or {}).items()
            if not isinstance(p, dict) or any(u.get(users) for u in (p.get("ues") or {}).values())}
