"""Scores of the lab experiments; each goal is {goal, value, target, met}.

* tier1_shortfall: the seconds a Tier-1 (single-path) user spent below SHARE of its demand over the whole run, from
  the end of the warm-up to the end of the run, outside a grace of 2 x intervalMs after each demand step up or
  radio event; per user, in total, and per minute of the scored run. Input (one dict, all times in s into the run):

      run = {"warmup_s": 8.0,            # scoring starts here (samples at t >= warmup_s count)
             "end_s": 80.0,              # end of the run (samples at t <= end_s count)
             "sample_s": 0.5,            # the sampling period (optional, default 0.5)
             "interval_ms": 2000,        # the app's intervalMs in force (REST /parameters; its default when the run
                                         # did not record it: app_default("INTERVAL_MS"))
             "pace_overhead": 1.04,      # optional, default L2: radio bytes per byte of a paced user's goodput
             "radio_events": [t, ...],   # optional: radio events that concern every user (a grace each)
             "ues": {"ue1": {
                 "tier1": True,          # a single-path user; users with False are not scored
                 "demand": [(0.0, 20), (35.0, 10), (50.0, "backlogged")],   # from t on: a pace in Mb/s of goodput
                                         # (0: no demand) or "backlogged"; no demand before the first entry
                 "nomp_mbps": 21.3,      # a backlogged user's demand: its throughput in the same topology's No-MP
                                         # phase, in the samples' unit (required when the timeline says backlogged)
                 "nomp_segments": [(0.0, 21.3), (30.2, 14.9), (60.1, 21.0)],   # optional: when the phase has
                                         # radio events, its No-MP throughput between them: from t on (this run's
                                         # time of the event), its mean over the same span of the No-MP phase; a
                                         # backlogged entry takes the value in force, nomp_mbps when absent
                 "radio_events": [t, ...],   # optional: PHY changes of this user's stations or of its cells
                 "samples": [(t, mbps), ...]}}}   # its throughput at the radio (L2 frames, Mb/s, all its radios
                                         # summed), one every sample_s; mbps None: a sample the lab did not get

  A paced demand is compared at pace x pace_overhead (the samples count L2 frames, the pace counts goodput). A
  sample is short when it is below SHARE of the demand in force at its time (a sample at exactly SHARE is not). A
  step up is an entry whose demand is above the one before it (the first entry is a step up from nothing). A slot
  of the sampling grid with no sample, or a sample without a value, outside a grace is missing: it counts with
  the short ones (an absent sample does not show Tier 1 served) and is reported on its own.
  Beside it, the same count on the samples averaged over one intervalMs (each sample replaced by the mean of the
  samples in the interval that ends with it; "ei"): the regulator acts once per interval, and a 0.5-s sample of
  TCP scatters around the user's rate (a satisfied paced or backlogged user reads 4-8 % low in some samples, and a
  single-path user beside a multipath user's primary subflow sees that connection's sub-second bursts), so the
  per-sample count includes that scatter; the averaged one counts shortfalls that last at the regulator's scale.
* recovery_goal: after every step up of the Tier-1 demand, Tier 1 carries >= 95 % of its new demand within 2
  regulation cycles. A step that never recovers before the next step scores None ("not recovered"); samples
  within GUARD_S of the next step do not count (they may carry the next level's traffic).
* idle_goals: the Tier-2 (multipath) user takes >= 80 % of the capacity idle for it in the same phase. The idle
  capacity comes from the cells' own airtime models: the Wi-Fi cell emulator's status (station_idle_bps: the
  rate the station would get backlogged while the other stations keep their rates, wificell.IdleCapacity) and
  the reference eNB's airtime accounting (the station's channel rate times the TTIs the other UEs did not use).
* halving_goal: while Tier 1 is satisfied, the decreases of an AP's Tier-2 limit cut it by at most one halving per
  30 s (any sliding 30-s window; depth in halvings, log2 of the limit's ratio, so that two decreases by 1/sqrt(2)
  count as the one halving they amount to), from the app's limits in the lab's regulation log.
"""
import json
import math
import os
import re

