"""Per Wi-Fi station of one --verbose run (with the mac lines of branch macdiag): AP, tier (from the meter
lines, in the run's direction), PPDUs sent, share of them without ACK, drops after the retry limit, and the
flow's bytes received; per AP the sums. Usage: macstats.py VERBOSE"""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import spshare
path = sys.argv[1]
stations, rx, tiers = spshare.parse_verbose(path)
mac = {}
for line in open(path):
    m = re.match(r"mac (\S+) ppdus=(\d+) airtime_ms=(\S+) failed=(\d+) final_failed=(\d+)", line)
    if m:
        mac[m[1]] = (int(m[2]), float(m[3]), int(m[4]), int(m[5]))
for ap in sorted(stations):
    p, a, f, ff = mac[ap]
    print(f"{ap}: AP ppdus {p} airtime {a / 1000:.1f} s, no ACK {f / p:.1%}, retry-limit drops {ff}")
    for i, (ue, rssi, rate, ho) in enumerate(stations[ap]):
        tier = tiers.get((ap, i), (0, 0))[0] or 1
        p, a, f, ff = mac.get(ue, (0, 0, 0, 0))
        print(f"  {ue:5} tier {tier} {rate:3.0f} Mb/s ppdus {p:6d} airtime {a / 1000:5.1f} s no ACK {f / max(p, 1):5.1%} "
              f"retry-limit drops {ff:3d} rx {rx.get((ue, ap), 0) / 1e6:6.1f} MB")
