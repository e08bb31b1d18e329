"""Whole-run scoring of every result of the generic runner (experiment_run.run), on any topology:

* the Tier-1 shortfall of every phase (shortfall_input.py over res["scoring"]; scoring.tier1_shortfall), kept in
  res["tier1_shortfall"] {phase: ...} and as one goal per phase (reported, met None: its target comes with the
  control law; a phase whose scoring data is bad: met False, value the error naming the field);
* every multipath UE judged in every mpsdn phase with multipath UEs (report.detection_goal, the old goal beside
  the new one), on the run's topology, with the stale-subflow evidence the runner collected: the server's
  MPTcpExtSubflowStale read with every sample and the app's downlink Tier-2 limit per AP (scoring data
  server_mptcp, tier2_limits_kbps), the proof multipath_judging.stale_at_rm looks for.
* the multipath users' shortfall in every phase with multipath users, judged as Tier 1's is: each against its
  own demand (a backlogged one's: its No-MP throughput, single-path on its home radio), kept in
  res["multipath_shortfall"] {phase: ...}; a multipath user that gets less than it would single-path loses by
  using multipath, which the Tier-1 goal does not see. As for a backlogged Tier-1 user, the reference is the
  No-MP phase's mean, split only at radio events: it does not follow other users' demand steps on the user's
  home radio (none in the committed experiments: in dynamic demand UE1 steps on Wi-Fi, UE3's home is LTE);
* after every change of a multipath user's primary in an app phase, its throughput reaches 80 % of its new
  primary's share within 2 cycles (primary_change.py, from the app's regulation log in the run's folder);
* the lab had CPU to spare in every app phase (cpu_goals): the machine was busy in at least CPU_FULL of its
  time in at most CPU_FULL_SHARE of the phase's 1-s reads (probes.MachineCpu). Above it the emulated cells, the
  delay lines and the senders starve, and a shortfall may be the lab's: on two Wi-Fi APs and an LTE cell at
  a921155 a single-path LTE user got 9.4 of its 17.1 No-MP Mb/s with its station queue empty (median fill 0.05)
  while the machine was busy 0.94 at the median and at least 0.98 in 11 % of the reads (deploy/lab/README.md).
* the lab's packet path lost no frame that nothing counts, in every app phase (packet_path_goals): no AF_PACKET
  socket of the lab dropped a frame (probes.packet_socket_drops, read at the phase's start and end).
* every AP report reached the app's cycles in every app phase (telemetry_goal.py, from the lab host's metrics
  log): no report and no streamed window missed.
* reported: the idle share of a reference-eNB cell's TTIs while one of its Tier-1 users was short, beside the
  share otherwise (cell_idle_goals, probes.CellClock).
Each goal carries the phase it judges ("phase"). table() is the compact shortfall table printed after a run.
"""
import multipath_judging
import primary_change
import report
import scoring
import shortfall_input
import telemetry_goal

REPORTED = "reported (no target yet)"
CPU_FULL = 0.98
CPU_FULL_SHARE = 0.02


def app_parameter(lab, name, constant):
    """The app's parameter in force (REST /parameters, read by the controller), else its default (its source)."""
    return (getattr(lab, "app_parameters", None) or {}).get(name) or scoring.app_default(constant)


def stale_evidence(phase, rm_kbps):
    """multipath_judging's stale argument of one phase of the scoring data: {"counts": [(t, n)] of the server's
    stale counter, "limits": {ap: [(t, kbps)]}, "rm_kbps"}; None when the counter was never read in the phase."""
    srv = phase.get("server_mptcp") or {}
    counts = [(t, n) for t, n in zip(srv.get("t_s") or [], srv.get(multipath_judging.STALE_COUNTER) or [])
              if n is not None]
    if not counts:
        return None
    return {"counts": counts, "rm_kbps": rm_kbps,
            "limits": {ap: [tuple(x) for x in v] for ap, v in (phase.get("tier2_limits_kbps") or {}).items()}}


