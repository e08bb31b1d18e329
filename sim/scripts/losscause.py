#!/usr/bin/env python3
"""Where the multipath loss that regulation does not win back goes (issue 18, Fig. 5/10 and 18), per seed:
losscause.py <figure csv> [share ...]   (the -flows.csv beside it is read too; shares in %, default 40 80)

Same seed = same placement, so every UE has a *home* network: the one it uses as a single-path user in
s0-none (Wi-Fi within --wifiRange of an AP, else LTE; sim/src/placement.cc). Per share and profile:
  * the change against s0-none of the Wi-Fi APs' sum and of LTE, and the Wi-Fi Tier-2 rate;
  * away primaries: multipath users whose primary (their faster subflow; both count under `none`) is not
    their home network, with the PHY rate of that primary;
  * single-path users against *their own* s0-none throughput (the same UEs; ratio of the sums), split by
    home network. wonback.py compares the mean of the s<s> single-path users with the mean of all 30 UEs
    of s0-none, who are mostly other users;
  * a rate-anomaly check: per AP and run, Eq. 2 without collisions (throughput N / sum(1/r_i) over the
    AP's Tier-1 stations) predicts the AP's throughput relative to s0-none; the script prints how well
    the predicted change follows the measured one over all runs (slope and r of a least-squares line).
  * share noise: over the APs whose Tier-1 stations (by UE) are the same as in s0-none, each station's
    throughput and the AP's Tier-1 sum against s0-none (mean, sd): how far a single user's share moves
    between two runs with the same station set, the noise in a per-seed single-path ratio of 1-2 users.
  * starved stations: Tier-1 Wi-Fi stations with less than STARVED (10 %) of their AP's mean Tier-1 station
    throughput in the run, per run (s0-none beside it), and the Wi-Fi change against s0-none split between
    the APs with a starved station and the others. In the uplink a station whose TCP ACKs queue behind the
    other uploads' ACKs in the AP's one MAC queue times out and backs off (docs/results.md, Fig. 18).
Reads the CSVs only; the rows of every rev in them are used."""
import collections
import csv
import statistics
import sys

STARVED = 0.1


def load(path):
    with open(path) as f:
        summary = {(r["tag"], r["seed"]): r for r in csv.DictReader(f)}
    runs = collections.defaultdict(lambda: collections.defaultdict(list))
    with open(path.replace(".csv", "-flows.csv")) as f:
        for r in csv.DictReader(f):
            runs[(r["tag"], r["seed"])][r["ue"]].append(r)
    return summary, runs


def tier1(subflows, regulated):
    """The subflows that are Tier 1: the only one, both under `none`, else the faster (the primary)."""
    if len(subflows) == 1 or not regulated:
        return subflows
    return [max(subflows, key=lambda r: float(r["th_mbps"]))]


def stations(users, regulated, field):
    """AP -> {ue: float(field)} of its Tier-1 Wi-Fi stations (field: phy_mbps or th_mbps)."""
    out = collections.defaultdict(dict)
    for ue, subflows in users.items():
        for r in tier1(subflows, regulated):
            if r["ap"] != "lte":
                out[r["ap"]][ue] = float(r[field])
    return out


def share_noise(runs, tag, seed):
    """(per-station ratios, per-AP sum ratios) against s0-none on the APs whose Tier-1 stations are unchanged."""
    before = stations(runs[("s0-none", seed)], False, "th_mbps")
    now = stations(runs[(tag, seed)], not tag.endswith("-none"), "th_mbps")
    users, sums = [], []
    for ap, stations0 in before.items():
        if set(stations0) == set(now.get(ap, {})) and all(stations0.values()):
            users += [now[ap][ue] / stations0[ue] for ue in stations0]
            sums.append(sum(now[ap].values()) / sum(stations0.values()))
    return users, sums


def starved(users, regulated):
    """AP -> the UEs among its Tier-1 Wi-Fi stations below STARVED x the AP's mean station throughput."""
    out = {}
    for ap, th in stations(users, regulated, "th_mbps").items():
        mean = statistics.fmean(th.values())
        out[ap] = sorted(ue for ue, t in th.items() if t < STARVED * mean)
    return out


def starved_split(row, row0, now):
    """(change of the APs with a starved station, change of the others) against s0-none, Mb/s."""
    with_s = sum(float(row[f"{ap}_mbps"]) - float(row0[f"{ap}_mbps"]) for ap, ues in now.items() if ues)
    return with_s, wifi_sum(row) - wifi_sum(row0) - with_s


def eq2(rates):
    return len(rates) / sum(1.0 / r for r in rates) if rates else 0.0


def wifi_sum(row):
    return sum(float(row[f"wifi{i}_mbps"]) for i in range(3))


