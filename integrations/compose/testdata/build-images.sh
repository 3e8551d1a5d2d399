#!/usr/bin/env bash
# build-images.sh builds the images the compose runner's tests use. Nothing
# can be pulled here (no registry), so both are built FROM scratch:
#
#   autoverify-test-busybox:latest   integrations/docker/testdata/build-images.sh
#   autoverify-test-kvserver:latest  /kvserver, a tiny Redis-like TCP server
#                                    (testdata/kvserver), static Go binary
#
# The kvserver image is rebuilt every time (go build and the engine's layer
# cache make an unchanged rebuild take about a second), so a changed
# program never meets a stale image.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
DOCKER=${DOCKER:-docker}
GO=${GO:-go}

bash "$here/../../docker/testdata/build-images.sh"

ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT
(cd "$here/kvserver" && CGO_ENABLED=0 "$GO" build -trimpath -o "$ctx/kvserver" .)
cat >"$ctx/Dockerfile" <<'DOCKERFILE'
FROM scratch
COPY kvserver /kvserver
ENTRYPOINT ["/kvserver"]
DOCKERFILE
DOCKER_BUILDKIT=0 "$DOCKER" build -q -t autoverify-test-kvserver:latest "$ctx" >/dev/null
echo "build-images: built autoverify-test-kvserver:latest"
