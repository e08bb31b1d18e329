#!/usr/bin/env bash
# CI check of the ns-3 evaluation (seconds, not minutes): builds the scenario, runs the bridge
# protocol tests against the real Java Regulation Center, checks determinism for a seed, and
# checks on a 4-UE scenario that adding two weak multipath stations lowers the Wi-Fi AP's
# throughput and that the Regulation Center in the loop restores most of it.
# Also runs the flow-level model's unit tests. Needs `mvn install` first (the bridge's classes and class path).
set -euo pipefail
sim=$(cd "$(dirname "$0")/.." && pwd)
cd "$sim"
make -s all
bridge="$sim/scripts/bridge.sh"

echo "== sim: flow-level model (MP-Reno / OLIA) unit tests"
python3 -m unittest discover -s "$sim/scripts" -p 'test_*.py'

echo "== sim: bridge protocol (C++ side, then a round trip through the Java bridge)"
./build/bridge-protocol-test "$bridge"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { ./build/mpsdn-scenario --layout=ci --nUes=4 --simTime=9 --warmup=4 "$@" 2>/dev/null | tail -1; }
col() { echo "$1" | cut -d, -f"$2"; } # 14 = wifi0_mbps

echo "== sim: determinism for a seed (regulated run twice)"
a=$(run --seed=3 --mpShare=1 --regulate=1 --bridge="$bridge" --simTime=6 --warmup=3 | cut -d, -f1-25)
b=$(run --seed=3 --mpShare=1 --regulate=1 --bridge="$bridge" --simTime=6 --warmup=3 | cut -d, -f1-25)
[ "$a" = "$b" ] || { echo "not deterministic:"; echo "$a"; echo "$b"; exit 1; }
echo "same summary twice: $a"

echo "== sim: weak multipath stations hurt the Wi-Fi AP; regulation restores it"
base=$(col "$(run --mpShare=0)" 14)
mp=$(col "$(run --mpShare=1)" 14)
reg=$(col "$(run --mpShare=1 --regulate=1 --bridge="$bridge")" 14)
echo "wifi0 throughput: no multipath $base Mb/s, 2 weak multipath stations $mp Mb/s, with MP-SDN $reg Mb/s"
python3 - "$base" "$mp" "$reg" <<'PY'
import sys
base, mp, reg = map(float, sys.argv[1:])
assert mp < 0.9 * base, f"weak multipath stations should cost >10% of the AP's throughput: {base} -> {mp}"
assert reg - mp >= 0.5 * (base - mp), f"regulation should restore most of the loss: {mp} -> {reg} (base {base})"
print(f"ok: loss {100*(base-mp)/base:.1f}%, restored {100*(reg-mp)/(base-mp):.0f}% of it")
PY
