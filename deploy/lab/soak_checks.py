"""The soak's goals (soak.py), computed from its raw data (soak-samples/-memory/-probes.jsonl, the lab host's
metrics.jsonl and meters.jsonl). Each goal is {goal, value, target, met}; the rules, stated once here:

* grouped and regulated: in every sample inside a multipath download (from its start + grace_s to 1 s before its
  end) in which the UE is multipath in the kernel (subflows to the server on both radios' addresses, `ss` in its
  namespace) the detector holds the UE's two addresses as one multipath user (REST /detection) and the UE has a
  downlink per-flow rule in Tier 2 both on a switch (write_metadata + goto_table:1, the metered table) and in the
  app's view (REST /flows). The delays from the download's start (or, if the kernel's second subflow came later,
  from the first 1-s probe that saw it) to grouped / regulated are measured by 1-s probes and must be within
  grace_s. A subflow that comes back after a sample without it (its idle rule expired; to the switch and the app
  it is a new flow) gets the same grace from that sample for its rule (in_rejoin_grace, field
  samples_in_rejoin_grace; the user must stay grouped; the long-flow goal applies it too). A
  sample in which the kernel had no subflow on one radio is not a multipath user's: it is listed
  (`not_multipath_in_kernel`, with the segment's MPTcpExt counters: join sent, acked, rejected, fallback), not
  judged; at least half of the multipath downloads (and one) must be judged, so a lab whose multipath traffic
  never joins fails. Beside it (soak_judged.judged_goal) every multipath download and every sample in it is
  judged: a sample without both subflows counts against unless they were proven stale at R_m.
* ended flows expire: after a multipath download ends (and before the UE's next one starts) the user is no longer
  multipath within the tracker's idle timeout + a flow-statistics poll + 2 cycles + a sample.
* no missed cycle: the cycle counter (mpsdn_cycle_duration_seconds_count) grows by at least
  elapsed / (interval + mean cycle duration) - 1 between the first and last scrape (the loop runs with a fixed
  delay, so a cycle's own duration delays the next one; 1 cycle of tolerance for where the two scrapes fall in
  their cycles), and the lab host's 1-s metrics log never goes 2 intervals + 1 s (its resolution) without one.
* flat memory: mean of the last window within 10 % of the first window after warm-up (heap after GC, each
  agent's RSS); windows of 10 min after 5 min of warm-up, or, in runs under 30 min, the first and last third of
  the time after a warm-up of a sixth of the run.
* no leak: per bridge, the per-flow rules on the switch and the app's flows (REST /flows) are the same five-tuples
  with the same tier on the regulated downlink, and the fixed rules are exactly soak_probe.FIXED_RULES; the meters
  on the switch are the ones the lab host holds in any state (its meter log). A difference is in flight unless
  the same difference is seen in 3 consecutive samples spanning at least settle_s (flows: a flow-statistics poll
  + 2 cycles + 2 s; meters: a meter-statistics poll + a cycle + 2 s, as robustness.py allows); and once the
  demand has stopped for the tail, no per-flow rule, app flow or multipath user is left.
* counters monotone: no *_total series (nor the cycle histogram's _count and _sum) decreases between scrapes.
"""
import json
import os

from topology import RADIO, SERVER_IP, AP
import multipath_judging
import scoring
import soak_judged
import soak_probe

DEFAULT_TRACKER_IDLE_S = 600   # MultipathUserTracker.DEFAULT_IDLE_TIMEOUT_MILLIS
MP_ADDRS = {ue: tuple(sorted(a for u, _ap, a, _r in RADIO if u == ue)) for ue in ("ue2", "ue3")}


