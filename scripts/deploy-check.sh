#!/usr/bin/env bash
# Checks the deployment artifacts end to end, offline except for the Go
# module proxy:
#
#   1. builds the static binary on the host and the image with
#      `docker build --target host` (no base image needed), runs it the way
#      the Helm chart does (read-only root, no capabilities, non-root, tmpfs
#      for state, evidence and /tmp, no Redis), waits for /healthz and
#      /readyz, checks an unsigned webhook is refused and SIGTERM drains
#      cleanly, and prints the image size, start-to-ready time and idle memory;
#   2. lints and renders charts/autoverify (default values and every file in
#      charts/autoverify/ci/), checks that replicaCount > 1 without Redis
#      fails the render, and validates every rendered object with kubeconform
#      against the strict JSON schemas vendored in charts/autoverify/ci/schemas
#      (generated from Kubernetes' own OpenAPI document by scripts/k8s-schemas;
#      kubeconform's default schema source is GitHub, which CI cannot reach).
#
# Exits non-zero on any failure. Needs go, docker, openssl and curl.
#   SKIP_DOCKER=1   only the Helm part
#   SKIP_HELM=1     only the Docker part
set -euo pipefail
cd "$(dirname "$0")/.."

HELM_VERSION=${HELM_VERSION:-v3.22.0}
KUBECONFORM_VERSION=${KUBECONFORM_VERSION:-v0.8.0}
# The Kubernetes version the vendored schemas were generated from (see
# scripts/k8s-schemas) and the one `helm template` renders for.
KUBE_VERSION=${KUBE_VERSION:-1.36.3}
IMAGE=${IMAGE:-autoverify:ci}
SCHEMAS=charts/autoverify/ci/schemas

t_start=$(date +%s%N)
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
say() { printf '\n== %s\n' "$*"; }
die() { echo "deploy-check: FAIL: $*" >&2; exit 1; }

work=$(mktemp -d)
container=""
cleanup() {
  if [ -n "$container" ]; then
    docker rm -f "$container" >/dev/null 2>&1 || true
  fi
  # Files the container wrote as uid 65532 may not be removable by a
  # non-root caller.
  rm -rf "$work" 2>/dev/null || echo "deploy-check: note: could not remove all of $work" >&2
}
trap cleanup EXIT

declare -A figures
report() {
  say "summary"
  for k in "${!figures[@]}"; do printf '%-28s %s\n' "$k" "${figures[$k]}"; done | sort
  printf '%-28s %s\n' "total runtime" "$(ms_since "$t_start") ms"
}

