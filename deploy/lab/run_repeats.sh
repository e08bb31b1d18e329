#!/bin/sh
# Repeated lab runs for a results table (issue 17): each run under the lab lock, released between runs.
#   deploy/lab/run_repeats.sh PROFILE|default EXPERIMENT FIRST LAST DEST [run_lab.py options]
# writes DEST/<profile>/<experiment>-<n>/{<experiment>.json,.png,regulation.jsonl,meters.jsonl,console.txt}
# (the run's other logs stay in deploy/lab/out/repeats). PROFILE default: no --profile (the app's default).
set -eu
profile=$1 exp=$2 first=$3 last=$4 dest=$5
shift 5
root=$(cd "$(dirname "$0")/../.." && pwd)
opt=""
[ "$profile" = default ] || opt="--profile $profile"
n=$first
while [ "$n" -le "$last" ]; do
  out=$root/deploy/lab/out/repeats/$profile-$exp-$n
  keep=$dest/$profile/$exp-$n
  rm -rf "$out" && mkdir -p "$out" "$keep"
  uptime > "$keep/console.txt"
  echo "python3 deploy/lab/run_lab.py $exp $opt $*" >> "$keep/console.txt"
  flock /work/wt/lab.lock /usr/bin/python3 "$root/deploy/lab/run_lab.py" "$exp" $opt --out "$out" "$@" \
    >> "$keep/console.txt" 2>&1 || echo "run_lab exit $?" >> "$keep/console.txt"
  for f in "$exp.json" "$exp.png" regulation.jsonl meters.jsonl; do
    [ -f "$out/$f" ] && cp "$out/$f" "$keep/"
  done
  # each phase's sockets and MPTCP counters (phases.run_phase), for runs in which a subflow is missing
  if ls "$out"/sockets-* >/dev/null 2>&1; then
    mkdir -p "$keep/sockets" && cp "$out"/sockets-* "$keep/sockets/"
  fi
  n=$((n + 1))
done