def jsonl(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def app_parameters(out):
    """What the lab sets in the app: the netcfg's APs and UEs and the lab host's component properties (none at the
    app's defaults; params.app_overrides says which of them differ from the defaults)."""
    net = json.load(open(os.path.join(out, "netcfg.json")))["apps"]["org.mpsdn.app"]["mpsdn"]
    lab = json.load(open(os.path.join(out, "lab-config.json")))
    return {"netcfg_aps": net["aps"], "netcfg_ues": net.get("ues", []),
            "component_properties": lab.get("appProperties", {})}


def goal(name, value, target, met):
    return {"goal": name, "value": value, "target": target, "met": bool(met)}


def _seg_end(s):
    return min(s["start_actual_s"] + s["duration_s"], s.get("exit_s", 1e12))


def tier2_downlink(flows_by_ap, addrs):
    return any(t == "TIER2" and k.startswith(f"tcp {SERVER_IP}:") and k.split("-")[1].split(":")[0] in addrs
               for fl in flows_by_ap.values() for k, t in fl.items())


def kernel_multipath(x, ue):
    """Whether the UE had subflows to the server on both radios in sample or probe x (True for data recorded
    before the soak read the kernel's view)."""
    k = x.get("kernel")
    return k is None or set(MP_ADDRS[ue]) <= set(k.get(ue, []))


def backed_up(x, ue):
    """The UE's addresses without an active subflow in sample x when every one of them is an MPTCP backup its client
    agent set for the app (the endpoint's backup flag, read with the kernel's view), else None; None too for data
    recorded before the soak read the endpoints."""
    k, b = x.get("kernel"), x.get("backup")
    if k is None or b is None:
        return None
    missing = [a for a in MP_ADDRS[ue] if a not in k.get(ue, [])]
    return missing if missing and set(missing) <= set(b.get(ue, [])) else None


def in_rejoin_grace(samples, seg, x, grace_s):
    """Whether sample x of download seg comes within grace_s after a sample of the same download in which the kernel
    had no active subflow on one of the UE's radios: that subflow came back since, and to the switch and the app a
    subflow that returns after its idle rule expired (an MPTCP backup or a stale subflow that carries a segment
    again) is a new flow, picked up mid-stream like a join; it gets the same grace as the download's join, from the
    last sample that saw it missing (its return came after that)."""
    before = [y["t"] for y in samples if seg["start_actual_s"] <= y["t"] < x["t"]
              and not kernel_multipath(y, seg["ue"])]
    return bool(before) and x["t"] - max(before) < grace_s


def joined_at(probes, seg):
    """The first 1-s probe time in the download at which the kernel had both subflows, or None."""
    return next((p["t"] for p in probes if seg["start_actual_s"] <= p["t"] <= _seg_end(seg)
                 and kernel_multipath(p, seg["ue"])), None)


def state(sample, ue):
    """(grouped, regulated on the switch, regulated in the app's view) of a multipath UE in one sample."""
    addrs = MP_ADDRS[ue]
    grouped = addrs in soak_probe.multipath_users(sample["detection"])
    return grouped, tier2_downlink(sample["switch_flows"], addrs), tier2_downlink(
        soak_probe.app_flows(sample["flows"]), addrs)


def _fresh_downlink(probe, addrs, age_s):
    """{address: [tiers]} of the downlink per-flow rules for addrs on the switches younger than age_s."""
    out = {}
    for fl in probe["switch_flows"].values():
        for k, (tier, dur) in fl.items():
            dst = k.split("-")[1].split(":")[0]
            if k.startswith(f"tcp {SERVER_IP}:") and dst in addrs and dur <= age_s:
                out.setdefault(dst, []).append(tier)
    return out


def delays(probes, seg):
    """From the 1-s probes, s from the download's start (or the kernel's join, if later) until (1) the user is grouped with rules of the new
    connection on both paths (younger than the download: a user still held from the UE's previous download does
    not count) and (2) one of those rules is in Tier 2 (regulated)."""
    start, addrs = seg["start_actual_s"], MP_ADDRS[seg["ue"]]
    t0 = max(start, joined_at(probes, seg) or start)
    grouped = regulated = None
    for p in probes:
        if p["t"] < t0 or p["t"] > _seg_end(seg):
            continue
        fresh = _fresh_downlink(p, addrs, p["t"] - start + 0.5)
        g = list(addrs) in p["multipath"] and len(fresh) == len(addrs)
        if g and grouped is None:
            grouped = round(p["t"] - t0, 2)
        if g and any("TIER2" in tiers for tiers in fresh.values()):
            regulated = round(p["t"] - t0, 2)
            break
    return grouped, regulated


def grouped_goal(samples, probes, segs, grace_s):
    mp = [s for s in segs if s["mode"] == "mp" and "start_actual_s" in s]
    misses, per_seg, not_mp = [], [], []
    for s in mp:
        joined = joined_at(probes, s)
        since = max(s["start_actual_s"], joined or s["start_actual_s"])
        inside = [x for x in samples if since + grace_s <= x["t"] <= _seg_end(s) - 1]
        rejoin = [x for x in inside if kernel_multipath(x, s["ue"]) and in_rejoin_grace(samples, s, x, grace_s)]
        judged = [x for x in inside if kernel_multipath(x, s["ue"]) and x not in rejoin]
        not_mp += [{"t": x["t"], "ue": s["ue"], "kernel_subflows_from": x["kernel"].get(s["ue"])}
                   for x in inside if not kernel_multipath(x, s["ue"])]
        for x in judged:
            g, sw, app = state(x, s["ue"])
            if not (g and sw and app):
                misses.append({"t": x["t"], "ue": s["ue"], "grouped": g, "tier2_switch": sw, "tier2_app": app})
        # in the grace after a rejoin the user must still be grouped; only its new flow's rule may be missing
        misses += [{"t": x["t"], "ue": s["ue"], "grouped": False, "in_rejoin_grace": True}
                   for x in rejoin if not state(x, s["ue"])[0]]
        dg, dr = delays(probes, s) if judged else (None, None)
        per_seg.append({"ue": s["ue"], "start_s": s["start_actual_s"], "end_s": round(_seg_end(s), 1),
                        "kernel_joined_s": joined, "samples": len(inside), "samples_judged": len(judged),
                        "samples_in_rejoin_grace": len(rejoin),
                        "detection_delay_s": dg, "regulated_delay_s": dr,
                        "mptcp_counters_delta": s.get("mptcp_counters_delta")})
    judged_segs = [p for p in per_seg if p["samples_judged"]]
    late = [p for p in judged_segs if p["regulated_delay_s"] is None or p["regulated_delay_s"] > grace_s]
    dmax = max((p["detection_delay_s"] for p in per_seg if p["detection_delay_s"] is not None), default=None)
    rmax = max((p["regulated_delay_s"] for p in per_seg if p["regulated_delay_s"] is not None), default=None)
    value = {"multipath_downloads": len(mp), "downloads_judged": len(judged_segs),
             "samples_checked": sum(p["samples_judged"] for p in per_seg),
             "samples_not_grouped_or_regulated": len(misses), "misses": misses[:20],
             "samples_not_multipath_in_kernel": len(not_mp), "not_multipath_in_kernel": not_mp[:20],
             "detection_delay_s_max": dmax, "regulated_delay_s_max": rmax, "late": late, "downloads": per_seg}
    return goal("every multipath user stays grouped (REST /detection) and regulated (a Tier-2 downlink rule on the "
                "switch and in REST /flows) while its download runs, after a grace from its start",
                value, f"0 misses; detection and regulation within the grace ({grace_s:.0f} s); at least half of "
                "the multipath downloads multipath in the kernel", mp and not misses and not late
                and all(p["samples"] for p in per_seg) and len(judged_segs) >= max(1, (len(mp) + 1) // 2))


def long_flow_goal(samples, segs, grace_s, idle_s):
    mp = [s for s in segs if s["mode"] == "mp" and "start_actual_s" in s]
    longest = max(mp, key=lambda s: _seg_end(s) - s["start_actual_s"], default=None)
    if longest is None:
        return goal("a long-lived multipath flow stays grouped across the tracker's idle timeout", None, "", False)
    dur = round(_seg_end(longest) - longest["start_actual_s"], 1)
    window = [x for x in samples if longest["start_actual_s"] + idle_s + 5 <= x["t"] <= _seg_end(longest) - 1]
    after = [x for x in window if kernel_multipath(x, longest["ue"])]
    backup = [x for x in window if backed_up(x, longest["ue"])]
    ok = [x for x in after if all(state(x, longest["ue"]))]
    # grouped, its returning subflow not yet ruled, within the grace after a sample without it
    excused = [x for x in after if x not in ok and state(x, longest["ue"])[0]
               and in_rejoin_grace(samples, longest, x, grace_s)]
    value = {"ue": longest["ue"], "duration_s": dur, "samples_after_expiry": len(after),
             "grouped_and_regulated": len(ok), "samples_with_an_app_backup": len(backup),
             "samples_in_rejoin_grace": len(excused)}
    name = (f"a long-lived multipath flow stays grouped and regulated across the tracker's idle timeout "
            f"({idle_s:.0f} s)")
    target = f"duration > {idle_s:.0f} s, all samples after the expiry grouped"
    if dur > idle_s and window and len(backup) == len(window):
        # its secondary was an MPTCP backup the app asked for in every sample after the expiry: nothing to judge
        return dict(goal(name, value, target, False), met=None)
    return goal(name, value, target, dur > idle_s and after and len(ok) + len(excused) == len(after))


def expiry_goal(samples, segs, bound_s):
    """After each multipath download: s until its user is no longer multipath (rule removal ends the flows in the
    tracker: flows_closed; its idle expiry is the backstop: flows_expired)."""
    out = []
    for s in [s for s in segs if s["mode"] == "mp" and "start_actual_s" in s]:
        end = _seg_end(s)
        nxt = min((x["start_actual_s"] for x in segs if x["ue"] == s["ue"] and x["mode"] == "mp"
                   and x.get("start_actual_s", -1) > s["start_actual_s"]), default=1e12)
        gone = next((x["t"] for x in samples if end <= x["t"] < nxt and not state(x, s["ue"])[0]), None)
        out.append({"ue": s["ue"], "end_s": round(end, 1),
                    "ungrouped_after_s": None if gone is None else round(gone - end, 1),
                    "next_multipath_s": None if nxt > 1e11 else nxt})
    bad = [o for o in out if (o["ungrouped_after_s"] is None and (o["next_multipath_s"] or 1e12) - o["end_s"]
                              > bound_s) or (o["ungrouped_after_s"] or 0) > bound_s]
    events = ((samples[-1].get("detection") or {}).get("events") or {}) if samples else {}
    return goal("an ended multipath download's user expires (no longer multipath in REST /detection)",
                {"ended": out, "late": bad, "tracker_events": {k: events.get(k) for k in
                                                                ("flows_closed", "flows_expired")}}, f"<= {bound_s:.0f} s after the end", out and not bad)


def cycles_goal(samples, metrics_log, interval_s):
    ms = [x for x in samples if x.get("metrics")]
    key, dur = "mpsdn_cycle_duration_seconds_count", "mpsdn_cycle_duration_seconds_sum"
    a, b = ms[0], ms[-1]
    n = b["metrics"][key] - a["metrics"][key]
    mean = (b["metrics"][dur] - a["metrics"][dur]) / n if n else 0.0
    expected = (b["t"] - a["t"]) / (interval_s + mean)
    gaps, last_n, last_t = [], None, None
    for line in metrics_log:
        if last_n is not None and line["cycles"] != last_n:
            gaps.append(line["t"] - last_t)
        if line["cycles"] != last_n:
            last_n, last_t = line["cycles"], line["t"]
    gmax = round(max(gaps), 2) if gaps else None
    value = {"cycles": int(n), "expected": round(expected, 1), "elapsed_s": round(b["t"] - a["t"], 1),
             "mean_cycle_s": round(mean, 4), "max_gap_s_1s_resolution": gmax}
    return goal("no missed cycle (cycle counter vs elapsed time; longest time without a cycle)", value,
                f">= expected - 1; max gap < {2 * interval_s + 1:.0f} s",
                n >= expected - 1 and gmax is not None and gmax < 2 * interval_s + 1)


def windows(total_s):
    if total_s >= 30 * 60:
        return 300.0, 600.0, "10-min windows after a 5-min warm-up"
    warm = total_s / 6
    return warm, (total_s - warm) / 3, "short run: first and last third after a warm-up of a sixth of the run"


def flat(points, total_s, what):
    warm, length, how = windows(total_s)
    first = [v for t, v in points if warm <= t < warm + length and v is not None]
    last = [v for t, v in points if total_s - length <= t and v is not None]
    if not first or not last:
        return goal(f"{what} flat", {"windows": how}, "within 10 %", False)
    f, l = sum(first) / len(first), sum(last) / len(last)
    ratio = l / f
    return goal(f"{what} flat: mean of the last window within 10 % of the first after warm-up",
                {"first_kb": round(f), "last_kb": round(l), "ratio": round(ratio, 3), "samples": [len(first),
                                                                                                   len(last)],
                 "windows": how}, "|ratio - 1| <= 0.10", abs(ratio - 1) <= 0.10)


def persistent(diffs, settle_s):
    """diffs: [(t, set of items)] in sample order. Items seen in >= 3 consecutive samples spanning >= settle_s."""
    run, leaks = {}, set()
    for t, items in diffs:
        run = {k: (run[k][0], run[k][1] + 1) if k in run else (t, 1) for k in items}
        leaks |= {k for k, (t1, n) in run.items() if n >= 3 and t - t1 >= settle_s}
    return sorted(str(k) for k in leaks)


def rule_diffs(sample):
    items = set()
    app = soak_probe.app_flows(sample["flows"])
    for ap in AP:
        sw, mine = sample["switch_flows"].get(ap, {}), app.get(ap, {})
        items |= {(ap, "switch only", k) for k in sw.keys() - mine.keys()}
        items |= {(ap, "app only", k) for k in mine.keys() - sw.keys()}
        items |= {(ap, "tier", k) for k in sw.keys() & mine.keys()
                  if k.startswith(f"tcp {SERVER_IP}:") and sw[k] != mine[k]}
        fixed = {int(p): n for p, n in sample["switch_fixed"].get(ap, {}).items()}
        if fixed != soak_probe.FIXED_RULES:
            items.add((ap, "fixed rules", json.dumps(fixed, sort_keys=True)))
    return items


def meter_diffs(sample, held):
    sw = {(AP[ap]["dpid"][-2:], int(i)) for ap, ms in sample["switch_meters"].items() for i in ms}
    return {("switch only",) + k for k in sw - held} | {("held only",) + k for k in held - sw}


def leak_goals(samples, out, t0, timing, interval_s):
    settle_f = timing["flow_stats_s"] + 2 * interval_s + 2
    settle_m = timing["meter_stats_s"] + interval_s + 2
    rd = [(x["t"], rule_diffs(x)) for x in samples if x.get("flows") is not None]
    mlog = os.path.join(out, "meters.jsonl")
    md = [(x["t"], meter_diffs(x, soak_probe.held_meters(mlog, 0, t0 + x.get("t_meters", x["t"])))) for x in samples]
    rleak, mleak = persistent(rd, settle_f), persistent(md, settle_m)
    transient = sum(1 for _t, d in rd if d)
    return [goal("switches' rules equal the app's view (REST /flows; fixed rules) - no leak",
                 {"samples": len(rd), "samples_with_a_difference_in_flight": transient, "persistent": rleak[:20],
                  "settle_s": settle_f}, "no difference lasting 3 samples and >= settle_s", rd and not rleak),
            goal("switches' meters equal the ones the lab host holds (meter log) - no leak",
                 {"samples": len(md), "samples_with_a_difference_in_flight": sum(1 for _t, d in md if d),
                  "persistent": mleak[:20], "settle_s": settle_m},
                 "no difference lasting 3 samples and >= settle_s", md and not mleak)]


def drained_goal(samples, segs, after_s):
    stop = max((s.get("exit_s", 0) for s in segs), default=0)
    tail = [x for x in samples if x["t"] >= stop + after_s and x.get("flows") is not None]
    if not tail:
        return goal("after the demand stops: no per-flow rule, app flow or multipath user left", None,
                    f"a sample >= {after_s} s after the last download", False)
    x = tail[-1]
    value = {"t": x["t"], "after_last_download_s": round(x["t"] - stop, 1),
             "switch_per_flow_rules": sum(len(v) for v in x["switch_flows"].values()),
             "app_flows": len((x["flows"] or {}).get("flows", [])),
             "multipath_users": sorted(soak_probe.multipath_users(x["detection"]))}
    return goal("after the demand stops: no per-flow rule, app flow or multipath user left", value, "all 0",
                not value["switch_per_flow_rules"] and not value["app_flows"] and not value["multipath_users"])


def monotone_goal(samples):
    ms = [x for x in samples if x.get("metrics")]
    names = lambda m: {k for k in m if k.split("{")[0].endswith("_total") or k.startswith(
        "mpsdn_cycle_duration_seconds_count") or k.startswith("mpsdn_cycle_duration_seconds_sum")}
    down, vanished, series = [], [], set()
    for a, b in zip(ms, ms[1:]):
        for k in names(a["metrics"]):
            series.add(k)
            if k not in b["metrics"]:
                vanished.append({"t": b["t"], "series": k})
            elif b["metrics"][k] < a["metrics"][k]:
                down.append({"t": b["t"], "series": k, "from": a["metrics"][k], "to": b["metrics"][k]})
    return goal("counters monotone (every *_total series and the cycle histogram's count/sum, between scrapes; "
                "no restart in the soak)", {"series": len(series), "scrapes": len(ms), "decreases": down[:20],
                                            "vanished": vanished[:20]}, "no decrease, none vanished",
                ms and series and not down and not vanished)


def evaluate(out, res, t0, total_s, timing):
    """The goals and the measured summary, from the raw files in out."""
    p = res["params"]
    samples = jsonl(os.path.join(out, "soak-samples.jsonl"))
    probes = jsonl(os.path.join(out, "soak-probes.jsonl"))
    memory = jsonl(os.path.join(out, "soak-memory.jsonl"))
    metrics_log = [m for m in jsonl(os.path.join(out, "metrics.jsonl")) if m["t"] >= t0]
    segs, idle, interval = res["schedule"], p["tracker_idle_timeout_s"], p["interval_s"]
    bound = idle + timing["flow_stats_s"] + 2 * interval + p["sample_s"]
    rm = (p.get("app_parameters") or {}).get("rmKbps") or scoring.app_default("RM_KBPS")
    goals = [grouped_goal(samples, probes, segs, p["grace_s"]),
             soak_judged.judged_goal(samples, probes, segs, p["grace_s"], multipath_judging.limits_by_ap(out, t0), rm),
             long_flow_goal(samples, segs, p["grace_s"], idle),
             expiry_goal(samples, segs, bound), cycles_goal(samples, metrics_log, interval)]
    goals.append(flat([(m["t"], m["heap_after_gc_kb"]) for m in memory], total_s,
                      "controller live heap (jcmd GC.class_histogram total)"))
    for ap in AP:
        goals.append(flat([(m["t"], m["rss_kb"].get(f"agent-{ap}")) for m in memory], total_s,
                          f"AP agent {ap} RSS (/proc VmRSS)"))
    goals += leak_goals(samples, out, t0, timing, interval)
    goals.append(drained_goal(samples, segs, p["drained_after_s"]))
    goals.append(monotone_goal(samples))
    info = {k: [(m["t"], m["rss_kb"].get(k)) for m in memory][-1:] for k in ("lab-host", "cell-wifi", "enb")}
    return {"goals": goals, "samples": len(samples), "probes": len(probes), "memory_samples": len(memory),
            "last_rss_kb_other_processes": info}