if [ "${SKIP_DOCKER:-0}" != 1 ]; then
  say "build the binary on the host"
  version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
  t=$(date +%s%N)
  rm -rf dist/rootfs dist/data
  CGO_ENABLED=0 go build -tags kubernetes -trimpath -ldflags "-s -w -X main.version=$version" -o dist/autoverify ./cmd/autoverify
  figures["binary build"]="$(ms_since "$t") ms"
  figures["binary size"]="$(stat -c %s dist/autoverify) bytes"
  ./dist/autoverify version

  say "stage the image's root file system"
  ca=/etc/ssl/certs/ca-certificates.crt
  [ -s "$ca" ] || die "$ca is missing: install ca-certificates (apt-get install ca-certificates)"
  mkdir -p dist/rootfs/etc/ssl/certs dist/rootfs/tmp dist/data/state dist/data/reports
  cp docker/passwd docker/group dist/rootfs/etc/
  cp "$ca" dist/rootfs/etc/ssl/certs/ca-certificates.crt
  chmod 1777 dist/rootfs/tmp

  say "docker build --target host -t $IMAGE ."
  t=$(date +%s%N)
  docker build --target host --build-arg VERSION="$version" -t "$IMAGE" . >"$work/build.log" 2>&1 \
    || { cat "$work/build.log"; die "docker build failed"; }
  figures["image build"]="$(ms_since "$t") ms"
  size=$(docker image inspect --format '{{.Size}}' "$IMAGE")
  figures["image size"]="$size bytes ($(( size / 1024 / 1024 )) MiB)"
  [ "$(docker image inspect --format '{{.Config.User}}' "$IMAGE")" = 65532:65532 ] || die "the image does not run as 65532"
  docker run --rm "$IMAGE" version

  say "run the image"
  # The chart's layout: the App key as a file, the webhook secret by
  # variable name (-e VAR, never on the command line), and the chart's
  # securityContext (read-only root, no capabilities, non-root).
  openssl genrsa -out "$work/private-key.pem" 2048 2>/dev/null || die "openssl genrsa failed"
  chmod 0444 "$work/private-key.pem"
  export ENGINEO_GITHUB_WEBHOOK_SECRET
  ENGINEO_GITHUB_WEBHOOK_SECRET=$(openssl rand -hex 20)
  # The scratch image's default (local) runner cannot sandbox there: serve
  # must refuse to run pull request code rather than run it unisolated.
  set +e
  refusal=$(docker run --rm --read-only --cap-drop ALL --security-opt no-new-privileges \
    -v "$work/private-key.pem:/etc/autoverify/github/private-key.pem:ro" \
    -e ENGINEO_GITHUB_PRIVATE_KEY_PATH=/etc/autoverify/github/private-key.pem \
    -e ENGINEO_GITHUB_APP_ID=1 -e ENGINEO_GITHUB_WEBHOOK_SECRET "$IMAGE" 2>&1)
  code=$?
  set -e
  [ "$code" = 2 ] && grep -q "refusing to run pull request code" <<<"$refusal" || { echo "$refusal" >&2; die "serve did not refuse an unisolated runner (exit $code)"; }
  echo "unisolated runner refused: $(grep -o 'refusing to run pull request code[^.]*' <<<"$refusal" | head -n1)"
  # The smoke test below runs no pull request code; it opts out by name.
  t_run=$(date +%s%N)
  container=$(docker run -d --name "autoverify-deploy-check-$$" \
    -p 127.0.0.1::8080 \
    --read-only --cap-drop ALL --security-opt no-new-privileges \
    --tmpfs /tmp:rw,nosuid,nodev,size=256m,mode=1777 \
    --tmpfs /var/lib/autoverify/state:rw,nosuid,nodev,size=64m,uid=65532,gid=65532,mode=0700 \
    --tmpfs /var/lib/autoverify/reports:rw,nosuid,nodev,size=256m,uid=65532,gid=65532,mode=0755 \
    -v "$work/private-key.pem:/etc/autoverify/github/private-key.pem:ro" \
    -e ENGINEO_GITHUB_PRIVATE_KEY_PATH=/etc/autoverify/github/private-key.pem \
    -e ENGINEO_GITHUB_APP_ID=1 -e ENGINEO_GITHUB_WEBHOOK_SECRET -e ENGINEO_UNSAFE_NO_SANDBOX=1 \
    "$IMAGE")
  port=$(docker port "$container" 8080/tcp | head -n1 | sed 's/.*://')
  [ -n "$port" ] || die "no published port"
  base="http://127.0.0.1:$port"
  ready=""
  for _ in $(seq 1500); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz" 2>/dev/null)" = 200 ]; then
      ready=$(ms_since "$t_run"); break
    fi
    if [ "$(docker inspect --format '{{.State.Running}}' "$container")" != true ]; then
      docker logs "$container" >&2; die "the container exited"
    fi
    sleep 0.01
  done
  [ -n "$ready" ] || { docker logs "$container" >&2; die "/readyz never answered 200 (15 s)"; }
  figures["start-to-ready"]="$ready ms (docker run to first 200 on /readyz)"
  curl -fsS "$base/healthz" | grep -qx ok || die "/healthz did not answer ok"
  curl -fsS "$base/readyz" | grep -qx ready || die "/readyz did not answer ready"
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'X-GitHub-Event: ping' \
    -H 'X-GitHub-Delivery: deploy-check' -H 'Content-Type: application/json' --data '{}' "$base/webhooks/github")
  [ "$code" = 401 ] || die "an unsigned webhook got $code, want 401"
  echo "healthz 200, readyz 200, unsigned webhook 401"
  [ -n "$(docker inspect --format '{{if .Config.Healthcheck}}{{.Config.Healthcheck.Test}}{{end}}' "$container")" ] \
    || die "the image has no HEALTHCHECK"
  docker exec "$container" /autoverify healthcheck || die "autoverify healthcheck (the image's HEALTHCHECK) failed"
  echo "HEALTHCHECK command (autoverify healthcheck) exits 0"

  sleep 5
  figures["idle memory"]=$(docker stats --no-stream --format '{{.MemUsage}}' "$container")

  say "graceful stop (SIGTERM)"
  t=$(date +%s%N)
  docker stop -t 40 "$container" >/dev/null
  figures["stop (SIGTERM to exit)"]="$(ms_since "$t") ms"
  rc=$(docker inspect --format '{{.State.ExitCode}}' "$container")
  logs=$(docker logs "$container" 2>&1)
  echo "$logs"
  [ "$rc" = 0 ] || die "exit code $rc after SIGTERM, want 0"
  grep -q 'shutting down' <<<"$logs" || die "no drain message after SIGTERM"
  if grep -q "$ENGINEO_GITHUB_WEBHOOK_SECRET\|PRIVATE KEY" <<<"$logs"; then
    die "the logs contain a secret"
  fi
  docker rm "$container" >/dev/null
  container=""

  say "the embedded runner inside the hardened container"
  # A story whose one command is a static probe printing its PID: PID 1
  # means the command got its own PID namespace, anything else means the
  # runner fell back to process-group isolation (expected under Docker's and
  # Kubernetes' default seccomp profiles; see the chart's values.yaml).
  mkdir -p "$work/story"
  printf 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() { fmt.Println("pid", os.Getpid()) }\n' >"$work/probe.go"
  CGO_ENABLED=0 go build -o "$work/story/pidprobe" "$work/probe.go"
  printf '# CHECK-1\n\n<!-- AUTO:CMD=/work/pidprobe -->\n- [ ] the probe runs\n' >"$work/story/CHECK-1.md"
  chmod -R a+rwX "$work/story"
  docker run --rm --read-only --cap-drop ALL --security-opt no-new-privileges \
    --tmpfs /tmp:rw,nosuid,nodev,size=64m,mode=1777 -v "$work/story:/work" -w /work \
    -e ENGINEO_AUTOVERIFY_ALLOWLIST=/work/pidprobe -e ENGINEO_STATE_DIR=/work/.state -e ENGINEO_ARTIFACTS_DIR=/work/reports \
    "$IMAGE" run CHECK-1.md >"$work/run.out" 2>&1 || { cat "$work/run.out"; die "autoverify run failed in the container"; }
  grep -q 'Auto-verified: PASS' "$work/story/CHECK-1.md" || die "the story was not marked PASS"
  pid=$(grep -h '^pid ' "$work"/story/reports/CHECK-1-evidence-*.txt | head -n1 | cut -d' ' -f2)
  if [ "$pid" = 1 ]; then mode="PID namespace"; else mode="process group (command PID $pid)"; fi
  figures["runner isolation in container"]="$mode"
  echo "autoverify run passed; isolation: $mode"
