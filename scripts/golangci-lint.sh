#!/usr/bin/env bash
# Installs golangci-lint, pinned below, from source through the Go module
# proxy into /usr/local/bin (where the upstream corpus's recorder and the
# sandbox's PATH find it), once. The upstream corpus
# (scripts/corpus/upstream) has scenarios that run it on the real projects;
# without it they exit 127 and count as not reproduced, never as scored.
# The build takes about two minutes on 2 cores with a warm module cache.
# A binary of the pinned version already there is kept.
#
# On failure it prints one line on stderr saying why and exits non-zero.
set -euo pipefail

readonly VERSION=v2.15.0
readonly dest=/usr/local/bin/golangci-lint

if [ -x "$dest" ] && "$dest" version 2>/dev/null | grep -q "version ${VERSION#v} "; then
  exit 0
fi
[ -w "$(dirname "$dest")" ] || { echo "scripts/golangci-lint.sh: $(dirname "$dest") is not writable: run it as root" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! (cd "$scratch" && GOBIN="$scratch" GOFLAGS=-mod=mod go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$VERSION") >"$scratch/log" 2>&1; then
  echo "scripts/golangci-lint.sh: go install golangci-lint@$VERSION failed: $(tail -1 "$scratch/log")" >&2
  exit 1
fi
install -m 0755 "$scratch/golangci-lint" "$dest"
