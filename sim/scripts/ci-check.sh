#!/usr/bin/env bash
# CI check of the ns-3 evaluation (seconds, not minutes): builds the scenario, runs the bridge
# protocol tests against the real Java Regulation Center, checks determinism for a seed and that
# every CSV row has its header's columns (with profile, sim_time_s, rev, ap_qdisc), that a bad option is
# refused with its name, and checks on a 4-UE
# scenario that adding two weak multipath stations lowers the Wi-Fi AP's throughput and that the
# Regulation Center in the loop restores most of it, with the paper profile and with the mpsdn one.
# Also runs the unit tests of the scripts (flow-level model, figures.py). Needs `mvn install` first
# (the bridge's classes and class path).
set -euo pipefail
sim=$(cd "$(dirname "$0")/.." && pwd)
cd "$sim"
make -s all
bridge="$sim/scripts/bridge.sh"

echo "== sim: unit tests of the scripts (flow-level model MP-Reno / OLIA, figures.py)"
python3 -m unittest discover -s "$sim/scripts" -p 'test_*.py'

echo "== sim: bridge protocol (C++ side, then a round trip through the Java bridge)"
./build/bridge-protocol-test "$bridge"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { ./build/mpsdn-scenario --layout=ci --nUes=4 --simTime=9 --warmup=4 "$@" 2>/dev/null | tail -1; }
col() { echo "$1" | cut -d, -f"$2"; } # 14 = wifi0_mbps

echo "== sim: determinism for a seed (mpsdn-regulated run twice); CSV columns"
out=(--out="$tmp/runs.csv" --series="$tmp/series.csv" --flowsOut="$tmp/flows.csv" --rev=ci)
a=$(run --seed=3 --mpShare=1 --profile=mpsdn --bridge="$bridge" --simTime=6 --warmup=3 "${out[@]}" | cut -d, -f1-25)
b=$(run --seed=3 --mpShare=1 --profile=mpsdn --bridge="$bridge" --simTime=6 --warmup=3 | cut -d, -f1-25)
[ "$a" = "$b" ] || { echo "not deterministic:"; echo "$a"; echo "$b"; exit 1; }
echo "same summary twice: $a"
python3 - "$tmp" <<'PY'
import csv, os, sys
for name in ("runs.csv", "series.csv", "flows.csv"):
    with open(os.path.join(sys.argv[1], name)) as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    assert body, f"{name}: no rows"
    assert all(len(r) == len(header) for r in body), f"{name}: rows do not have the header's {len(header)} columns"
    cols = [dict(zip(header, r)) for r in body]
    assert all((c["profile"], c["sim_time_s"], c["rev"], c["ap_qdisc"]) == ("mpsdn", "6.0", "ci", "fq_codel")
               for c in cols), name
print("ok: runs, series and flows CSVs: every row has its header's columns and profile/sim_time_s/rev/ap_qdisc")
PY

echo "== sim: a bad option is refused, naming it"
for bad in --apQdisc=fifo --profile=fast --upSignal=both; do
  if err=$(./build/mpsdn-scenario --layout=ci --nUes=4 --simTime=1 "$bad" 2>&1 >/dev/null); then
    echo "$bad was accepted"; exit 1
  fi
  case "$err" in *"${bad%%=*} must be"*) echo "ok: $bad -> $err" ;; *) echo "$bad: unclear error: $err"; exit 1 ;; esac
done

echo "== sim: weak multipath stations hurt the Wi-Fi AP; regulation restores it (paper and mpsdn profiles)"
base=$(col "$(run --mpShare=0 --profile=none)" 14)
mp=$(col "$(run --mpShare=1 --profile=none)" 14)
paper=$(col "$(run --mpShare=1 --profile=paper --bridge="$bridge")" 14)
mpsdn=$(col "$(run --mpShare=1 --profile=mpsdn --bridge="$bridge")" 14)
echo "wifi0 throughput: no multipath $base Mb/s, 2 weak multipath stations $mp Mb/s," \
  "with MP-SDN $paper Mb/s (paper profile), $mpsdn Mb/s (mpsdn profile)"
python3 - "$base" "$mp" "$paper" "$mpsdn" <<'PY'
import sys
base, mp, paper, mpsdn = map(float, sys.argv[1:])
assert mp < 0.9 * base, f"weak multipath stations should cost >10% of the AP's throughput: {base} -> {mp}"
for name, reg in (("paper", paper), ("mpsdn", mpsdn)):
    assert reg - mp >= 0.5 * (base - mp), f"{name} profile should restore most of the loss: {mp} -> {reg} (base {base})"
    print(f"ok ({name}): loss {100*(base-mp)/base:.1f}%, restored {100*(reg-mp)/(base-mp):.0f}% of it")
PY
