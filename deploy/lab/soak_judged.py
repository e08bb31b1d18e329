"""The soak's goal that judges every multipath download (beside soak_checks.grouped_goal, which judges only the
samples in which the UE was multipath in the kernel and needs only half of the downloads judged).

Every sample inside a multipath download (from its start, or the kernel's join if later, + grace_s to 1 s before
its end) is judged: the UE must be grouped (REST /detection) and regulated (a Tier-2 downlink rule on a switch and
in REST /flows), except that within the grace after a sample without one of its subflows (soak_checks.in_rejoin_grace:
the subflow came back, a new flow to the switch and the app; listed in rejoin_grace) it need only be grouped. A sample in which the kernel had no active subflow on one of the UE's radios counts against the
goal unless every missing subflow is an MPTCP backup its client agent set for the app (the endpoint's backup
flag, read with the kernel's view; listed in backup_by_app), or the run's MPTCP counters prove that the server's
scheduler marked that subflow stale while the app held the radio's limit at R_m (multipath_judging.stale_at_rm;
listed in stale_at_rm). The soak reads the server's MPTcpExtSubflowStale with every sample, before the kernel's view (srv_stale); runs recorded before that have only
the reads at each download's start and end (mptcp_counters_delta), which place a mark only within the download
and so prove nothing for a sample before its end.
"""
import multipath_judging
import soak_checks
from topology import RADIO

AP_OF = {a: ap for _u, ap, a, _r in RADIO}


def stale_counts(samples, seg):
    """The server's stale-mark counter as reads [(t, n)] within the download: its samples' (srv_stale, read before
    their kernel view), or, in runs without them, the download's start and end (its mptcp_counters_delta)."""
    reads = [(x["t"], x["srv_stale"]) for x in samples if x.get("srv_stale") is not None
             and seg["start_actual_s"] <= x["t"] <= soak_checks._seg_end(seg)]
    if reads:
        return reads
    d = ((seg.get("mptcp_counters_delta") or {}).get("srv") or {}).get(multipath_judging.STALE_COUNTER)
    return [] if d is None else [(seg["start_actual_s"], 0), (soak_checks._seg_end(seg), d)]


def _not_multipath(x, seg, counts, limits, rm_kbps):
    """A sample in which the kernel did not hold both subflows: (missing addresses, stale proofs or None)."""
    missing = [a for a in soak_checks.MP_ADDRS[seg["ue"]] if a not in x["kernel"].get(seg["ue"], [])]
    proofs = [multipath_judging.stale_at_rm(counts, limits.get(AP_OF[a]), rm_kbps, x["t"]) for a in missing]
    return missing, (proofs if all(proofs) else None)


def judged_goal(samples, probes, segs, grace_s, limits, rm_kbps):
    """Every multipath download judged, every sample in it counted (module doc)."""
    mp = [s for s in segs if s["mode"] == "mp" and "start_actual_s" in s]
    against, stale, backups, rejoins, per = [], [], [], [], []
    for s in mp:
        joined = soak_checks.joined_at(probes, s)
        since = max(s["start_actual_s"], joined or s["start_actual_s"])
        inside = [x for x in samples if since + grace_s <= x["t"] <= soak_checks._seg_end(s) - 1]
        bad, counts = 0, stale_counts(samples, s)
        for x in inside:
            if soak_checks.kernel_multipath(x, s["ue"]):
                if soak_checks.in_rejoin_grace(samples, s, x, grace_s):
                    # still grouped; only the returning subflow's rule may be missing
                    if soak_checks.state(x, s["ue"])[0]:
                        rejoins.append({"t": x["t"], "ue": s["ue"]})
                    else:
                        bad += 1
                        against.append({"t": x["t"], "ue": s["ue"], "grouped": False, "in_rejoin_grace": True})
                    continue
                g, sw, app = soak_checks.state(x, s["ue"])
                if not (g and sw and app):
                    bad += 1
                    against.append({"t": x["t"], "ue": s["ue"], "grouped": g, "tier2_switch": sw, "tier2_app": app})
                continue
            backed = soak_checks.backed_up(x, s["ue"])
            if backed:
                backups.append({"t": x["t"], "ue": s["ue"], "missing": backed})
                continue
            missing, proofs = _not_multipath(x, s, counts, limits, rm_kbps)
            if proofs:
                stale.append({"t": x["t"], "ue": s["ue"], "missing": missing, "proof": proofs})
            else:
                bad += 1
                against.append({"t": x["t"], "ue": s["ue"], "not_multipath_in_kernel": missing})
        per.append({"ue": s["ue"], "start_s": s["start_actual_s"], "samples": len(inside), "counted_against": bad})
    value = {"multipath_downloads": len(mp), "downloads_with_samples": sum(1 for p in per if p["samples"]),
             "samples_counted_against": len(against), "counted_against": against[:20], "stale_at_rm": stale[:20],
             "samples_with_an_app_backup": len(backups), "backup_by_app": backups[:20],
             "samples_in_rejoin_grace": len(rejoins), "rejoin_grace": rejoins[:20],
             "stale_evidence": ("server read with every sample" if any(x.get("srv_stale") is not None for x in samples)
                                else "server read at each download's start and end only"), "downloads": per}
    return soak_checks.goal(
        "every multipath download judged: in every sample after the grace its user is grouped and regulated, or "
        "its missing subflow is an MPTCP backup the app asked for or proven stale at R_m", value,
        "every download judged, 0 samples counted against", mp and all(p["samples"] for p in per) and not against)