import rest
import topology

L2 = 1.04            # L2 frames at the radio per byte of iperf3 goodput (the cells count frames)
SHARE = 0.95         # "Tier 1 reaches / keeps 95 % of its demand"
GUARD_S = 0.5        # samples this close before the next step do not count for the previous one
HALVING_WINDOW_S = 30.0


def score_recovery(steps, series, interval_s, key="ue1/wifi"):
    """For each step up of the Tier-1 demand: the regulation cycles (ceil of the time over interval_s) until a
    sample of Tier 1 carries SHARE of the new demand (as L2 rate); searched from the step until GUARD_S before
    the next step (or the end of the series); cycles None when it never did."""
    t, t1 = series["t"], series[key]
    out = []
    for k in range(1, len(steps)):
        ts, rate = steps[k]
        if rate <= steps[k - 1][1]:
            continue
        end = steps[k + 1][0] - GUARD_S if k + 1 < len(steps) else float("inf")
        got = next((tt for tt, v in zip(t, t1) if ts < tt <= end and v >= SHARE * rate * L2), None)
        out.append({"step_at_s": ts, "demand_mbps": rate, "scored_until_s": None if end == float("inf") else end,
                    "recovered_after_s": None if got is None else round(got - ts, 2),
                    "cycles": None if got is None else int(math.ceil((got - ts) / interval_s))})
    return out


def recovery_goal(recover, cycles=2):
    worst = None if not recover or any(r["cycles"] is None for r in recover) else max(r["cycles"] for r in recover)
    return {"goal": f"after every step up Tier 1 reaches >= {SHARE:.0%} of its new demand within {cycles} cycles "
                    "(cycles of the worst step; null: a step never recovered)",
            "value": worst, "per_step": [r["cycles"] for r in recover], "target": f"<= {cycles}",
            "met": worst is not None and worst <= cycles}


class IdleProbe:
    """At every traffic sample: the Wi-Fi cell emulator's status (per-station idle capacity) and the eNB's
    TTI counters, kept as (t, wifi idle bps per station, eNB tti, {ue: (served_ttis, rate_bps)})."""

    def __init__(self, lab, then=None):
        self.lab = lab
        self.then = then
        self.samples = []

    def __call__(self, t):
        wifi = None
        try:
            with open(self.lab.cell_status["wifi"]) as f:
                wifi = json.load(f).get("station_idle_bps")
        except (OSError, ValueError, KeyError):
            pass
        try:
            m = rest.enb_metrics()
            lte = (m["tti"], {u["ue_id"]: (u["served_ttis"], u["rate_bps"]) for u in m["ues"]})
        except (OSError, ValueError, KeyError):
            lte = (None, {})
        self.samples.append((t, wifi, lte[0], lte[1]))
        if self.then:
            self.then(t)

    def idle_mbps(self, ue, ap, warmup_s):
        """Mean capacity idle for ue on ap (Mb/s) over the samples after warmup_s; None without data."""
        after = [s for s in self.samples if s[0] >= warmup_s]
        if ap == "wifi":
            idx = [u for u, a, _addr, _r in getattr(self.lab, "topo", topology.DEFAULT).radio if a == "wifi"].index(ue)
            vals = [s[1][idx] for s in after if s[1] and len(s[1]) > idx]
            return round(sum(vals) / len(vals) / 1e6, 2) if vals else None
        lte = [s for s in after if s[2] is not None and ue in s[3]]
        if len(lte) < 2 or lte[-1][2] <= lte[0][2]:
            return None
        a, b = lte[0], lte[-1]
        others = sum(b[3][u][0] - a[3][u][0] for u in b[3] if u != ue and u in a[3])
        return round(max(0.0, 1 - others / (b[2] - a[2])) * b[3][ue][1] / 1e6, 2)


