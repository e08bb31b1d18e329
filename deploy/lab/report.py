"""The result of a lab experiment: its header, the detection goals, the summary tables.

Result JSON (schema "mpsdn-lab/1", written to <out>/<experiment>.json):
  experiment      "prototype" | "idle-capacity" | "dynamic-demand"
  schema          "mpsdn-lab/1"
  started, host   ISO time; kernel and CPU count
  params          phase_s, warmup_s, sample_s, radio (ue, ap, address, PHY Mb/s), wifi_contention, lte_cell,
                  southbound_timing {mode: onos|fast, flow_stats_s, meter_stats_s, arp_punt, shuffle_seed (onos)}
                  ue_source ("detected": the app finds the UEs itself; "registered": the netcfg lists them)
  phases          {name: {controller, multipath_ues,
                          ue: {ueN: {wifi, lte, total (Mb/s, from the cells' per-station byte counters),
                                     iperf (Mb/s, iperf3 receiver goodput)}},
                          ap: {wifi, lte (Mb/s)},
                          series: {t: [s], "ueN/ap": [Mb/s per sample]}, meters: [meter log lines],
                          detection (mpsdn phases): {t_s, ues: REST /ues, detection: REST /detection}}}
  paper           the paper's numbers for the same quantities (Fig. 3 / Fig. 9 / Fig. 12)
  goals           [{goal, value, target, met, phase}]: the experiment's own, then the whole-run goals (whole_run.py;
                  phase: the phase a goal judges; met null: reported, no target yet)
  tier1_shortfall {phase: Tier-1 shortfall (scoring.tier1_shortfall, with unscored and reference; or error)}
  scoring         the data for whole-run scoring (scoring_data.py)
Throughput is measured at the radio: bytes leaving each cell's per-station queue, averaged over the phase
after warm-up, in Mb/s of L2 frames (iperf3 goodput is reported beside it).
"""
import json
import os
import platform
import time

import multipath_judging
from topology import DEFAULT, RADIO, WIFI_CONTENTION
from traffic import UES


def header(name, params, lab=None):
    return {"experiment": name, "schema": "mpsdn-lab/1",
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "host": {"kernel": platform.release(), "cpus": os.cpu_count(), "loadavg_at_start": os.getloadavg()},
            "params": dict(params, radio=[list(r) for r in RADIO], wifi_contention=WIFI_CONTENTION,
                           ue_source=lab.ue_source if lab is not None else None,
                           tcp_congestion_control=lab.tcp_congestion_control if lab is not None else None,
                           path_rtt_ms=({ap: a["path_rtt_ms"] for ap, a in lab.topo.aps.items()}
                                        if lab is not None else None),
                           lte_cell=("reference eNB mpsdn-enb (PF, constant channels)"
                                     if lab is not None and lab.lte_cell == "enb"
                                     else "tc PF stand-in (equal airtime, mpsdn-wifi-cell -pf-standin)"),
                           **({"southbound_timing": dict(lab.southbound)} if lab is not None else {}))}


