"""Plots of the lab experiments (matplotlib, imported only when a plot is drawn)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import os  # noqa: E402

import scoring  # noqa: E402

UES = ["ue1", "ue2", "ue3", "ue4"]
DEVICE = {"wifi": "a1", "lte": "b1"}   # suffix of each AP switch's device id (topology.AP dpid)


def plot_prototype(res, path):
    phases = list(res["phases"].keys())
    labels = ["UE1", "UE2", "UE3", "UE4", "Wi-Fi AP", "LTE eNB"]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    w = 0.8 / len(phases)
    for i, ph in enumerate(phases):
        s = res["phases"][ph]
        vals = [s["ue"][u]["total"] for u in UES] + [s["ap"]["wifi"], s["ap"]["lte"]]
        ax.bar([x + i * w for x in range(len(labels))], vals, w, label=ph)
    ax.set_xticks([x + w * (len(phases) - 1) / 2 for x in range(len(labels))])
    ax.set_xticklabels(labels)
    ax.set_ylabel("throughput (Mb/s)")
    ax.set_title("mpsdn lab, prototype experiment (paper Fig. 3 / Fig. 9)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_series(res, path, keys, title):
    """Throughput series and the Wi-Fi Tier-2 meter limit in force, on one Mb/s axis (a limit above the plot's
    top, e.g. the capacity, is drawn at the edge and its value written there); the demand steps, if any."""
    fig, ax = plt.subplots(figsize=(10, 4.8))
    top = 5.0
    for ph, s in res["phases"].items():
        t = s["series"]["t"]
        for k, label in keys:
            if k in s["series"]:
                ax.plot(t, s["series"][k], label=f"{label} ({ph})")
                top = max(top, max(s["series"][k]))
        mt, mr = meter_steps(s, "wifi", os.path.dirname(os.path.abspath(path)))
        if mt:
            ax.step(mt + [t[-1]], [min(r, top * 1.2) for r in mr + mr[-1:]], "k--", where="post", lw=1.2,
                    label="Wi-Fi Tier-2 meter limit in force (Mb/s)")
            for x, r in zip(mt, mr):
                if r > top * 1.2:
                    ax.annotate(f"{r:.0f}", (x, top * 1.2), fontsize=7, va="bottom")
    steps = res.get("demand_steps") or []
    if steps:
        ax.step([x for x, _r in steps] + [res["phases"][next(iter(res["phases"]))]["series"]["t"][-1]],
                [r for _x, r in steps] + [steps[-1][1]], color="grey", lw=0.8, where="post", label="Tier-1 demand")
    ax.set_ylim(0, top * 1.3)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("Mb/s")
    ax.set_title(f"{title}, profile {res['params'].get('profile')}")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def meter_steps(s, ap, out_dir):
    """(t into the phase, Mb/s) of the app's Tier-2 limit in force at ap during the phase, each time it changed: from
    the lab host's 1-s regulation log (scoring.read_regulation, as the halving goals read it); results without that
    log fall back to the Tier-2 meters ADDED on ap's switch (with the meter ladder every rung is ADDED at once, so
    the meter log no longer tells which limit is in force)."""
    base = s.get("t0_epoch")
    reg = scoring.read_regulation(out_dir, base, base + s["series"]["t"][-1] + 1) if base is not None else []
    pts = [(d["t"] - base, d["aps"][ap]["limit_kbps"] / 1000) for d in reg
           if (d.get("aps", {}).get(ap) or {}).get("limit_kbps") is not None]
    if pts:
        keep = [p for i, p in enumerate(pts) if i == 0 or p[1] != pts[i - 1][1]]
        return [t for t, _r in keep], [r for _t, r in keep]
    ms = [m for m in s.get("meters", []) if m["event"] == "added" and m["device"].endswith(DEVICE[ap])]
    base = s.get("t0_epoch", ms[0]["t"] if ms else 0)
    return [m["t"] - base for m in ms], [m["rate_kbps"] / 1000 for m in ms]


def plot_idle(res, path):
    """Idle capacity: one panel per AP (its regulated phase), the Tier-2 user's rate at that AP, the capacity idle
    for it (mean over the measured window), the Tier-1 users' rates and the Tier-2 meter limit, on one axis."""
    cases = [("wifi-idle", "wifi", "ue3", ("ue1", "ue2")), ("lte-idle", "lte", "ue2", ("ue3", "ue4"))]
    fig, axes = plt.subplots(len(cases), 1, figsize=(10, 7.5), sharex=False)
    for ax, (case, ap, mpu, limited) in zip(axes, cases):
        s = res["phases"].get(f"{case}-mpsdn")
        if s is None:
            continue
        t = s["series"]["t"]
        ax.plot(t, s["series"][f"{mpu}/{ap}"], "C0", lw=1.4, label=f"Tier 2: {mpu.upper()} via {ap}")
        for i, u in enumerate(limited):
            key = f"{u}/{ap}"
            if key in s["series"]:
                ax.plot(t, s["series"][key], f"C{i + 2}", lw=0.9, alpha=0.8, label=f"Tier 1: {u.upper()} via {ap}")
        idle = (s.get("idle_mbps") or {}).get(f"{mpu}/{ap}")
        w0 = res["params"]["warmup_s"] + res["params"].get("mpsdn_settle_s", 0)
        if idle:
            ax.hlines([idle, 0.8 * idle], w0, t[-1], colors=["C1", "C1"], linestyles=["-", ":"],
                      label=f"idle for {mpu.upper()} ({idle:.1f}) and 80 %")
        mt, mr = meter_steps(s, ap, os.path.dirname(os.path.abspath(path)))
        if mt:
            ax.step(mt + [t[-1]], mr + [mr[-1]], "k--", where="post", lw=1.2, label=f"{ap} Tier-2 meter limit")
        ax.axvline(w0, color="grey", lw=0.6)
        top = max([idle or 0] + s["series"][f"{mpu}/{ap}"] + [r for r in mr if r < 60]) * 1.15
        ax.set_ylim(0, max(top, 5))
        ax.set_xlim(0, t[-1])
        ax.set_ylabel("Mb/s")
        ax.set_title(f"{ap} idle (phase {case}-mpsdn; measured after the grey line)", fontsize=10)
        ax.legend(loc="upper left", fontsize=8, ncol=2)
    axes[-1].set_xlabel("time into the phase (s)")
    fig.suptitle(f"mpsdn lab, idle capacity (paper Fig. 12), profile {res['params'].get('profile')}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
