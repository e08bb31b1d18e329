#!/usr/bin/env bash
# Re-runs one Fig. 18 case (uplink, 60 s, 10 s warm-up, the campaign's options) with --verbose, for the
# diagnostics in this directory. Usage, from anywhere in the repository (after `make -C sim` and `mvn install`):
#   rerun.sh OUT SEED s80-mpsdn|s0-none [extra mpsdn-scenario options, e.g. --ns3::WifiRemoteStationManager::RtsCtsThreshold=0]
# Writes OUT/<tag>-seed<SEED>.verbose (stderr) and appends the summary and flow rows to OUT/fig18.csv and
# OUT/fig18-flows.csv. REV (default: the code's git revision, as figures.py computes it) labels the rows.
set -euo pipefail
out=$(mkdir -p "$1" && cd "$1" && pwd); seed=$2; tag=$3; shift 3
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel); cd "$top"
case "$tag" in
  s80-mpsdn) case_args=(--mpShare=0.8 --profile=mpsdn --bridge="$top/sim/scripts/bridge.sh") ;;
  s0-none) case_args=(--mpShare=0 --profile=none) ;;
  *) echo "rerun.sh: tag must be s80-mpsdn or s0-none, got $tag" >&2; exit 2 ;;
esac
rev=${REV:-$(git log -1 --format=%h --abbrev=12 -- sim/src sim/bridge/src/main app/src/main/java/org/mpsdn/core)}
nice -n 19 sim/build/mpsdn-scenario --seed="$seed" --simTime=60 --warmup=10 --uplink=1 "${case_args[@]}" "$@" \
  --verbose=1 --tag="$tag" --rev="$rev" --out="$out/fig18.csv" --flowsOut="$out/fig18-flows.csv" \
  2> "$out/$tag-seed$seed.verbose" > /dev/null
