"""Whether the app's cycles got every AP report in an app phase: the goal telemetry_goals, from the lab host's
metrics log (metrics.jsonl in the run's folder: one line per second with the telemetry poller's cumulative
counters, "poller", and whether the agents stream, "stream_telemetry").

Judged in every phase the app ran: no report missed (poller missedReports: an AP without a report when a cycle
started) and no streamed window missed (missedWindows: a gap in an agent's sequence within one boot). Reported
beside it: how many reports were accepted, how many of them came by stream and how many polls were made, and how
often the streams re-phased or restarted. A lab host restarted within a phase starts its counters from 0; an
increase is counted from the last line before it, a reset from 0."""
import json
import os

GOAL = "every AP report reached the app's cycles"
COUNTERS = ("accepted", "streamed", "calls", "missedReports", "missedWindows", "streamRephases", "streamRestarts")


def read_log(path):
    """[(t, poller counters, stream_telemetry)] of the metrics log; lines that are not JSON objects are skipped."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if isinstance(r, dict) and isinstance(r.get("poller"), dict) and isinstance(r.get("t"), (int, float)):
                out.append((r["t"], r["poller"], r.get("stream_telemetry")))
    return out


def deltas(lines, t0, t1):
    """What each counter of COUNTERS grew by between t0 and t1 (epoch s): over the lines in [t0, t1], each from
    the last line before t0 when there is one; a counter below its last value (a restarted lab host) counts
    from 0."""
    before = [x for x in lines if x[0] < t0]
    inside = [x for x in lines if t0 <= x[0] <= t1]
    if not inside:
        return None
    prev = dict(before[-1][1]) if before else {}
    total = {c: 0 for c in COUNTERS}
    for _, p, _ in inside:
        for c in COUNTERS:
            v, was = p.get(c) or 0, prev.get(c) or 0
            total[c] += v - was if v >= was else v
        prev = p
    return total


def telemetry_goals(run_dir, res):
    """One goal per app phase with metrics-log lines inside it (module doc)."""
    lines = read_log(os.path.join(run_dir, "metrics.jsonl")) if run_dir else []
    out = []
    phases = (res.get("scoring") or {}).get("phases") or {}
    for ph, s in res["phases"].items():
        sp = phases.get(ph) or {}
        if "mpsdn" not in str(s.get("controller", "")) or sp.get("t0_epoch") is None:
            continue
        t0 = sp["t0_epoch"]
        t1 = t0 + (sp.get("end_s") or s.get("duration_s") or 0)
        d = deltas(lines, t0, t1)
        if d is None:
            continue
        streams = sorted({x[2] for x in lines if t0 <= x[0] <= t1 and x[2] is not None})
        missed = d["missedReports"] + d["missedWindows"]
        out.append({"goal": f"phase {ph}: {GOAL} (reports and streamed windows missed)", "value": missed,
                    "counters": d, "stream_telemetry": streams[0] if len(streams) == 1 else streams,
                    "target": "0", "met": missed == 0 and d["accepted"] > 0, "phase": ph})
    return out
