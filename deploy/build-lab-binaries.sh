#!/bin/bash
# The Go binaries the lab runs, into southbound-ap-agent/bin/: the emulated Wi-Fi cell, the path delay line, the reference eNB, the AP
# agent, the multipath UEs' client agent and the certificate helper. Called by run-main.sh and run-tests.sh.
set -euo pipefail
cd "$(dirname "$0")/../southbound-ap-agent"
go build -o bin/mpsdn-wifi-cell ./lab/cmd/mpsdn-wifi-cell
go build -o bin/mpsdn-delay-line ./lab/cmd/mpsdn-delay-line
for c in mpsdn-enb mpsdn-ap-agent mpsdn-client-agent mpsdn-certs; do
  go build -o "bin/$c" "./cmd/$c"
done