def idle_goal(case, mpu, ap, taken, idle, unreg=None):
    v = None if not idle else round(taken / idle, 3)
    return {"goal": f"{case}: {mpu} (Tier 2 on {ap}) takes >= 80 % of the capacity idle for it (same phase)",
            "value": v, "taken_mbps": taken, "idle_mbps": idle, "unregulated_taken_mbps": unreg,
            "target": ">= 0.8", "met": v is not None and v >= 0.8}


def read_regulation(out_dir, since, until=float("inf")):
    path = os.path.join(out_dir, "regulation.jsonl")
    lines = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    if since <= d["t"] <= until:
                        lines.append(d)
    return lines


def limit_decreases(reg, ap):
    """(epoch t, before kbps, after kbps) each time the app's Tier-2 limit of ap went down by more than 1 %."""
    out, prev = [], None
    for d in reg:
        lim = d.get("aps", {}).get(ap, {}).get("limit_kbps")
        if lim is None:
            continue
        if prev is not None and lim < 0.99 * prev:
            out.append((d["t"], prev, lim))
        prev = lim
    return out


def satisfied(series, t, tier1, interval_s):
    """Tier 1 was satisfied over the cycle before t (s into the phase): every key's mean over (t - interval_s - 1,
    t] is at least SHARE of its target's mean over the same samples (Mb/s at the radio; a target that changes in
    time, e.g. a demand step, is taken at each sample's time: a decrease decided on a window in which Tier 1 was
    short of its demand of then is not one "while Tier 1 is satisfied"); tier1 = {series key or (key, key):
    target or target(t)}."""
    ts = series["t"]
    idx = [i for i, x in enumerate(ts) if t - interval_s - 1 < x <= t]
    if not idx:
        return False
    for keys, target in tier1.items():
        keys = [k for k in (keys if isinstance(keys, tuple) else (keys,)) if k in series]   # a UE on one radio
        mean = sum(sum(series[k][i] for k in keys) for i in idx) / len(idx)
        want = sum(target(ts[i]) for i in idx) / len(idx) if callable(target) else target
        if mean < SHARE * want:
            return False
    return True


def halving_depth(cuts, window_s=HALVING_WINDOW_S):
    """The deepest any window_s window's decreases cut the limit, in halvings: the sum of log2(before / after) over
    the decreases (t, before, after) in it. A halving is 1; a decrease by one rung of the sqrt(2) meter ladder 0.5."""
    return max((sum(math.log2(b / a) for u, b, a in cuts if t <= u < t + window_s) for t, _b, _a in cuts),
               default=0.0)


def halving_goal(label, reg, ap, series, t0_epoch, tier1, interval_s, after_s=0.0):
    """While Tier 1 (tier1, see satisfied) is satisfied, the decreases of ap's limit cut it by at most one halving
    per HALVING_WINDOW_S (halving_depth, rounded to 0.01: the ladder's rungs are rounded to kbit/s), counted from
    after_s into the phase. The number of decreases in the worst window is reported beside it."""
    cuts = [(t - t0_epoch, b, a) for t, b, a in limit_decreases(reg, ap)
            if t - t0_epoch >= after_s and satisfied(series, t - t0_epoch, tier1, interval_s)]
    worst = max((sum(1 for u, _b, _a in cuts if t <= u < t + HALVING_WINDOW_S) for t, _b, _a in cuts), default=0)
    depth = round(halving_depth(cuts), 2)
    return {"goal": f"{label}: while Tier 1 is satisfied the decreases of the {ap} Tier-2 limit cut it by at most one "
                    f"halving per {HALVING_WINDOW_S:.0f} s", "value": depth, "target": "<= 1", "met": depth <= 1,
            "decreases": worst, "decreases_while_satisfied": [(round(t, 1), b, a) for t, b, a in cuts]}


APP_CONSTANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                             "app/src/main/java/org/mpsdn/impl/OsgiPropertyConstants.java")


def app_default(name, path=APP_CONSTANTS):
    """The app's default of a regulation property, read from its source (e.g. "INTERVAL_MS" -> the int
    INTERVAL_MS_DEFAULT of OsgiPropertyConstants); for runs that did not record the parameters in force."""
    with open(path) as f:
        m = re.search(rf"\b{name}_DEFAULT\s*=\s*([-\d.]+)", f.read())
    if m is None:
        raise ValueError(f"{name}_DEFAULT not found in {path}")
    return float(m.group(1)) if "." in m.group(1) else int(m.group(1))


