#!/usr/bin/env bash
# Regenerates the Go code for the agent contract from the single .proto source in api/.
# Usage: scripts/gen-proto.sh [output-dir]   (default: gen/, relative to this module)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
proto_root="$here/../api/src/main/proto"
out=${1:-$here/gen}
PROTOC_VERSION=3.25.5
PROTOC_GEN_GO_VERSION=v1.36.10
PROTOC_GEN_GO_GRPC_VERSION=v1.5.1

# Maven's local repository as Maven resolves it (settings.xml, or -Dmaven.repo.local in MAVEN_OPTS, as a
# CI run with its own repository has it), not the default ~/.m2/repository; its colour codes stripped.
repo=$(mvn -q -B help:evaluate -Dexpression=settings.localRepository -DforceStdout 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g')
[ -n "$repo" ] || { echo "gen-proto.sh: cannot ask Maven for its local repository" >&2; exit 1; }
protoc="$repo/com/google/protobuf/protoc/$PROTOC_VERSION/protoc-$PROTOC_VERSION-linux-x86_64.exe"
if [ ! -x "$protoc" ]; then
  mvn -q -B dependency:get -Dartifact="com.google.protobuf:protoc:$PROTOC_VERSION:exe:linux-x86_64" >/dev/null
  chmod +x "$protoc"
fi
gobin=$(go env GOPATH)/bin
[ -x "$gobin/protoc-gen-go" ] || go install "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO_VERSION"
[ -x "$gobin/protoc-gen-go-grpc" ] || go install "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION"

mkdir -p "$out"
mapfile -t protos < <(cd "$proto_root" && find * -name '*.proto' | sort)
cd "$proto_root"
PATH="$gobin:$PATH" "$protoc" -I "$proto_root" \
  --go_out="$out" --go_opt=paths=source_relative \
  --go-grpc_out="$out" --go-grpc_opt=paths=source_relative \
  "${protos[@]}"