def one_run(summary, runs, tag, seed):
    base, users = runs[("s0-none", seed)], runs[(tag, seed)]
    home = {ue: rs[0]["ap"] for ue, rs in base.items()}
    th0 = {ue: float(rs[0]["th_mbps"]) for ue, rs in base.items()}
    regulated = not tag.endswith("-none")
    away = []
    for ue, subflows in users.items():
        if len(subflows) > 1 and regulated:
            p = tier1(subflows, True)[0]
            if (p["ap"] == "lte") != (home[ue] == "lte"):
                away.append(f"ue{ue} {'LTE' if home[ue] == 'lte' else 'Wi-Fi'}->{p['ap']}@{float(p['phy_mbps']):.0f}")
    sp = {ue: float(rs[0]["th_mbps"]) for ue, rs in users.items() if len(rs) == 1 and rs[0]["multipath"] == "0"}
    ratio = lambda ues: (sum(sp[u] for u in ues) / sum(th0[u] for u in ues)) if ues else float("nan")  # noqa: E731
    row, row0 = summary[(tag, seed)], summary[("s0-none", seed)]
    now_starved = starved(users, regulated)
    return {
        "starved": sum(len(v) for v in now_starved.values()),
        "starved0": sum(len(v) for v in starved(base, False).values()),
        "starved_split": starved_split(row, row0, now_starved),
        "d_wifi": wifi_sum(row) - wifi_sum(row0),
        "d_lte": float(row["lte_mbps"]) - float(row0["lte_mbps"]),
        "t2_wifi": sum(float(row[f"t2_wifi{i}_mbps"]) for i in range(3)),
        "away": away,
        "sp_own": ratio(list(sp)),
        "sp_wifi": ratio([u for u in sp if home[u] != "lte"]),
        "sp_lte": ratio([u for u in sp if home[u] == "lte"]),
        "anomaly": anomaly_points(row, row0, stations(users, regulated, "phy_mbps"),
                                  stations(base, False, "phy_mbps")),
    }


def anomaly_points(row, row0, now, before):
    """(predicted, measured) change of each AP's throughput against s0-none, Mb/s."""
    points = []
    for i in range(3):
        ap = f"wifi{i}"
        t0 = float(row0[f"{ap}_mbps"])
        if before.get(ap) and now.get(ap):
            predicted = t0 * eq2(list(now[ap].values())) / eq2(list(before[ap].values())) - t0
            points.append((predicted, float(row[f"{ap}_mbps"]) - t0))
    return points


def fit(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / sxx, my - sxy / sxx * mx, sxy / (sxx * syy) ** 0.5


def main(path, shares):
    summary, runs = load(path)
    seeds = sorted({s for t, s in summary if t == "s0-none"}, key=int)
    points, users, sums = [], [], []
    for s in shares:
        for p in ("none", "paper", "mpsdn"):
            tag = f"s{s}-{p}"
            done = [k for k in seeds if (tag, k) in summary and (tag, k) in runs]
            if not done:
                continue
            res = {k: one_run(summary, runs, tag, k) for k in done}
            for k, r in res.items():
                points += r["anomaly"]
                if p != "none":
                    u, a = share_noise(runs, tag, k)
                    users, sums = users + u, sums + a
            m = lambda f: statistics.fmean(r[f] for r in res.values())  # noqa: E731
            print(f"{tag} ({len(done)} seeds): Wi-Fi {m('d_wifi'):+.2f} Mb/s, LTE {m('d_lte'):+.2f} Mb/s against "
                  f"s0-none; Wi-Fi Tier 2 {m('t2_wifi'):.2f} Mb/s; away primaries "
                  f"{statistics.fmean(len(r['away']) for r in res.values()):.1f} per run; single-path users / their "
                  f"own s0-none {m('sp_own'):.0%} (Wi-Fi home {m('sp_wifi'):.0%}, LTE home {m('sp_lte'):.0%})")
            split = [statistics.fmean(r["starved_split"][i] for r in res.values()) for i in (0, 1)]
            print(f"  starved Tier-1 Wi-Fi stations {m('starved'):.1f} per run (s0-none {m('starved0'):.1f}); Wi-Fi "
                  f"change on APs with one {split[0]:+.2f} Mb/s, on the others {split[1]:+.2f} Mb/s")
            for k, r in res.items():
                print(f"  seed {k}: Wi-Fi {r['d_wifi']:+.2f}, LTE {r['d_lte']:+.2f}, T2 {r['t2_wifi']:.2f}; "
                      f"single-path {r['sp_own']:.0%} ({r['sp_wifi']:.0%} / {r['sp_lte']:.0%}); away {len(r['away'])}: "
                      f"{', '.join(r['away'])}")
    if len(users) > 1:
        print(f"share noise (regulated runs, {len(sums)} APs with the same Tier-1 stations as in s0-none): a station's "
              f"throughput / its s0-none value {statistics.fmean(users):.3f} ± {statistics.stdev(users):.3f} (sd, "
              f"n = {len(users)}, {min(users):.2f}-{max(users):.2f}); the AP's Tier-1 sum "
              f"{statistics.fmean(sums):.3f}" + (f" ± {statistics.stdev(sums):.3f}" if len(sums) > 1 else ""))
    line = fit(points) if len(points) > 2 else None
    if line:
        slope, icept, corr = line
        print(f"rate anomaly (Eq. 2 without collisions, Tier-1 stations per AP), {len(points)} AP-runs: "
              f"measured change = {slope:.2f} x predicted {icept:+.2f} Mb/s, r = {corr:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], [int(x) for x in sys.argv[2:]] or [40, 80])
