#!/usr/bin/env python3
"""Where a single-path Wi-Fi user's throughput goes between s0-none and a regulated run (a diagnostic).

Reads the --verbose output of the regulated run (its stations and the run direction's meter entries with
their tier) and the figure's flows CSV (throughput after the warm-up, of that run and of s0-none of the same
seed). For every Wi-Fi AP it prints the stations of the run with tier and throughput, and for each single-path
user the ratio to its own s0-none split in two: the AP's Tier-1 total against s0-none's (all Tier 1), and the
user's share of it against its s0-none share. Usage: spshare.py VERBOSE FLOWS_CSV SEED [TAG (s80-mpsdn)], or
spshare.py --all FLOWS_CSV TAG VERBOSE... (files named ...seed<N>.verbose) with a table over the single-path users.
(a station of AP k has the address 10.<k+1>.0.<i+2>, i its rank among that AP's stations in UE order;
meaningful only for runs without re-association, which the station lines show as handovers=0).
"""
import csv
import re
import sys


def parse_verbose(path):
    stations, rx, tiers = {}, {}, {}
    for line in open(path):
        m = re.match(r"(ue\d+) (wifi\d) assoc=\d rssi=(\S+) rate=(\d+) handovers=(\d+)", line)
        if m:
            stations.setdefault(m[2], []).append((m[1], float(m[3]), int(m[4]) / 1e6, int(m[5])))
            continue
        m = re.match(r"(ue\d+) (wifi\d|lte) rx=(\d+)", line)
        if m:
            rx[(m[1], m[2])] = int(m[3])
            continue
        m = re.match(r"meter (wifi\d) src=10\.\d+\.0\.(\d+) .* tier=(\d) bytes=(\d+) packets=\d+ drops=(\d+)", line)
        if m:
            tiers[(m[1], int(m[2]) - 2)] = (int(m[3]), int(m[5]))
    return stations, rx, tiers


def flows_of(flows_csv, tag, seed):
    """{ap: {ue: (multipath, th_mbps after the warm-up)}} of one run of the figure's flows CSV."""
    out = {}
    for r in csv.DictReader(open(flows_csv)):
        if r["tag"] == tag and r["seed"] == seed:
            out.setdefault(r["ap"], {})[f"ue{r['ue']}"] = (r["multipath"] == "1", float(r["th_mbps"]))
    return out


def main(verbose, flows_csv, seed, tag="s80-mpsdn"):
    stations, _, tiers = parse_verbose(verbose)
    base, run = flows_of(flows_csv, "s0-none", seed), flows_of(flows_csv, tag, seed)
    tier1 = {(ap, st[0]) for ap, sts in stations.items() for i, st in enumerate(sts) if tiers.get((ap, i), (0, 0))[0] == 1}
    SPREAD["s0-none"] += spread(base)
    SPREAD["run"] += spread(run, tier1)
    for ap in sorted(stations):
        rows = []
        for i, (ue, rssi, rate, ho) in enumerate(stations[ap]):
            tier, drops = tiers.get((ap, i), (0, 0))
            mp, th = run.get(ap, {}).get(ue, (None, 0.0))
            rows.append((ue, rate, rssi, ho, tier, drops, mp, th))
        t1 = [r for r in rows if r[4] == 1]
        b = base.get(ap, {})
        t1_run, t1_base = sum(r[7] for r in t1), sum(th for _, th in b.values())
        print(f"{ap}: s0-none {len(b)} stations, {t1_base:.2f} Mb/s; {tag} {len(rows)} stations, {len(t1)} Tier 1 "
              f"({t1_run:.2f} Mb/s, {sum(r[0] in b for r in t1)} of them s0-none's), Tier 2 "
              f"{sum(r[7] for r in rows if r[4] == 2):.2f} Mb/s")
        for ue, rate, rssi, ho, tier, drops, mp, th in rows:
            print(f"  {ue:5} {'multipath ' if mp else 'single-path'} {rate:4.0f} Mb/s rssi {rssi:6.1f} handovers {ho} "
                  f"tier {tier} meter drops {drops:4d} {th:5.2f} Mb/s" + (f" (s0-none {b[ue][1]:5.2f})" if ue in b else ""))
        for ue, rate, rssi, ho, tier, drops, mp, th in rows:
            if mp is False and ue in b and t1_run > 0 and t1_base > 0:
                a_, b_ = t1_run / t1_base, len(b) / len(t1)
                c_ = (th / t1_run * len(t1)) / (b[ue][1] / t1_base * len(b))
                print(f"  -> single-path {ue}: {th / b[ue][1]:.0%} of its s0-none = AP's Tier-1 total {a_:.0%} "
                      f"x equal share {b_:.0%} (1/{len(t1)} against 1/{len(b)}) x its share against the equal one "
                      f"{c_:.0%} ({th / t1_run * len(t1):.2f} against {b[ue][1] / t1_base * len(b):.2f})")
                SUMMARY.append((seed, ap, ue, th / b[ue][1], a_, b_, c_))
    return 0


SUMMARY = []  # (seed, ap, ue, ratio, Tier-1 total, equal share, share against the equal one) per single-path user


SPREAD = {"s0-none": [], "run": []}  # each station's share of its AP's Tier-1 total against the equal share


def spread(flows, tier1=None):
    """Each Wi-Fi station's throughput against its AP's mean (over the AP's Tier-1 stations, if given)."""
    out = []
    for ap, fl in flows.items():
        ths = [th for ue, (_, th) in fl.items() if ap.startswith("wifi") and (tier1 is None or (ap, ue) in tier1)]
        if len(ths) > 1 and sum(ths) > 0:
            out += [th / (sum(ths) / len(ths)) for th in ths]
    return out


def summarize():
    print("seed ap    ue     ratio = T1 total x equal share x own share vs equal")
    for seed, ap, ue, r, a, b, c in SUMMARY:
        print(f"{seed:4} {ap:5} {ue:6} {r:5.0%}   {a:5.0%}      {b:5.0%}         {c:5.0%}")
    for name, v in SPREAD.items():
        if v:
            mean = sum(v) / len(v)
            sd = (sum((x - mean) ** 2 for x in v) / len(v)) ** 0.5
            print(f"Tier-1 stations' share against the equal one, {name}: {len(v)} stations, sd {sd:.0%}, "
                  f"min {min(v):.0%}, max {max(v):.0%}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--all":  # spshare.py --all FLOWS_CSV TAG VERBOSE_SEED1 ... (seed: ...seed<N>.verbose)
        for path in sys.argv[4:]:
            print(f"== {path}")
            main(path, sys.argv[2], re.search(r"seed(\d+)", path)[1], sys.argv[3])
        summarize()
        sys.exit(0)
    sys.exit(main(*sys.argv[1:5]))
