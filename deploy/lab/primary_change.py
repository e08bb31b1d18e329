"""What a primary change costs a multipath user (lab, app phases): after each change of a multipath user's primary
AP in the app's regulation log, how many regulation cycles its throughput (all its radios) takes to reach RECOVERY
of its new primary's share, the median of its throughput from SETTLE_S after the change to the next change or the
end of the phase. Only samples after the change count (a 1-s window that reaches back before the change holds what
the old primary carried), and a share below MIN_SHARE_MBPS is no share: a user stalled through the whole span never
recovered. Goal: at most TARGET_CYCLES cycles for every change.

  changes = primary_changes(rows, t0_epoch, ue_of_id)    # [(t_s, ue, from_ap, to_ap)] in phase seconds
  recovery(samples, t_change, t_end, interval_s)         # cycles, or None when it never recovers

rows: the lab host's regulation log (regulation.jsonl: {"t": epoch s, "primaries": {ue id: ap}}); ue_of_id: the
app's UE ids (detected "auto-N" or registered) to the topology's UE names, from the phase's detection snapshot and
the run's radio addresses (params.radio).
"""
import json
import os
import statistics

import scoring

RECOVERY = 0.8
SETTLE_S = 10.0
MIN_SHARE_MBPS = 1.0
TARGET_CYCLES = 2


def ue_of_id(res, phase):
    """{app UE id: topology UE} of the multipath users in the phase's detection snapshot (by their connections'
    addresses); a topology UE that two app ids claim is left out."""
    by_ip = {addr: ue for ue, _ap, addr, *_ in res["params"].get("radio", [])}
    snap = ((res["phases"].get(phase) or {}).get("detection") or {}).get("ues") or {}
    out = {}
    for u in snap.get("ues", []):
        names = {by_ip.get(c.get("ip")) for c in u.get("connections", [])} - {None}
        if u.get("multipath") and len(names) == 1:
            out[u["id"]] = names.pop()
    claimed = [ue for ue in out.values()]
    return {uid: ue for uid, ue in out.items() if claimed.count(ue) == 1}


def primary_changes(rows, t0_epoch, ids):
    """[(t_s, ue, from_ap, to_ap)]: each change of a known UE's primary in the log, in seconds into the phase."""
    last, out = {}, []
    for r in rows:
        for uid, ap in (r.get("primaries") or {}).items():
            ue = ids.get(uid)
            if ue is None:
                continue
            if uid in last and last[uid] != ap:
                out.append((round(r["t"] - t0_epoch, 2), ue, last[uid], ap))
            last[uid] = ap
    return out


def recovery(samples, t_change, t_end, interval_s):
    """Cycles from t_change until the mean of samples [(t, mbps)] over the last second, after the change only,
    reaches RECOVERY of the median from t_change + SETTLE_S to t_end; None when it never does, when there is no
    settled sample, or when the settled median is below MIN_SHARE_MBPS."""
    settled = [v for t, v in samples if t_change + SETTLE_S <= t <= t_end and v is not None]
    if not settled or statistics.median(settled) < MIN_SHARE_MBPS:
        return None
    want = RECOVERY * statistics.median(settled)
    for t, _ in samples:
        if t <= t_change or t > t_end:
            continue
        window = [v for ts, v in samples if max(t - 1.0, t_change) < ts <= t and v is not None]
        if window and sum(window) / len(window) >= want:
            return round((t - t_change) / interval_s, 2)
    return None


def goal(res, run_dir, phase, interval_s):
    """The primary-change goal of one app phase, or None when its user's primary never changed."""
    path = os.path.join(run_dir, "regulation.jsonl")
    ph = res["phases"].get(phase) or {}
    if not os.path.exists(path) or "t0_epoch" not in ph:
        return None
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    changes = [c for c in primary_changes(rows, ph["t0_epoch"], ue_of_id(res, phase)) if c[0] >= 0]
    if not changes:
        return None
    per = []
    for i, (t, ue, a, b) in enumerate(changes):
        nxt = [c[0] for c in changes[i + 1:] if c[1] == ue]
        end = min(nxt + [ph.get("duration_s", t + 30.0)])
        cycles = recovery(scoring.series_samples(ph["series"], ue), t, end, interval_s)
        per.append({"t_s": t, "ue": ue, "from": a, "to": b, "cycles": cycles})
    worst = None if any(p["cycles"] is None for p in per) else max(p["cycles"] for p in per)
    return {"goal": f"after a primary change the multipath user reaches {RECOVERY:.0%} of its new primary's share "
                    f"within {TARGET_CYCLES} cycles (cycles of the worst change; null: a change never recovered)",
            "value": worst, "changes": per, "target": f"<= {TARGET_CYCLES}",
            "met": worst is not None and worst <= TARGET_CYCLES, "phase": phase}
