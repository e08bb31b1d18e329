#!/usr/bin/env python3
"""Reads a --verbose trace of mpsdn-scenario (lines "trace <t> <ue> <ap> rx=<bytes>"): per Wi-Fi flow, the
seconds from t = 5 s without a received byte; prints the flows, how many have >= 10 such seconds and how
many never received anything. Usage: stalls.py <trace>"""
import sys, collections
# per flow (ue, ap): received bytes every second from a --verbose trace; counts seconds without progress
rx = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    p = line.split()
    if p and p[0] == "trace":
        rx[(p[2], p[3])][float(p[1])] = int(p[4].split("=")[1])
wifi = {k: v for k, v in rx.items() if k[1].startswith("wifi")}
out = []
for k, v in sorted(wifi.items()):
    ts = sorted(v)
    still = sum(1 for a, b in zip(ts, ts[1:]) if a >= 5 and v[b] == v[a])
    out.append((k, still, v[ts[-1]]))
print(f"{len(out)} Wi-Fi flows; seconds without a received byte (t >= 5 s) per flow:")
print(" ".join(f"{u}@{ap}:{s}" for (u, ap), s, _ in out))
print("flows with >= 10 such seconds:", sum(1 for _, s, _ in out if s >= 10), "; never connected:", sum(1 for *_, b in out if b == 0))
