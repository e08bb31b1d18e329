"""Plots of figures.py (matplotlib, Agg): one line per regulation profile, mean over seeds with error bars
of one sample standard deviation. Pure functions of the CSV rows; no simulation."""
import csv
import os
import statistics

PROFILES = ["none", "paper", "mpsdn"]
LABEL = {"none": "MP-Reno (no regulation)", "paper": "MP-SDN, paper profile", "mpsdn": "MP-SDN, mpsdn profile"}
STYLE = {"none": "o-", "paper": "s-", "mpsdn": "^-"}


def rows(csv_path):
    with open(csv_path) as f:
        return list(csv.DictReader(f))


def mean_by(rs, key, field):
    acc = {}
    for r in rs:
        acc.setdefault(key(r), []).append(float(r[field]))
    return {k: sum(v) / len(v) for k, v in acc.items()}


def sd_by(rs, key, field):
    """Sample standard deviation per key (0 with a single seed)."""
    acc = {}
    for r in rs:
        acc.setdefault(key(r), []).append(float(r[field]))
    return {k: statistics.stdev(v) if len(v) > 1 else 0.0 for k, v in acc.items()}


def plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as p
    return p


def errorbars(ax, rs, key, field, profile, scale=1.0):
    m = mean_by(rs, key, field)
    sd = sd_by(rs, key, field)
    xs = sorted(m)
    if xs:
        ax.errorbar([scale * x for x in xs], [m[x] for x in xs], yerr=[sd[x] for x in xs], fmt=STYLE[profile],
                    capsize=3, label=LABEL[profile])


def save(fig, out_dir, name, title):
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, f"{name}.png"), dpi=110)


def plot_share(out_dir, name, csv_path, panels, title):
    """Per multipath share, one line per profile. At 0 % there is no Tier-2 flow: the unregulated rows stand
    for every profile there (the regulated run equals it)."""
    p = plt()
    rs = rows(csv_path)
    fig, axes = p.subplots(1, len(panels), figsize=(5 * len(panels), 3.6))
    axes = axes if len(panels) > 1 else [axes]
    for ax, (field, ylabel) in zip(axes, panels):
        for prof in PROFILES:
            sub = [r for r in rs if (r["profile"] == prof if float(r["mp_share"]) > 0 else r["profile"] == "none")
                   and (field != "mp_aat_mbps" or int(r["n_mp"]) > 0)]
            errorbars(ax, sub, lambda r: float(r["mp_share"]), field, prof, 100)
        ax.set_xlabel("multipath users (%)")
        ax.set_ylabel(ylabel)
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    save(fig, out_dir, name, title)


def plot_demand_series(out_dir, series, cases, swap):
    """Fig. 13: seed 1's wifi0 series, one panel per layout (rows) and regulated profile (columns)."""
    p = plt()
    profs = PROFILES[1:]
    fig, axes = p.subplots(len(cases), len(profs), figsize=(5.5 * len(profs), 3.4 * len(cases)), squeeze=False)
    for i, (tag, layout) in enumerate(cases):
        for j, prof in enumerate(profs):
            ax = axes[i][j]
            sub = [r for r in series if r["tag"] == f"{tag}-{prof}" and r["seed"] == "1"]
            t = [float(r["time_s"]) for r in sub]
            ax.plot(t, [float(r["t1_demand_mbps"]) for r in sub], "-", label="Tier-1 demand")
            ax.plot(t, [float(r["served_mbps"]) for r in sub], "-", label="Tier-1 demand served")
            ax.plot(t, [float(r["t2_mbps"]) for r in sub], "-", label="Tier-2 throughput")
            ax.plot(t, [float(r["t2_limit_mbps"]) for r in sub], ":", label="Tier-2 limit (core)")
            ax.set_ylim(0, 30)
            ax.set_xlabel("time (s), samples every 0.5 s")
            ax.set_ylabel("Mb/s")
            ax.set_title(f"wifi0, {layout}, {prof} profile, seed 1", fontsize=9)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
    save(fig, out_dir, "fig13", f"Fig. 13: paced Tier-1 demand 10 <-> 5 Mb/s every {swap:g} s")


def plot_param(out_dir, name, csv_path, param, xlabel, title):
    """Fig. 14/15: T1-BW-Un and T2-BW-Ac against a parameter; the unregulated run as a horizontal line."""
    p = plt()
    rs = rows(csv_path)
    fig, axes = p.subplots(1, 2, figsize=(10, 3.6))
    for ax, (field, ylabel) in zip(axes, (("t1_unsat_wifi0_mbps", "T1-BW-Un (Mb/s)"),
                                          ("t2_wifi0_mbps", "T2-BW-Ac (Mb/s)"))):
        for prof in PROFILES[1:]:
            errorbars(ax, [r for r in rs if r["profile"] == prof], lambda r: float(r[param]), field, prof)
        none = [float(r[field]) for r in rs if r["profile"] == "none"]
        if none:
            ax.axhline(sum(none) / len(none), color="gray", ls="--", label=LABEL["none"])
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    save(fig, out_dir, name, title)


def plot_mobility(out_dir, csv_path):
    p = plt()
    rs = rows(csv_path)
    fig, ax = p.subplots(figsize=(5.5, 3.6))
    for prof in PROFILES[1:]:
        errorbars(ax, [r for r in rs if r["profile"] == prof], lambda r: float(r["interval"]), "wns_mbps", prof)
    nr = [float(r["wns_mbps"]) for r in rs if r["profile"] == "none"]
    if nr:
        ax.axhline(sum(nr) / len(nr), color="gray", ls="--", label=LABEL["none"])
    ax.set_xlabel("execution interval (s)")
    ax.set_ylabel("WNS achievable throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    save(fig, out_dir, "mobility", "Mobility (Fig. 16): random waypoint 1-5 m/s, 40% multipath, Wi-Fi roaming")


def plot_fig17(out_dir, series, tags):
    p = plt()
    fig, ax = p.subplots(figsize=(7, 3.6))
    for tag in tags:
        sub = [r for r in series if r["tag"] == tag]
        ax.plot([float(r["time_s"]) for r in sub], [float(r["t1_mbps"]) + float(r["t2_mbps"]) for r in sub],
                "-", label=tag)
    ax.set_xlabel("time (s), samples every 0.5 s")
    ax.set_ylabel("wifi0 throughput (Mb/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    save(fig, out_dir, "fig17", "Fig. 17: AP throughput under mobility (random waypoint 1-5 m/s, 40% multipath), "
                                "seed 1")


def plot_olia(out_dir, out_rows):
    p = plt()
    sub = [r for r in out_rows if r["source"].startswith("olia") and r["what"] in ("wifi0", "lte")
           and r["seed"] == "1"]
    fig, ax = p.subplots(figsize=(7, 3.6))
    xs = range(len(sub))
    for k, (field, lab) in enumerate((("ns3_mpreno", "ns-3 MP-Reno"), ("model_mpreno", "model MP-Reno"),
                                      ("model_olia", "model OLIA"))):
        ax.bar([x + 0.27 * (k - 1) for x in xs], [r[field] for r in sub], 0.27, label=lab)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([f"{r['tag']}\n{r['what']}" for r in sub], fontsize=7)
    ax.set_ylabel("AP throughput (Mb/s)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    save(fig, out_dir, "olia", "Flow-level model vs ns-3 (no regulation), seed 1")
