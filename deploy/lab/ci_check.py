#!/usr/bin/env python3
"""Short lab run for CI (issue 9, Tests): three ~20 s phases of the prototype experiment, asserting the
directions of the effects on the real testbed (OVS, namespaces, kernel MPTCP, emulated cells, the app's
components in the lab host):

1. without regulation the single-path UEs (UE1 on Wi-Fi, UE4 on LTE) lose throughput; if they do not,
   the radio emulation is not faithful and the test fails;
2. with mpsdn they regain most of it (at least half of what they lost);
3. a congestion step halves the Tier-2 limit within one regulation interval (meter log of the lab host).
Exit status 0 only if every check holds. Results stay in deploy/lab/out/ci/.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import experiments  # noqa: E402
import testbed  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
INTERVAL_S = 2.0


def halving_steps(meters):
    """Consecutive Tier-2 meter installs on one device where the limit halved within one interval."""
    by_dev = {}
    for m in meters:
        if m["event"] == "added":
            by_dev.setdefault(m["device"], []).append(m)
    steps = []
    for dev, ms in by_dev.items():
        for a, b in zip(ms, ms[1:]):
            if b["rate_kbps"] <= a["rate_kbps"] / 2 + 1 and b["t"] - a["t"] <= 1.5 * INTERVAL_S:
                steps.append((dev, a["rate_kbps"], b["rate_kbps"], round(b["t"] - a["t"], 2)))
    return steps


def main():
    out = os.path.join(ROOT, "deploy/lab/out/ci")
    os.makedirs(out, exist_ok=True)
    if os.path.exists(os.path.join(out, "meters.jsonl")):
        os.remove(os.path.join(out, "meters.jsonl"))
    with testbed.Lab(ROOT, out) as lab:
        res = experiments.prototype(lab, phase_s=20, warmup_s=6)
    print(experiments.table(res))
    ph = res["phases"]
    failures = []
    for ue in ("ue1", "ue4"):
        nomp, mp, sdn = (ph[p]["ue"][ue]["total"] for p in ("nomp", "mp", "mpsdn"))
        if not mp < 0.95 * nomp:
            failures.append(f"{ue}: no loss without regulation ({nomp:.1f} -> {mp:.1f} Mb/s): emulation not faithful")
        elif not sdn - mp >= 0.5 * (nomp - mp):
            failures.append(f"{ue}: mpsdn regained {sdn - mp:.1f} of the {nomp - mp:.1f} Mb/s lost (want >= half)")
    steps = halving_steps(ph["mpsdn"]["meters"])
    print(f"\nTier-2 halving steps within one interval: {steps}")
    if not steps:
        failures.append("no congestion step halved a Tier-2 limit within one interval")
    if failures:
        print("\nLAB CHECK FAILED:\n  " + "\n  ".join(failures))
        return 1
    print("\nlab check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
