#!/bin/sh
# Runs a benchmark and writes its raw output to OUT, headed by what it was measured on: the commit, the machine,
# the load average at the start and the command. Run it under the lab lock, from the repository's root:
#   flock /run/lock/mpsdn-lab.lock bench/run.sh OUT command [args...]
set -eu
out=$1
shift
{
    # results being written are no change to the code measured
    dirty=$(git status --porcelain --untracked-files=no -- . ':!bench/results' | grep -q . \
        && echo ' (+uncommitted changes)' || true)
    echo "# commit: $(git rev-parse HEAD)$dirty"
    echo "# machine: $(uname -srm), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(awk '/MemTotal/ {printf "%.0f GB RAM", $2 / 1048576}' /proc/meminfo), $(java -version 2>&1 | head -1)"
    echo "# loadavg at start: $(cat /proc/loadavg)"
    echo "# started: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "# command: $*"
    "$@"
    echo "# finished: $(date -u +%Y-%m-%dT%H:%M:%SZ), loadavg $(cat /proc/loadavg)"
} > "$out" 2>&1
