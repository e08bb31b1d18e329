"""Every multipath UE judged, in the detection and regulation goals (report.detection_goal, soak_judged).

A UE passes when the detector grouped it and it was multipath in the kernel (an active subflow to the server on
each of its radios), when its missing subflow is an MPTCP backup its client agent set for the app (the endpoint's
backup flag, read from the kernel with the subflows; field backup_by_app), or when the run's MPTCP counters prove
that the server's scheduler marked its missing subflow stale while the app was holding that radio's Tier-2 limit
down to R_m (field stale_at_rm). A UE that stopped being multipath in the kernel otherwise counts against the goal:
a lost join (a reset subflow) is the app's defect as much as a missed grouping.

Proof of staleness needs the server namespace's MPTcpExtSubflowStale counter read over time (the kernel counts a
subflow its scheduler marks stale there; `ss` shows no per-subflow stale flag), beside the app's per-AP limit from
the regulation log. Where the lab did not read the counter over time, the goal says so (stale_evidence) and every
UE not multipath in the kernel counts against it.
"""
import scoring

STALE_COUNTER = "MPTcpExtSubflowStale"
STALE_NOT_COLLECTED = (f"not collected: proving a stale subflow needs the server namespace's {STALE_COUNTER} (and "
                       "MPTcpExtSubflowRecover) read over time (nstat -az in srv, every sample), beside the app's "
                       "per-AP limit (regulation log)")


def limits_by_ap(out, t0, until=float("inf")):
    """{ap: [(s since t0, the app's downlink Tier-2 limit kb/s)]} from the lab host's regulation log in out (a line a
    second while the app runs), over epoch [t0, until]."""
    by_ap = {}
    for d in scoring.read_regulation(out, t0, until):
        for ap, v in (d.get("aps") or {}).items():
            if v.get("limit_kbps") is not None:
                by_ap.setdefault(ap, []).append((round(d["t"] - t0, 2), v["limit_kbps"]))
    return by_ap


def stale_at_rm(counts, limits, rm_kbps, until=None):
    """Proof that the server's MPTCP scheduler marked a subflow stale while the app was holding its radio's Tier-2
    limit down to R_m: two consecutive reads (t_a, n_a), (t_b, n_b) of the server's STALE_COUNTER with n_b > n_a
    (t_b <= until: before the UE was seen not multipath) such that the limit in force at t_a and every limit logged
    after it up to until (t_b when until is None) never rose (+1 %: rates rounded to kbit/s) and the last of them was
    at most rm_kbps (+1 %). A Tier-2 subflow whose limit the law cuts to R_m in a few cycles (a Tier-1 station held
    back: half of what Tier 2 sent, each cycle) may be marked stale on the way, at a few hundred kb/s; what the proof
    excludes is a limit that rose after the mark, or one above R_m when the kernel was read. counts [(t, n)], limits
    [(t, kbps)] of the missing subflow's AP, one time base. Returns {stale_marked_between_s, stale_marks, limit_kbps}
    (limit_kbps: the highest limit from t_a on) or None."""
    counts, limits = sorted(counts or []), sorted(limits or [])
    for (ta, na), (tb, nb) in zip(counts, counts[1:]):
        if nb <= na or (until is not None and tb > until):
            continue
        end = tb if until is None else until
        before = [kb for t, kb in limits if t <= ta]
        held = ([before[-1]] if before else []) + [kb for t, kb in limits if ta < t <= end]
        if not before or any(kb is None for kb in held):
            continue
        never_rose = all(b <= a * 1.01 for a, b in zip(held, held[1:]))
        if never_rose and held[-1] <= rm_kbps * 1.01:
            return {"stale_marked_between_s": [round(ta, 2), round(tb, 2)], "stale_marks": nb - na,
                    "limit_kbps": max(held)}
    return None


def multipath_goal(label, want, grouped, kernel, stale=None, ap_of=None, until=None, backup=None):
    """Every multipath UE judged. want {ue: [its addresses]}; grouped [ue] the detector held as one multipath user
    with exactly those addresses; kernel {ue: [addresses with an active subflow]} (None: not read, every UE taken
    as multipath); stale None (the counters were not collected) or {"counts": [(t, n)] of the server's
    STALE_COUNTER, "limits": {ap: [(t, kbps)]}, "rm_kbps": R_m}; ap_of {address: ap}; until: the time the kernel
    was read (stale marks after it do not explain it); backup {ue: [addresses whose endpoint carries the backup
    flag when the kernel was read]} (None: not read). A UE passes when grouped and multipath in the kernel, when
    every missing address is an MPTCP backup its client agent set for the app (field backup_by_app: the server
    sends nothing on such a subflow while the other is active, and the detector may no longer see it live), or when
    stale_at_rm proves its missing subflow stale at R_m (field stale_at_rm); every other UE counts against."""
    stale_at, against, not_mp, backed = {}, [], {}, {}
    for ue in sorted(want):
        active = None if kernel is None else kernel.get(ue, [])
        if active is None or set(want[ue]) <= set(active):
            if ue not in grouped:
                against.append(ue)
            continue
        not_mp[ue] = active
        missing = [a for a in want[ue] if a not in active]
        if backup is not None and set(missing) <= set(backup.get(ue, [])):
            backed[ue] = missing
            continue
        proofs = [stale_at_rm(stale["counts"], stale["limits"].get((ap_of or {}).get(a)), stale["rm_kbps"], until)
                  for a in want[ue] if a not in active] if stale else [None]
        if all(proofs):
            stale_at[ue] = proofs
        else:
            against.append(ue)
    value = {"grouped": sorted(u for u in grouped if u in want), "counted_against": against,
             "not_multipath_in_kernel": not_mp, "backup_by_app": backed, "stale_at_rm": stale_at,
             "stale_evidence": "collected" if stale else STALE_NOT_COLLECTED}
    return {"goal": f"{label}: every multipath UE judged ({', '.join(sorted(want))}): grouped and multipath in the "
                    "kernel, its missing subflow an MPTCP backup the app asked for, or proven stale at R_m",
            "value": value,
            "target": f"all of {sorted(want)}", "met": bool(want) and not against}