def _field(d, key, where, kind=(int, float)):
    v = d.get(key) if isinstance(d, dict) else None
    if not isinstance(v, kind) or isinstance(v, bool) and kind != bool:
        raise ValueError(f"{where}{key}: missing or not {getattr(kind, '__name__', 'a number')} ({v!r})")
    return v


def demand_levels(name, u, overhead):
    """[(t, demand in the samples' unit)] of a Tier-1 user (see the module doc); a backlogged entry is its No-MP
    throughput, a pace is pace x overhead."""
    timeline = u.get("demand")
    if not isinstance(timeline, list) or not timeline:
        raise ValueError(f"ues.{name}.demand: missing or empty ({timeline!r})")
    segments = _segments(name, u)
    out = []
    for i, entry in enumerate(timeline):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2 or not isinstance(entry[0], (int, float)):
            raise ValueError(f"ues.{name}.demand[{i}]: not (t, mbps or \"backlogged\") ({entry!r})")
        t, v = entry
        if v == "backlogged" and segments:
            nxt = timeline[i + 1][0] if i + 1 < len(timeline) and isinstance(timeline[i + 1], (list, tuple)) \
                else float("inf")
            at = [(t, next(m for ts, m in reversed(segments) if ts <= t))]
            at += [(ts, m) for ts, m in segments if t < ts < nxt]
            if out and t < out[-1][0]:
                raise ValueError(f"ues.{name}.demand[{i}]: t {t} before the entry before it")
            out.extend((float(ts), float(m)) for ts, m in at)
            continue
        if v == "backlogged":
            v = _field(u, "nomp_mbps", f"ues.{name}.")
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0:
            v = v * overhead
        else:
            raise ValueError(f"ues.{name}.demand[{i}]: demand {v!r} is neither Mb/s >= 0 nor \"backlogged\"")
        if out and t < out[-1][0]:
            raise ValueError(f"ues.{name}.demand[{i}]: t {t} before the entry before it")
        out.append((float(t), float(v)))
    return out


def _segments(name, u):
    """A user's nomp_segments checked: [(t, mbps)] from t = 0, times increasing; [] when absent."""
    segs = u.get("nomp_segments")
    if segs is None:
        return []
    if (not isinstance(segs, list) or not segs or not all(_pair(x) for x in segs) or segs[0][0] != 0
            or any(b[0] <= a[0] for a, b in zip(segs, segs[1:])) or any(x[1] < 0 for x in segs)):
        raise ValueError(f"ues.{name}.nomp_segments: not [(t, mbps >= 0)] from t 0 with t increasing ({segs!r})")
    return segs


def _grid(samples, warm, end, sample_s):
    """The samples in [warm, end] as (t, value), with (t, None) in each slot of the sampling grid that has none. The
    scored slots are those of (warm, end]: a gap of about n periods between two samples holds n - 1 missing slots
    (the samples jitter around their period); before the first sample, the slots one period apart after warm; after
    the last, those up to end."""
    got = sorted((t, v) for t, v in samples if warm <= t <= end)
    if not got:
        return [(warm + k * sample_s, None) for k in range(1, round((end - warm) / sample_s) + 1)]
    lead = math.ceil((got[0][0] - warm) / sample_s - 1e-9) - 1
    out = [(got[0][0] - k * sample_s, None) for k in range(lead, 0, -1)]
    for i, (t, v) in enumerate(got):
        out.append((t, v))
        n = (round((got[i + 1][0] - t) / sample_s) - 1 if i + 1 < len(got)
             else math.floor((end - t) / sample_s + 1e-9))
        out += [(t + k * sample_s, None) for k in range(1, n + 1)]
    return out


