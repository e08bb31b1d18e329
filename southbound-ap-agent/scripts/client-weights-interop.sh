#!/usr/bin/env bash
# Interoperability check of the client-weights contract: the Java ClientWeights server of the ONOS app
# (run outside ONOS by the lab host's org.mpsdn.lab.host.ClientWeightsLab) pushes manual weights to the real Go
# mpsdn-client-agent, which applies them (tbf on a veth interface in a throw-away network namespace) and
# acknowledges; the server exits 0 only after an ack of its current version with every path applied.
# Two runs: plaintext with a bearer token, then mTLS where the client's identity is its certificate made by
# mpsdn-certs (mpsdn://client/ue1) and no token is sent.
# Needs root and a prior `mvn install` (app/target/classes, deploy/lab/host/target/classes).
# Usage: scripts/client-weights-interop.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
top=$(cd "$here/.." && pwd)
ns=mwi$$
tmp=$(mktemp -d)
cleanup() {
  [ -n "${agent_pid:-}" ] && kill "$agent_pid" 2>/dev/null || true
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
  ip netns del "$ns" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

(cd "$top" && mvn -q -B -ntp -pl deploy/lab/host dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile="$tmp/cp") >/dev/null
(cd "$here" && go build -o "$tmp/agent" ./cmd/mpsdn-client-agent && go build -o "$tmp/certs" ./cmd/mpsdn-certs)

ip netns add "$ns"
ip -n "$ns" link set lo up
for i in 0 1; do
  ip -n "$ns" link add "d$i" type veth peer name "p$i"
  ip -n "$ns" addr add "10.9.$i.2/24" dev "d$i"
  ip -n "$ns" link set "d$i" up
  ip -n "$ns" link set "p$i" up
done

# interop LABEL "SERVER ARGS" "AGENT ARGS": one server/agent run, expecting an applied and acknowledged update.
# Each run has its own output files: the redirection of a background job truncates its file only once the job has
# started, so a shared file could still show the previous run's "listening" line.
interop() {
  local label=$1 server_args=$2 agent_args=$3 rc=0
  out=$tmp/server-$label.out err=$tmp/server-$label.err alog=$tmp/agent-$label.log
  # shellcheck disable=SC2086
  ip netns exec "$ns" java -cp "$top/deploy/lab/host/target/classes:$top/app/target/classes:$(cat "$tmp/cp")" \
    org.mpsdn.lab.host.ClientWeightsLab \
    --port 0 $server_args --manual "ue1:d0=200,d1=50" --exit-on-ack ue1 > "$out" 2>"$err" &
  server_pid=$!
  for _ in $(seq 900); do  # up to 180 s: a loaded shared machine starts the JVM slowly
    grep -q '^listening ' "$out" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$err" >&2; exit 1; }
    sleep 0.2
  done
  port=$(awk '/^listening /{print $2}' "$out")
  if [ -z "$port" ]; then
    echo "interop $label: the Java server did not start" >&2
    cat "$out" "$err" >&2
    exit 1
  fi
  # static shaping: no traffic runs here, and the default measured mode shapes only while the client sends
  # shellcheck disable=SC2086
  ip netns exec "$ns" "$tmp/agent" -client-id ue1 -controller "127.0.0.1:$port" $agent_args \
    -shaping-mode static -aggregate-rate 10M -state-file "" -path id=d0,kind=wifi,addr=10.9.0.2 -path id=d1,kind=lte,addr=10.9.1.2 2>"$alog" &
  agent_pid=$!
  if timeout 60 tail --pid="$server_pid" -f /dev/null; then
    wait "$server_pid" || rc=$?
  else
    echo "interop $label: no acknowledgement within 60 s" >&2
    kill "$server_pid" 2>/dev/null
    rc=124
  fi
  server_pid=
  cat "$out"
  if [ "$rc" -ne 0 ]; then
    echo "interop $label: FAILED (server exit $rc)" >&2
    cat "$err" "$alog" >&2
    exit 1
  fi
  tc -n "$ns" qdisc show dev d1 | grep -q '^qdisc tbf ' || { echo "interop $label: d1 is not shaped" >&2; tc -n "$ns" qdisc show; exit 1; }
  grep -q 'applied weights' "$alog" || { echo "interop $label: agent did not log the apply" >&2; exit 1; }
  kill "$agent_pid" 2>/dev/null
  wait "$agent_pid" 2>/dev/null || [ $? -eq 143 ]
  agent_pid=
  echo "interop $label: Java server -> Go agent: weights applied and acknowledged"
}

token=interop-$RANDOM$RANDOM$RANDOM-token
echo "$token" > "$tmp/token"
interop token "--token ue1=$token" "-insecure -token-file $tmp/token"

pki=$tmp/pki
"$tmp/certs" -dir "$pki" ca
"$tmp/certs" -dir "$pki" controller onos1 -hosts 127.0.0.1
"$tmp/certs" -dir "$pki" client ue1
interop mtls "--tls $pki/controller-onos1.crt,$pki/controller-onos1.key,$pki/ca.crt" \
  "-ca $pki/ca.crt -cert $pki/client-ue1.crt -key $pki/client-ue1.key"
grep -q ' tls$' "$tmp/server-mtls.out" || { echo "interop mtls: the server did not serve TLS" >&2; exit 1; }
