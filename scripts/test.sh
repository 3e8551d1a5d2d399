#!/usr/bin/env bash
# The project's test command (README.md, "Quick start"). It installs and
# starts what the tests need (a real redis-server; the Docker runner's tests
# build their own busybox image on the real Docker engine), checks
# formatting, vets, runs every test with the race detector, then builds and
# smoke-tests the container image and lints and validates the Helm chart
# (scripts/deploy-check.sh; SKIP_DEPLOY_CHECK=1 skips it on machines without
# Docker).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== redis"
if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "redis-server is not installed; install it (Debian: apt-get install redis-server) and rerun" >&2
    exit 1
  fi
fi
REDIS_PORT=${AUTOVERIFY_TEST_REDIS_PORT:-6379}
if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  redis-server --port "$REDIS_PORT" --save '' --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
redis-cli -p "$REDIS_PORT" ping
export ENGINEO_TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/15"

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './bot/failure/testdata/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test -race"
go test -race -count=1 ./...

if [ "${SKIP_DEPLOY_CHECK:-}" = 1 ]; then
  echo "== deploy check skipped (SKIP_DEPLOY_CHECK=1)"
else
  echo "== deploy check (image, container, Helm chart)"
  bash scripts/deploy-check.sh
fi
