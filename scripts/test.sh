#!/usr/bin/env bash
# The project's test command (README.md, "Quick start"). It installs and
# starts what the tests need (a real redis-server; a static busybox from
# which the Docker runner's tests build their own image on the real Docker
# engine), checks formatting, vets, runs the quick subset of the tests
# (-short) with the race detector (scripts/test-long.sh: every test), and
# beside them builds and smoke-tests the container image and lints and
# validates the Helm chart (scripts/deploy-check.sh; SKIP_DEPLOY_CHECK=1
# skips it on machines without Docker).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== [${SECONDS}s] packages"
# Everything the tests need is installed here, before go test, never by a
# test: two installs at once fail on dpkg's lock, so wait for it instead.
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# bot/claims compares its signal validation with the spec's own Python.
command -v python3 >/dev/null 2>&1 || need+=(python3)
# The Docker runner's tests build their image FROM scratch out of a static
# busybox (integrations/docker/testdata/build-images.sh).
{ [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1; } || need+=(busybox-static)
# The Docker runner's gVisor tests run containers under runsc
# (integrations/docker/runtime_test.go); registered with the engine below.
if command -v docker >/dev/null 2>&1; then command -v runsc >/dev/null 2>&1 || need+=(runsc); fi
# The dashboard's browser tests drive a real headless Chromium
# (cmd/autoverify/browser_test.go); DejaVu keeps its pages' text rendered.
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
# The gates' Python end-to-end tests run pytest and pyflakes with the
# system's python3 (integrations/gaterun, cmd/autoverify gates tests).
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3-pytest)
/usr/bin/python3 -c 'import pyflakes' >/dev/null 2>&1 || need+=(python3-pyflakes)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt_opts=(-o DPkg::Lock::Timeout=600 -qq)
    apt-get "${apt_opts[@]}" update
    apt-get "${apt_opts[@]}" install -y "${need[@]}" >/dev/null
  else
    echo "missing packages: ${need[*]}; install them (Debian: apt-get install ${need[*]}) and rerun" >&2
    exit 1
  fi
fi

echo "== [${SECONDS}s] docker runtime runsc"
# Registers Debian's runsc with a local engine, once (idempotent: an engine
# that lists runsc is left alone). `--network=none`: Debian 12's runsc
# refuses every container on recent kernels otherwise (README, "Docker
# runner isolation"). A reload (SIGHUP) keeps running containers. Where this
# cannot be done (not root, a remote engine) the gVisor tests skip, and fail
# with CI=true.
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  if docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then
    echo "runsc already registered"
  elif [ "$(id -u)" = 0 ] && [ -x /usr/bin/runsc ] && [ -d /etc/docker ] && dockerd_pid=$(pidof dockerd); then
    daemon_json=/etc/docker/daemon.json
    [ -s "$daemon_json" ] || echo '{}' >"$daemon_json"
    python3 - "$daemon_json" <<'PY'
import json, sys
path = sys.argv[1]
with open(path) as f:
    conf = json.load(f)
conf.setdefault("runtimes", {})["runsc"] = {"path": "/usr/bin/runsc", "runtimeArgs": ["--network=none"]}
with open(path + ".new", "w") as f:
    json.dump(conf, f, indent=2)
PY
    mv "$daemon_json.new" "$daemon_json"
    kill -HUP "$dockerd_pid"
    for _ in $(seq 50); do docker info --format '{{json .Runtimes}}' | grep -q '"runsc"' && break; sleep 0.2; done
    docker info --format '{{json .Runtimes}}' | grep -q '"runsc"' && echo "runsc registered" || echo "runsc: the engine did not pick it up after SIGHUP" >&2
  else
    echo "runsc is not registered with the engine and cannot be here (needs root, /usr/bin/runsc and a local dockerd): the gVisor tests skip (fail with CI=true)" >&2
  fi
fi

echo "== [${SECONDS}s] redis"
REDIS_PORT=${AUTOVERIFY_TEST_REDIS_PORT:-6379}
if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  redis-server --port "$REDIS_PORT" --save '' --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
redis-cli -p "$REDIS_PORT" ping
export ENGINEO_TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/15"

echo "== [${SECONDS}s] gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './bot/failure/testdata/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== [${SECONDS}s] go mod tidy"
# go.mod and go.sum say exactly what the code imports.
go mod tidy -diff

echo "== [${SECONDS}s] go vet"
# -race: vet type-checks against its dependencies' compiled export data;
# built with -race, that is the build `go test -race` needs below, so the
# dependencies (client-go, sigstore, go-github, ...) compile once, not
# twice (219 compile actions after a plain vet, 16 after this one, for
# one package from a cold cache). It vets the same files: only two test
# files of bot/failure carry a race build constraint.
go vet -race ./...
# The kubernetes runner is built in only with -tags kubernetes (the
# container image is): client-go would add 37 modules to every `go run`.
go vet -race -tags kubernetes ./cmd/... ./integrations/runners/...

