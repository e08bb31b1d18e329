#!/bin/sh
# Makes the fan-out benchmark's PKI with the product's cert tool: one CA, the controller's pair, and one pair
# per fake agent (ap-ap<i>.crt/.key, URI SAN mpsdn://ap/ap<i>). Existing files are kept.
# Usage (from the repository root): bench/scripts/fanout-pki.sh [agents] [dir]   (defaults 10000, bench/target/fanout-pki)
set -eu
n=${1:-10000}
dir=${2:-bench/target/fanout-pki}
root=$(cd "$(dirname "$0")/../.." && pwd)
certs=$root/bench/target/mpsdn-certs
(cd "$root/southbound-ap-agent" && go build -o "$certs" ./cmd/mpsdn-certs)
[ -f "$dir/ca.crt" ] || "$certs" -dir "$dir" ca
[ -f "$dir/controller-bench.crt" ] || "$certs" -dir "$dir" controller bench
seq 0 $((n - 1)) | xargs -P 2 -I{} sh -c '[ -f "$2/ap-ap$3.crt" ] || "$1" -dir "$2" ap "ap$3"' sh "$certs" "$dir" {}
echo "$(ls "$dir" | grep -c '^ap-ap.*\.crt$') agent certificates in $dir"
