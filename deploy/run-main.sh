#!/usr/bin/env bash
# The main job: builds the app (.oar), the lab host and the cell emulator, then runs the lab's prototype
# experiment (paper Fig. 3 / Fig. 9) end to end on this machine - No-MP, MP without regulation, MP with
# mpsdn - and prints the summary table beside the paper's numbers. Root required (namespaces, OVS).
# Results: deploy/lab/out/prototype.json (schema in README, lab section) and deploy/lab/out/prototype.png.
# PHASE_S (default 40) sets each phase's length in seconds.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
bash deploy/setup-host.sh
mvn -B -ntp -q install -DskipTests
ls -l app/target/*.oar
bash deploy/build-lab-binaries.sh
exec /usr/bin/python3 deploy/lab/run_lab.py prototype --phase-s "${PHASE_S:-40}" --out deploy/lab/out