echo "== [${SECONDS}s] cosign (for the attestation interop test)"
# cosign takes minutes to build from source; scripts/cosign.sh caches it.
# Without the cached binary it is built in the background at low priority
# while the tests run, and the interop test runs after them if the build
# finished in time; otherwise it is skipped with one line (the next run
# finds the cache).
cosign_pid=
if cosign_bin=$(bash scripts/cosign.sh --cached 2>/dev/null); then
  echo "cached: $cosign_bin"
else
  # A session of its own, so that a build cut off is killed whole; idle
  # scheduling (CPU and disk), so that it takes only what the tests leave.
  idle=(nice -n 19)
  command -v chrt >/dev/null 2>&1 && idle=(chrt --idle 0)
  command -v ionice >/dev/null 2>&1 && idle+=(ionice -c 3)
  "${idle[@]}" setsid bash scripts/cosign.sh >/dev/null 2>"${TMPDIR:-/tmp}/autoverify-cosign-build.err" &
  cosign_pid=$!
  echo "not cached: building it in the background"
fi

deploy_pid=
deploy_log="${TMPDIR:-/tmp}/autoverify-deploy-check.log"
if [ "${SKIP_DEPLOY_CHECK:-}" != 1 ]; then
  # The deploy check (its build, the image, the container, the Helm chart)
  # runs beside the tests: most of it waits on Docker, as most of
  # the tests do, and run after them it added 41-46 s to CI's ten minutes.
  # Its figures (start-to-ready, idle memory) are then taken under load.
  echo "== [${SECONDS}s] deploy check (in the background; its log follows the tests)"
  bash scripts/deploy-check.sh >"$deploy_log" 2>&1 &
  deploy_pid=$!
fi

# CI runs the quick subset (-short): the long end-to-end cases (most of
# the gates' and the CLI's, each real go or pytest runs in the sandbox)
# skip with "long: bash scripts/test-long.sh runs it". scripts/test-long.sh
# runs this script with AUTOVERIFY_TEST_LONG=1: every test, no -short.
short=-short
[ "${AUTOVERIFY_TEST_LONG:-}" = 1 ] && short=
echo "== [${SECONDS}s] go test -race ${short}"
# Under AUTOVERIFY_TEST_LONG the server's end-to-end package runs for 5-10
# minutes on two cores under -race; go test's default limit of 10 minutes
# would cut it off.
go test -race $short -count=1 -timeout 30m ./...
go test -race $short -count=1 -timeout 30m -tags kubernetes ./integrations/runners/

echo "== [${SECONDS}s] cosign interop"
if [ -n "$cosign_pid" ]; then
  # Waits while the whole run is inside its budget (10 minutes in CI).
  while kill -0 "$cosign_pid" 2>/dev/null && [ "$SECONDS" -lt "${AUTOVERIFY_COSIGN_WAIT_UNTIL:-480}" ]; do sleep 5; done
  if kill -0 "$cosign_pid" 2>/dev/null; then
    kill -- -"$cosign_pid" 2>/dev/null || true
    echo "SKIPPED: cosign interop: cosign was still building after ${SECONDS}s (bash scripts/cosign.sh builds and caches it; the next run uses the cache)"
    cosign_pid=skipped
  elif ! wait "$cosign_pid"; then
    echo "SKIPPED: cosign interop: cosign could not be built here: $(tail -n 1 "${TMPDIR:-/tmp}/autoverify-cosign-build.err")"
    cosign_pid=skipped
  fi
fi
if [ -z "$cosign_pid" ]; then
  # Cached before the tests: TestCosignVerifiesOurAttestations found it
  # there and ran inside go test above.
  echo "ran with the tests (cosign was cached: $cosign_bin)"
elif [ "$cosign_pid" != skipped ]; then
  # -race, as above: the test binary is then the one just built (cached),
  # where a plain build compiled sigstore's dependencies again (23 s here
  # from a cache CI's own run had filled, minutes from a colder one).
  go test -race -count=1 -run '^TestCosignVerifiesOurAttestations$' -v ./integrations/attest/ | grep -E '^(--- |ok|FAIL|PASS)|cosign_test.go'
fi
echo "tests took ${SECONDS}s"

if [ "${SKIP_DEPLOY_CHECK:-}" = 1 ]; then
  echo "== [${SECONDS}s] deploy check skipped (SKIP_DEPLOY_CHECK=1)"
else
  echo "== [${SECONDS}s] deploy check (image, container, Helm chart)"
  deploy_rc=0
  wait "$deploy_pid" || deploy_rc=$?
  cat "$deploy_log"
  if [ "$deploy_rc" != 0 ]; then
    echo "the deploy check failed (exit $deploy_rc): its log is above" >&2
    exit 1
  fi
fi
echo "== [${SECONDS}s] done"
