#!/usr/bin/env bash
# The main job. Until the lab lands this builds the installable .oar (app/target/*.oar).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
bash deploy/setup-host.sh
mvn -B -ntp install -DskipTests
ls -l app/target/*.oar
