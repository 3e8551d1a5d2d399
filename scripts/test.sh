#!/usr/bin/env bash
# The project's test command (README.md, "Quick start"). It installs nothing
# the Go toolchain does not already bring; later stages that need Redis or a
# Docker engine start them here.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './bot/failure/testdata/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test -race"
go test -race -count=1 ./...