def _number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _pair(s, allow_none=False):
    return isinstance(s, (list, tuple)) and len(s) == 2 and _number(s[0]) and (
        _number(s[1]) or allow_none and s[1] is None)


def user_shortfall(name, u, run, grace_s, overhead):
    """One Tier-1 user's shortfall (see tier1_shortfall)."""
    levels = demand_levels(name, u, overhead)
    samples = u.get("samples")
    if not isinstance(samples, list) or not all(_pair(s, allow_none=True) for s in samples):
        raise ValueError(f"ues.{name}.samples: not a list of (t, mbps or None) ({str(samples)[:80]})")
    for where, ev in ((f"ues.{name}.radio_events", u.get("radio_events", [])),
                      ("radio_events", run.get("radio_events", []))):
        if not isinstance(ev, list) or not all(_number(e) for e in ev):
            raise ValueError(f"{where}: not a list of times ({ev!r})")
    ups = [t for i, (t, v) in enumerate(levels) if v > (levels[i - 1][1] if i else 0.0)]
    events = sorted(ups + u.get("radio_events", []) + run.get("radio_events", []))
    sample_s = run.get("sample_s", 0.5)
    short = missing = 0
    spans = []
    for t, v in _grid(samples, run["warmup_s"], run["end_s"], sample_s):
        if any(e <= t < e + grace_s for e in events):
            continue
        want = next((d for ts, d in reversed(levels) if ts <= t), 0.0)
        if v is not None and not v < SHARE * want - 1e-9:
            continue
        short, missing = short + (v is not None), missing + (v is None)
        if spans and t - spans[-1][1] <= 1.5 * sample_s:
            spans[-1][1] = t
        else:
            spans.append([t, t])
    return {"short_s": short * sample_s, "missing_s": missing * sample_s, "shortfall_s": (short + missing) * sample_s,
            "step_ups_s": ups, "radio_events_s": sorted(u.get("radio_events", [])),
            "spans_s": [[round(a, 2), round(b, 2)] for a, b in spans[:20]]}


def tier1_shortfall(run):
    """Tier-1 shortfall seconds of a run (input and rules in the module doc): {users: {ue: {short_s, missing_s,
    shortfall_s, shortfall_s_per_min, step_ups_s, radio_events_s, spans_s}}, total_s, total_s_per_min, scored_s,
    grace_s}. Raises ValueError naming the field on bad input."""
    warm, end = _field(run, "warmup_s", ""), _field(run, "end_s", "")
    if end <= warm:
        raise ValueError(f"end_s: {end} is not after warmup_s {warm}")
    grace = 2 * _field(run, "interval_ms", "") / 1000.0
    overhead = run.get("pace_overhead", L2)
    ues = run.get("ues")
    if not isinstance(ues, dict):
        raise ValueError(f"ues: missing or not a dict ({ues!r})")
    minutes = (end - warm) / 60.0
    users = {}
    for name, u in sorted(ues.items()):
        if _field(u, "tier1", f"ues.{name}.", bool):
            users[name] = user_shortfall(name, u, run, grace, overhead)
            users[name]["shortfall_s_per_min"] = round(users[name]["shortfall_s"] / minutes, 2)
            ei = user_shortfall(name, dict(u, samples=interval_means(u["samples"], grace / 2)), run, grace, overhead)
            users[name]["ei_shortfall_s"] = ei["shortfall_s"]
            users[name]["ei_shortfall_s_per_min"] = round(ei["shortfall_s"] / minutes, 2)
    total = sum(u["shortfall_s"] for u in users.values())
    ei_total = sum(u["ei_shortfall_s"] for u in users.values())
    return {"users": users, "total_s": total, "total_s_per_min": round(total / minutes, 2),
            "ei_total_s": ei_total, "ei_total_s_per_min": round(ei_total / minutes, 2),
            "scored_s": round(end - warm, 2), "grace_s": grace, "share": SHARE}


def interval_means(samples, window_s):
    """Each (t, v) replaced by the mean of the values in (t - window_s, t] (None when it has none)."""
    got = sorted(samples, key=lambda s: s[0])
    out = []
    for t, _ in got:
        vals = [v for ts, v in got if t - window_s < ts <= t and v is not None]
        out.append((t, sum(vals) / len(vals) if vals else None))
    return out