# users scored (shortfall_input.USERS) -> (their name in a goal, the result's key of their shortfall per phase)
SHORTFALLS = {"tier1": ("Tier-1", "tier1_shortfall"), "multipath": ("multipath", "multipath_shortfall")}


def shortfall_goals(res, interval_ms, users="tier1"):
    """Computes res["tier1_shortfall"] (users "tier1") or res["multipath_shortfall"] ("multipath") of every phase
    with such users and returns one goal per phase: judged in the phases the app ran, reported in the others."""
    who, key = SHORTFALLS[users]
    res[key] = shortfall_input.shortfalls(res["scoring"], interval_ms, users)
    goals = []
    for ph, sf in res[key].items():
        if "error" in sf:
            goals.append({"goal": f"phase {ph}: {who} shortfall could not be scored", "value": sf["error"],
                          "target": REPORTED, "met": False, "phase": ph})
        else:
            regulated = "mpsdn" in str((res["phases"].get(ph) or {}).get("controller", ""))   # "lab host, mpsdn ..."
            goals.append(dict(scoring.shortfall_goal(f"phase {ph}", sf, judged=regulated, who=who), phase=ph))
    return goals


def detection_goals(lab, res, rm_kbps):
    """report.detection_goal (old and every-UE-judged) of every phase with a detection snapshot (mpsdn) and
    multipath UEs, each with its stale evidence."""
    goals = []
    for ph, s in res["phases"].items():
        if "detection" not in s or not s.get("multipath_ues"):
            continue
        stale = stale_evidence(res["scoring"]["phases"].get(ph, {}), rm_kbps)
        goals += [dict(g, phase=ph) for g in report.detection_goal(lab, s["detection"], s["multipath_ues"], stale)]
    return goals


def goals(lab, res):
    """The whole-run goals of a result with its scoring data (module doc)."""
    interval = app_parameter(lab, "intervalMs", "INTERVAL_MS")
    rm = app_parameter(lab, "rmKbps", "RM_KBPS")
    run_dir = getattr(lab, "out", None)
    primary = primary_goals(run_dir, res, interval) if run_dir else []
    return (shortfall_goals(res, interval) + shortfall_goals(res, interval, "multipath") + detection_goals(lab, res, rm)
            + primary + cpu_goals(res) + packet_path_goals(res) + cell_idle_goals(res)
            + telemetry_goal.telemetry_goals(run_dir, res))


CPU_GOAL = "the lab had CPU to spare"