def detection_goal(lab, snapshot, multipath_ues, stale=None):
    """With ue_source detected, two goals side by side:
    * (kept from before) the detector grouped the two addresses of each multipath UE that was multipath in the
      kernel at the snapshot (an active subflow to the server on both radios, soak_probe.kernel_subflows) into one
      multipath user; a UE not multipath in the kernel is listed, not judged; at least one UE must be judged;
    * every multipath UE judged (multipath_judging.multipath_goal): a UE not multipath in the kernel counts against
      it unless stale (the server's MPTcpExtSubflowStale reads and the app's limits, s into the phase:
      {"counts": [(t, n)], "limits": {ap: [(t, kbps)]}, "rm_kbps": R_m}) proves its subflow stale at R_m, or its
      missing address is an MPTCP backup the app asked for (snapshot["backup"]: the UE's endpoints with the backup
      flag, set by its client agent).
    The UEs' addresses and APs are those of the lab's topology (lab.topo; the default topology's without one)."""
    if lab.ue_source != "detected":
        return []
    radio = (getattr(lab, "topo", None) or DEFAULT).radio
    want = {ue: sorted(a for u, _ap, a, _r in radio if u == ue) for ue in multipath_ues}
    kernel = (snapshot or {}).get("kernel")
    judged = [ue for ue in multipath_ues if kernel is None or set(want[ue]) <= set(kernel.get(ue, []))]
    users = ((snapshot or {}).get("detection") or {}).get("users", [])
    found = sorted(ue for ue, addrs in want.items()
                   if any(u["multipath"] and sorted(u["addresses"]) == addrs for u in users))
    value = found if len(judged) == len(multipath_ues) else {
        "grouped": found, "judged": judged, "not_multipath_in_kernel": {ue: kernel.get(ue) for ue in
                                                                          multipath_ues if ue not in judged}}
    met = bool(judged) and set(judged) <= set(found)
    backup = (snapshot or {}).get("backup") or {}
    excused = [ue for ue in multipath_ues if ue not in judged
               and set(want[ue]) - set(kernel.get(ue, [])) <= set(backup.get(ue, []))]
    if not judged and excused and len(excused) == len(multipath_ues):
        # no UE active on both radios because the app made each one's other path an MPTCP backup: nothing for
        # this goal to judge (the every-UE-judged goal beside it judges them, field backup_by_app)
        value, met = dict(value, backup_by_app={ue: backup[ue] for ue in excused}), None
    old = {"goal": f"detection (no registration) groups {', '.join(multipath_ues)} as multipath users "
                   "(those with an active subflow on both radios)",
           "value": value, "target": sorted(multipath_ues), "met": met}
    new = multipath_judging.multipath_goal("detection (no registration)", want, found, kernel, stale,
                                           {a: ap for _u, ap, a, _r in radio}, (snapshot or {}).get("t_s"),
                                           (snapshot or {}).get("backup"))
    return [old, new]


def table(res):
    """The summary table: ours beside the paper's, goals marked."""
    lines = []
    names = {"nomp": "No-MP", "mp": "MP (no regulation)", "mpsdn": "MP-SDN (mpsdn)"}
    lines.append(f"{'phase':<20}{'quantity':<10}{'ours Mb/s':>11}{'paper Mb/s':>12}")
    for ph, s in res["phases"].items():
        paper = res["paper"].get(ph, {})
        for q in ("ue1", "ue2", "ue3", "ue4"):
            p = paper.get(q)
            lines.append(f"{names.get(ph, ph):<20}{q.upper():<10}{s['ue'][q]['total']:>11.1f}"
                         f"{(f'{p:.1f}' if p is not None else '-'):>12}")
        for a in ("wifi", "lte"):
            p = paper.get(a)
            lines.append(f"{names.get(ph, ph):<20}{('Wi-Fi' if a == 'wifi' else 'LTE'):<10}{s['ap'][a]:>11.1f}"
                         f"{(f'{p:.1f}' if p is not None else '-'):>12}")
    lines.append("")
    for g in res["goals"]:
        lines.append(goal_line(g))
    return "\n".join(lines)


def goals_table(res):
    """Per-phase per-UE table plus the goals, for experiments other than the prototype."""
    lines = [f"{'phase':<22}" + "".join(f"{u.upper() + '/' + a:>11}" for u in UES for a in ("wifi", "lte"))]
    for ph, s in res["phases"].items():
        lines.append(f"{ph:<22}" + "".join(f"{s['ue'][u][a]:>11.1f}" for u in UES for a in ("wifi", "lte")))
    lines.append(f"paper: {json.dumps(res.get('paper'))}")
    for g in res["goals"]:
        lines.append(goal_line(g))
    return "\n".join(lines)


def goal_line(g):
    """One goal for the console: met, not met, or reported (met None: a quantity without a target yet)."""
    mark = "REPORT" if g["met"] is None else "MET" if g["met"] else "NOT MET"
    where = f"[{g['phase']}] " if g.get("phase") and not g["goal"].startswith(f"phase {g['phase']}") else ""
    return f"[{mark:^7}] {where}{g['goal']}: {g['value']} (target {g['target']})"
