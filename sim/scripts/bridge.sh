#!/usr/bin/env bash
# Starts the Java side of the bridge (the real Regulation Center) on stdin/stdout.
# Needs `mvn install` (it writes sim/bridge/target/classpath.txt and target/classes).
# Arguments, and the words of $MPSDN_BRIDGE_ARGS (the scenario's --bridge value cannot hold spaces:
# ns-3 reads a string option up to the first blank), go to BridgeMain, e.g.
# MPSDN_BRIDGE_ARGS="--profile=mpsdn --tier1Threshold=0.4" (sim/scripts/profile_study.py).
set -euo pipefail
dir=$(cd "$(dirname "$0")/../bridge" && pwd)
[ -f "$dir/target/classpath.txt" ] || { echo "bridge.sh: run mvn install first (no $dir/target/classpath.txt)" >&2; exit 1; }
bridge=(java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx256m -cp "$dir/target/classes:$(cat "$dir/target/classpath.txt")"
  org.mpsdn.sim.bridge.BridgeMain ${MPSDN_BRIDGE_ARGS:-} "$@")
if [ -n "${MPSDN_BRIDGE_TEE:-}" ]; then
  # A diagnostic (sim/scripts/primary_age.py): the cycle requests and decisions, one JSON line each, appended to
  # $MPSDN_BRIDGE_TEE.req and .ans. One run per prefix: the lines carry no run tag.
  tee -a "$MPSDN_BRIDGE_TEE.req" | "${bridge[@]}" | tee -a "$MPSDN_BRIDGE_TEE.ans"
  exit
fi
exec "${bridge[@]}"
