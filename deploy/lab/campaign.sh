#!/usr/bin/env bash
# Every lab experiment at the app's defaults (profile mpsdn) with `paper` beside it, RUNS runs each, into the
# committed result layout (deploy/lab/results/README.md). Root; builds nothing (deploy/run-main.sh builds first).
#   bash deploy/lab/campaign.sh [RUNS] [EXPERIMENT ...]     # default: 3 runs of every experiment below
# EXPERIMENT is a key of the list below (prototype, dynamic-demand, ...). Each run holds the lab lock.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-3}
if [ $# -gt 0 ]; then shift; fi
declare -A CMD=(
  [prototype]="prototype"
  [dynamic-demand]="dynamic-demand"
  [idle-capacity]="idle-capacity"
  [prototype-multi-mp]="run prototype --topology multi-mp"
  [prototype-two-wifi]="run prototype-two-wifi"
  [radio-event]="run radio-event"
  [uplink-two-wifi]="run uplink"
)
ORDER=(prototype dynamic-demand idle-capacity prototype-multi-mp prototype-two-wifi radio-event uplink-two-wifi)
if [ $# -gt 0 ]; then ORDER=("$@"); fi
for exp in "${ORDER[@]}"; do
  [ -n "${CMD[$exp]:-}" ] || { echo "campaign: unknown experiment $exp (want one of ${!CMD[*]})" >&2; exit 2; }
done
for exp in "${ORDER[@]}"; do
  # shellcheck disable=SC2086
  /usr/bin/python3 "$top/deploy/lab/repeat.py" --runs "$runs" --dest "$top/deploy/lab/results/$exp" -- ${CMD[$exp]}
  # shellcheck disable=SC2086
  /usr/bin/python3 "$top/deploy/lab/repeat.py" --runs "$runs" --dest "$top/deploy/lab/results/$exp/paper" -- ${CMD[$exp]} \
    --profile paper
done
/usr/bin/python3 "$top/deploy/results_index.py" --write
