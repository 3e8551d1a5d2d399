#!/usr/bin/env bash
# Builds Sigstore's cosign, pinned below, from source through the Go module
# proxy, once, and prints the binary's path on stdout. The attestation
# interop test (integrations/attest/cosign_test.go) runs it to check that
# cosign verifies what autoverify signs; it looks for the binary at the same
# path, so run this before `go test` to have that test run instead of skip.
#
# The build is slow (about 7.5 minutes on 2 cores with empty module and
# build caches, 1.7 GB of memory), hence the cache:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/autoverify/cosign-<version>/cosign
# A binary already there is reused. cosign is built with `go install
# pkg@version` from a scratch directory, in its own module context: it never
# enters this repository's go.mod.
#
# On failure it prints one line on stderr saying why and exits non-zero.
# With --cached it builds nothing: it prints the cached binary's path, or
# exits 1 when there is none.
set -euo pipefail

# integrations/attest/cosign_test.go reads this line to find the binary.
readonly COSIGN_VERSION=v2.6.5

readonly dir="${XDG_CACHE_HOME:-$HOME/.cache}/autoverify/cosign-$COSIGN_VERSION"
readonly bin="$dir/cosign"

fail() {
  echo "scripts/cosign.sh: $*" >&2
  exit 1
}

if [ -x "$bin" ]; then
  echo "$bin"
  exit 0
fi
# --cached: only say where a built cosign is; never build.
[ "${1:-}" = --cached ] && exit 1

command -v go >/dev/null 2>&1 ||
  fail "go is not on PATH: cosign $COSIGN_VERSION is built from source with go install"
mkdir -p "$dir" 2>/dev/null || fail "cannot create the cache directory $dir"

# Build into a scratch GOBIN beside the cache (same file system), then move
# the binary into place: a build interrupted, or two at once, never leaves
# a half-written cosign where the test looks.
work=$(mktemp -d "$dir/build.XXXXXX") || fail "cannot create a build directory in $dir"
trap 'rm -rf "$work"' EXIT
log="$dir/build.log"

[ -t 2 ] && echo "building cosign $COSIGN_VERSION into $dir (minutes the first time)..." >&2
# -mod=mod and GOWORK=off: resolve cosign's own go.mod, whatever GOFLAGS or
# go.work the caller has; the scratch directory keeps `go` out of any
# module around the caller's working directory.
if ! (cd "$work" && GOFLAGS=-mod=mod GOWORK=off GO111MODULE=on GOBIN="$work/bin" \
  go install "github.com/sigstore/cosign/v2/cmd/cosign@$COSIGN_VERSION") >"$log" 2>&1; then
  reason=$(grep -v '^go: downloading ' "$log" | tail -n 1)
  fail "go install github.com/sigstore/cosign/v2/cmd/cosign@$COSIGN_VERSION failed: ${reason:-no output} (full log: $log)"
fi
mv -f "$work/bin/cosign" "$bin" || fail "cannot move the built cosign to $bin"
echo "$bin"
