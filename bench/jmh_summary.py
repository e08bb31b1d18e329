#!/usr/bin/env python3
"""Prints a JMH JSON result as a Markdown table: per benchmark and parameters, the median of the forks' mean
scores and their range [min, max], and the number of forks. Usage: bench/jmh_summary.py RESULT.json"""
import json
import statistics
import sys


def main(path):
    with open(path) as f:
        runs = json.load(f)
    print("| benchmark | params | median of fork means | [min, max] | forks | unit |")
    print("|---|---|---|---|---|---|")
    for r in runs:
        m = r["primaryMetric"]
        means = [statistics.mean(fork) for fork in m["rawData"]]
        params = ", ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
        print(f"| {r['benchmark'].rsplit('.', 2)[-2]}.{r['benchmark'].rsplit('.', 1)[-1]} | {params} "
              f"| {statistics.median(means):.2f} | [{min(means):.2f}, {max(means):.2f}] | {len(means)} "
              f"| {m['scoreUnit']} |")


if __name__ == "__main__":
    main(sys.argv[1])