SHORTFALL_TARGET_S_PER_MIN = 2.0


def shortfall_goal(label, sf, judged=False, who="Tier-1"):
    """The shortfall as a goal line. Judged (a regulated phase): the interval-averaged shortfall of every scored user
    at most SHORTFALL_TARGET_S_PER_MIN seconds per minute (the worst user's); otherwise reported (met None). who
    names the users scored ("Tier-1": the single-path users; "multipath")."""
    per = {u: v["shortfall_s"] for u, v in sf["users"].items()}
    per_ei = {u: v["ei_shortfall_s"] for u, v in sf["users"].items()}
    value = {"per_user_s": per, "total_s": sf["total_s"], "total_s_per_min": sf["total_s_per_min"],
             "ei_per_user_s": per_ei, "ei_total_s_per_min": sf["ei_total_s_per_min"],
             "ei_worst_s_per_min": max((v["ei_shortfall_s_per_min"] for v in sf["users"].values()), default=0.0)}
    return {"goal": f"{label}: {who} shortfall, s below {SHARE:.0%} of demand outside a grace of "
                    f"{sf['grace_s']:g} s after step ups and radio events (per 0.5-s sample and on the means over one "
                    f"interval; per minute of the phase, the worst {who} user judged)",
            "value": value,
            "target": (f"every user's on the interval means <= {SHORTFALL_TARGET_S_PER_MIN:g} s/min" if judged
                       else "reported (not a regulated phase)"),
            "met": value["ei_worst_s_per_min"] <= SHORTFALL_TARGET_S_PER_MIN if judged else None, "shortfall": sf}


def series_samples(series, ue):
    """[(t, Mb/s)] of a UE from a phase's series: the sum over its radios' keys ("ue/ap")."""
    keys = [k for k in series if k.split("/")[0] == ue]
    return [(t, sum(series[k][i] for k in keys)) for i, t in enumerate(series["t"])] if keys else []


def interval_ms_of(res):
    """The app's intervalMs in force in a result (params.app_parameters), else the app's default (its source)."""
    return ((res.get("params") or {}).get("app_parameters") or {}).get("intervalMs") or app_default("INTERVAL_MS")


def backlogged_phase_shortfall(res, phase, nomp="nomp"):
    """The Tier-1 shortfall of one phase of a result whose downloads are all backlogged (the prototype): its
    single-path users (those not in the phase's multipath_ues) against their throughput in the No-MP phase, from
    params.warmup_s to params.phase_s."""
    ph, p = res["phases"], res["params"]
    s = ph[phase]
    ues = {u: {"tier1": True, "demand": [(0.0, "backlogged")], "nomp_mbps": ph[nomp]["ue"][u]["total"],
               "samples": series_samples(s["series"], u)}
           for u in sorted(ph[nomp]["ue"]) if u not in s.get("multipath_ues", [])}
    return tier1_shortfall({"warmup_s": p["warmup_s"], "end_s": p["phase_s"], "sample_s": p.get("sample_s", 0.5),
                            "interval_ms": interval_ms_of(res), "ues": ues})


def shortfall_line(label, sf):
    """One console line: per user and in total, in s and s per minute of the scored run."""
    users = ", ".join(f"{u} {v['shortfall_s']:g} s ({v['shortfall_s_per_min']:g} s/min"
                      + (f", {v['missing_s']:g} s of it without a sample" if v["missing_s"] else "") + ")"
                      for u, v in sf["users"].items())
    return (f"Tier-1 shortfall, {label} (s below {SHARE:.0%} of demand over {sf['scored_s']:g} s, grace "
            f"{sf['grace_s']:g} s): {users}; total {sf['total_s']:g} s, {sf['total_s_per_min']:g} s/min; on the "
            f"interval means {sf['ei_total_s']:g} s, {sf['ei_total_s_per_min']:g} s/min")
