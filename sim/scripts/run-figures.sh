#!/usr/bin/env bash
# The ns-3 figures on a fresh Debian machine, as root: installs ns-3 and the other packages
# (deploy/setup-host.sh), builds the Java regulation core and the bridge (tests are run by
# deploy/run-tests.sh, not here), builds the scenario, then runs sim/scripts/figures.py with the
# given arguments. Examples:
#   bash sim/scripts/run-figures.sh all --preset campaign             # the committed set in docs/results/
#   bash sim/scripts/run-figures.sh fig5_10 --preset campaign --dry-run
#   bash sim/scripts/run-figures.sh all --out-dir /tmp/paper          # the paper's scale
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
bash deploy/setup-host.sh
mvn -B -ntp -q install -DskipTests -pl sim/bridge -am
make -s -C sim all
exec python3 sim/scripts/figures.py "$@"
