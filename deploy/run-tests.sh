#!/usr/bin/env bash
# Runs every mpsdn test: Java (unit, property, checkstyle; the .oar is built) and Go
# (generated code up to date, vet, unit and root/namespace tests). Run as root.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
bash deploy/setup-host.sh

echo "== Java: mvn install (tests, checkstyle, .oar)"
mvn -B -ntp install

echo "== Northbound: GUI overlay JavaScript against a fake ONOS overlay API (node --test)"
node --test web-gui/src/test/js/
echo "== Northbound: Grafana dashboard queries only metrics the app exports"
python3 deploy/check-dashboard.py

echo "== Go: generated contract matches api/src/main/proto"
cd "$top/southbound-ap-agent"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
scripts/gen-proto.sh "$tmp"
diff -r "$tmp" gen >/dev/null || { echo "gen/ is stale: run southbound-ap-agent/scripts/gen-proto.sh" >&2; diff -r "$tmp" gen | head -20; exit 1; }

echo "== Go: vet and test"
go vet ./...
go test -count=1 ./...
echo "== Go: short fuzz runs of the eNB parsers"
go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 10s ./internal/enb/packet/
go test -run '^$' -fuzz '^FuzzParseTrace$' -fuzztime 10s ./internal/enb/channel/
echo "== all tests passed"
