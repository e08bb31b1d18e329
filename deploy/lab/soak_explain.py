"""What the console says when the soak's grouped goal is not met (CI keeps only the console): per multipath download,
when the kernel joined, the samples judged, the delays and the MPTcpExt counters that moved; per miss, what the
sample read (each subflow's last data, the backup endpoints) and the lab host's 1-s regulation log over the
seconds before it (the primaries (every user's), each AP's Tier-2 limit and per-tier flow counts, the bytes each AP sent the
UE's station), so that a miss can be explained from the console alone."""
import json
import os

import scoring
import soak_checks
from topology import RADIO

LOOKBACK_S = 12


def _ue_addresses(ue):
    return {a: ap for u, ap, a, _r in RADIO if u == ue}


def regulation_lines(out, t0, ue, t):
    """One line per logged second in [t - LOOKBACK_S, t] (s since t0): ue's primaries, and per AP its Tier-2 limit,
    flows per tier and the bytes sent to ue's station in the agent's window."""
    addrs = _ue_addresses(ue)
    lines = []
    for d in scoring.read_regulation(out, t0 + t - LOOKBACK_S, t0 + t):
        prim = d.get("primaries") or {}
        aps = {}
        for ap, v in (d.get("aps") or {}).items():
            stations = (v.get("report") or {}).get("stations") or []
            sent = [s.get("sent_bytes") for s in stations if s.get("ue") in (ue, *addrs)]
            aps[ap] = {"limit_kbps": v.get("limit_kbps"), "ue_sent_bytes": sent[0] if sent else None}
        flows = d.get("flows") or {}
        lines.append(f"    {d['t'] - t0:7.1f} primaries {json.dumps(prim)} aps {json.dumps(aps)} "
                     f"flows {json.dumps(flows)}")
    return lines


def explain_misses(res, out):
    g = next((g for g in res["goals"] if g["goal"].startswith("every multipath user stays grouped")), None)
    if g is None or g["met"]:
        return ""
    lines = ["grouped goal not met; per multipath download:"]
    for d in g["value"]["downloads"]:
        lines.append("  " + json.dumps(d, separators=(",", ":")))
    lines.append("  misses: " + json.dumps(g["value"]["misses"]))
    lines.append("  not multipath in the kernel: " + json.dumps(g["value"]["not_multipath_in_kernel"]))
    samples = {x["t"]: x for x in soak_checks.jsonl(os.path.join(out, "soak-samples.jsonl"))}
    for m in g["value"]["misses"][:5]:
        x = samples.get(m["t"], {})
        lines.append(f"  miss at {m['t']} s ({m['ue']}): backup endpoints {json.dumps((x.get('backup') or {}).get(m['ue']))}"
                     f", subflows' last data (ms) {json.dumps((x.get('kernel_ages') or {}).get(m['ue']))}; "
                     f"regulation log before it:")
        lines += regulation_lines(out, res["t0_epoch"], m["ue"], m["t"])
    return "\n".join(lines)
