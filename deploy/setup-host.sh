#!/usr/bin/env bash
# Installs the Debian packages mpsdn's build, tests and lab need (idempotent; root).
# JDK 17, Maven and Go are expected on the machine already.
set -euo pipefail
PKGS=(openvswitch-switch iperf3 mptcpd mptcpize python3-matplotlib ethtool iproute2 tcpdump procps psmisc)
# sim/ (ns-3 evaluation): ns-3 3.37, a C++ compiler, JSON for the bridge
PKGS+=(libns3-dev g++ make nlohmann-json3-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup-host: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for tool in java mvn go; do
  command -v "$tool" >/dev/null || { echo "setup-host: $tool is required on PATH" >&2; exit 1; }
done