def cpu_goals(res):
    """One goal per app phase with machine reads: the share of its 1-s reads in which the machine was busy in at
    least CPU_FULL of its time is at most CPU_FULL_SHARE (module doc)."""
    out = []
    for ph, s in res["phases"].items():
        busy = sorted(b for b in (s.get("machine_cpu") or {}).get("busy") or [] if b is not None)
        if "mpsdn" not in str(s.get("controller", "")) or not busy:
            continue
        full = round(sum(b >= CPU_FULL for b in busy) / len(busy), 3)
        out.append({"goal": f"phase {ph}: {CPU_GOAL} (machine busy >= {CPU_FULL} in at most "
                            f"{CPU_FULL_SHARE:.0%} of the 1-s reads; above it a shortfall may be the lab's)",
                    "value": full, "reads": len(busy), "median_busy": busy[len(busy) // 2],
                    "target": f"<= {CPU_FULL_SHARE}", "met": full <= CPU_FULL_SHARE, "phase": ph})
    return out


PACKET_PATH_GOAL = "the lab's packet path lost no frame uncounted"


def packet_path_goals(res):
    """One goal per phase that read its packet sockets: no AF_PACKET socket of the lab (the switches' ports, the
    cells, the eNBs, the delay lines) dropped a frame during the phase (probes.packet_socket_drops). Such a loss
    is the emulation's, not a queue's or a meter's, and any TCP through it slows down. Judged in app phases as
    the CPU goal is (a run that misses it is a lab failure); reported in the others."""
    out = []
    for ph, s in res["phases"].items():
        drops = s.get("packet_socket_drops")
        if drops is None:
            continue
        judged = "mpsdn" in str(s.get("controller", ""))
        total = sum(drops.values())
        out.append({"goal": f"phase {ph}: {PACKET_PATH_GOAL} (frames the lab's AF_PACKET sockets dropped)",
                    "value": total, "sockets": drops, "target": "0" if judged else REPORTED,
                    "met": total == 0 if judged else None, "phase": ph})
    return out


def cell_idle_goals(res):
    """Reported, one per phase and Tier-1 user on a reference-eNB cell that was short in some sample: the cell's
    idle share of TTIs (probes.CellClock) in the samples in which the user was short, beside the share in the other
    samples. A user short while its cell idles was not held back by anyone's airtime (its sender did not fill the
    cell), which tells a shortfall the regulator can act on from one it cannot."""
    out = []
    for ph, sf in (res.get("tier1_shortfall") or {}).items():
        clock = (res["phases"].get(ph) or {}).get("cell_clock") or {}
        ues = ((res.get("scoring") or {}).get("phases", {}).get(ph) or {}).get("ues", {})
        for u, us in sorted((sf.get("users") or {}).items()):
            for ap in sorted(set((ues.get(u) or {}).get("radios", {})) & set(clock)):
                short, other = split_by_spans(clock[ap]["t_s"], clock[ap]["idle"], us.get("spans_s") or [])
                if not short:
                    continue
                out.append({"goal": f"phase {ph}: {u}'s cell {ap} idle share of TTIs while {u} was short of its "
                                    f"demand (median; beside it the other samples')",
                            "value": median(short), "otherwise": median(other), "samples_short": len(short),
                            "target": REPORTED, "met": None, "phase": ph})
    return out


def split_by_spans(ts, values, spans):
    """The values (None left out) at times within one of the [start, end] spans, and the others."""
    inside, outside = [], []
    for t, v in zip(ts, values):
        if v is not None:
            (inside if any(a - 1e-6 <= t <= b + 1e-6 for a, b in spans) else outside).append(v)
    return inside, outside


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else None


def primary_goals(run_dir, res, interval_ms):
    """primary_change.goal of every app phase in which a multipath user's primary changed."""
    out = []
    for ph, s in res["phases"].items():
        if "mpsdn" in str(s.get("controller", "")):
            g = primary_change.goal(res, run_dir, ph, interval_ms / 1000.0)
            out += [g] if g else []
    return out


def table(res):
    """Per phase, per Tier-1 user: the shortfall in s and in s per minute of the scored run (and the seconds of it
    without a sample), with each phase's total."""
    lines = ["Tier-1 shortfall (s below 95 % of demand from the end of the warm-up to the end of the phase, outside "
             "the grace after step ups and radio events; per 0.5-s sample, and on the means over one interval (ei): "
             f"judged in the regulated phases: every user's ei <= {scoring.SHORTFALL_TARGET_S_PER_MIN:g} s/min)",
             f"{'phase':<16}{'user':<8}{'shortfall s':>12}{'s/min':>8}{'ei s':>7}{'ei s/min':>9}{'no sample s':>13}"
             f"{'scored s':>10}"]
    for ph, sf in (res.get("tier1_shortfall") or {}).items():
        if "error" in sf:
            lines.append(f"{ph:<16}not scored: {sf['error']}")
            continue
        for ue, u in sf["users"].items():
            lines.append(f"{ph:<16}{ue:<8}{u['shortfall_s']:>12g}{u['shortfall_s_per_min']:>8g}{u['ei_shortfall_s']:>7g}"
                         f"{u['ei_shortfall_s_per_min']:>9g}{u['missing_s']:>13g}{sf['scored_s']:>10g}")
        lines.append(f"{ph:<16}{'total':<8}{sf['total_s']:>12g}{sf['total_s_per_min']:>8g}{sf['ei_total_s']:>7g}"
                     f"{sf['ei_total_s_per_min']:>9g}{'':>13}{sf['scored_s']:>10g}")
        for ue, why in sf.get("unscored", {}).items():
            lines.append(f"{ph:<16}{ue:<8}not scored: {why}")
    return "\n".join(lines)