fi

if [ "${SKIP_HELM:-0}" != 1 ]; then
  helm() { go run "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" "$@"; }
  kubeconform() { go run "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION" "$@"; }
  chart=charts/autoverify

  say "helm $HELM_VERSION lint"
  t=$(date +%s%N)
  helm version --short
  helm lint --strict "$chart"
  for f in "$chart"/ci/*-values.yaml "$chart"/examples/values-*.yaml; do
    helm lint --strict "$chart" -f "$f"
  done
  figures["helm lint"]="ok ($(ms_since "$t") ms; the first go run builds helm)"

  say "helm template"
  mkdir -p "$work/rendered"
  tmpl() { helm template autoverify "$chart" --namespace autoverify --kube-version "$KUBE_VERSION" "$@"; }
  tmpl >"$work/rendered/default.yaml"
  for f in "$chart"/ci/*-values.yaml "$chart"/examples/values-*.yaml; do
    tmpl -f "$f" >"$work/rendered/$(basename "$f" .yaml).yaml"
  done
  for f in "$work"/rendered/*.yaml; do
    printf '%-36s %s\n' "$(basename "$f")" "$(grep -E '^kind: ' "$f" | sed 's/kind: //' | sort | tr '\n' ' ')"
  done
  grep -q 'readOnlyRootFilesystem: true' "$work/rendered/default.yaml" || die "default render lacks readOnlyRootFilesystem"
  grep -q 'path: /readyz' "$work/rendered/default.yaml" || die "default render lacks the /readyz probe"

  say "replicaCount > 1 without Redis must fail the render"
  if tmpl --set replicaCount=2 >"$work/fail.out" 2>&1; then
    die "replicaCount=2 without Redis rendered"
  fi
  grep -q 'needs Redis' "$work/fail.out" || { cat "$work/fail.out"; die "the render failed without the Redis message"; }
  grep -o 'replicaCount=2 needs Redis[^.]*' "$work/fail.out"
  tmpl --set replicaCount=2 --set redis.url=redis://r:6379/0 >/dev/null || die "replicaCount=2 with Redis did not render"

  say "signing.enabled without a key must fail the render"
  if tmpl --set signing.enabled=true >"$work/fail.out" 2>&1; then
    die "signing.enabled=true without a key rendered"
  fi
  grep -o 'signing.enabled=true needs the key[^:]*' "$work/fail.out" || { cat "$work/fail.out"; die "the render failed without the signing message"; }
  tmpl --set signing.enabled=true --set secrets.existingSecret=s >"$work/signed.out" || die "signing with an existing Secret did not render"
  grep -q 'ENGINEO_SIGNING_KEY: /etc/autoverify/signing/signing.key' "$work/signed.out" || die "signing: ENGINEO_SIGNING_KEY is not set"

  say "kubeconform $KUBECONFORM_VERSION (offline, strict, schemas from $SCHEMAS)"
  t=$(date +%s%N)
  kubeconform -strict -summary -output text \
    -schema-location "$SCHEMAS/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
    "$work"/rendered/*.yaml
  # The validator must reject what the API server would: a typo'd field.
  sed 's/readOnlyRootFilesystem:/readOnlyRootFileSystem:/' "$work/rendered/default.yaml" >"$work/typo.yaml"
  if kubeconform -strict -schema-location "$SCHEMAS/{{ .ResourceKind }}{{ .KindSuffix }}.json" "$work/typo.yaml" >"$work/typo.out" 2>&1; then
    die "kubeconform accepted an unknown field"
  fi
  echo "a misspelt field is rejected: $(grep -o 'additional properties[^)]*' "$work/typo.out" | head -n1)"
  figures["kubeconform"]="ok, $(ls "$work"/rendered/*.yaml | wc -l) renders ($(ms_since "$t") ms)"
fi

report
