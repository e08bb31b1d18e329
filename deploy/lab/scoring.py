"""Scores of the lab experiments against issue 17's targets; each returns goals ({goal, value, target, met}).

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
            idx = [u for u, a, _addr, _r in topology.RADIO if a == "wifi"].index(ue)
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
