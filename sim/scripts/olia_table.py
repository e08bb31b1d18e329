#!/usr/bin/env python3
"""The OLIA check's table in docs/results.md, from olia.csv (figures.py olia): per source CSV, case and
quantity, ns-3's MP-Reno throughput (mean ± sample sd over seeds), the flow model's MP-Reno value (mean over
seeds; error of the mean against ns-3, and the worst seed's absolute error) and the model's OLIA value. Usage:
  sim/scripts/olia_table.py [docs/results/olia.csv]
"""
import os
import statistics as st
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from plots import rows  # noqa: E402

ORDER = ["wifi0", "wifi1", "wifi2", "lte", "sp_users", "mp_users", "wns"]


def summarize(table_rows):
    """[(source, tag, what, seeds, ns3 mean, ns3 sd, model mean, error of the mean, worst seed error, OLIA)]."""
    groups = {}
    for r in table_rows:
        groups.setdefault((r["source"], r["tag"], r["what"]), []).append(r)
    out = []
    for (src, tag, what), g in groups.items():
        ns3 = [float(r["ns3_mpreno"]) for r in g]
        reno = [float(r["model_mpreno"]) for r in g]
        olia = [float(r["model_olia"]) for r in g]
        m_ns3, m_reno = st.fmean(ns3), st.fmean(reno)
        err = (m_reno - m_ns3) / m_ns3 if m_ns3 else 0.0
        worst = max(abs(b - a) / a for a, b in zip(ns3, reno) if a) if any(ns3) else 0.0
        out.append((src, tag, what, len(g), m_ns3, st.stdev(ns3) if len(ns3) > 1 else 0.0, m_reno, err, worst,
                    st.fmean(olia)))
    key = {w: i for i, w in enumerate(ORDER)}
    return sorted(out, key=lambda x: (x[0] != "olia-ns3-flows.csv", x[0], x[1], key.get(x[2], len(ORDER))))


def main(argv):
    path = argv[1] if len(argv) > 1 else os.path.join("docs", "results", "olia.csv")
    data = rows(path)
    print("| source | case | quantity | seeds | ns-3 MP-Reno | model MP-Reno (error of the mean; worst seed) "
          "| model OLIA |")
    print("|---|---|---|---|---|---|---|")
    for src, tag, what, n, m, sd, reno, err, worst, olia in summarize(data):
        print(f"| {src} | {tag} | {what} | {n} | {m:.2f} ± {sd:.2f} | {reno:.2f} ({err:+.1%}; {worst:.1%}) "
              f"| {olia:.2f} |")


if __name__ == "__main__":
    main(sys.argv)
