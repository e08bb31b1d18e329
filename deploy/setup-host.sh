#!/usr/bin/env bash
# Installs the Debian packages mpsdn's build, tests and lab need (idempotent; root).
# JDK 17, Maven and Go are expected on the machine already.
set -euo pipefail
PKGS=(openvswitch-switch iperf3 mptcpd mptcpize python3-matplotlib ethtool iproute2 tcpdump procps psmisc)
# sim/ (ns-3 evaluation): ns-3 3.37, a C++ compiler, JSON for the bridge
PKGS+=(libns3-dev g++ make nlohmann-json3-dev)
# the app's page: browser test in headless Chromium driven over WebDriver (deploy/lab/page_test.py)
PKGS+=(chromium chromium-driver)
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
# northbound: the GUI overlay's JavaScript tests need node >= 18 (node --test)
command -v node >/dev/null || PKGS_NODE=(nodejs)
if [ -n "${PKGS_NODE[*]:-}" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends nodejs >/dev/null
fi
# lab REST fuzz: schemathesis from PyPI (no Debian package) in a venv of the system python
if [ ! -x /opt/mpsdn-venv/bin/schemathesis ]; then
  dpkg-query -W -f='${Status}' python3-venv 2>/dev/null | grep -q "install ok installed" || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends python3-venv >/dev/null; }
  /usr/bin/python3 -m venv /opt/mpsdn-venv
  /opt/mpsdn-venv/bin/pip install -q schemathesis==4.32.5
fi
for tool in java mvn go node python3; do
  command -v "$tool" >/dev/null || { echo "setup-host: $tool is required on PATH" >&2; exit 1; }
done
