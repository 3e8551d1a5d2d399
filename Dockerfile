# autoverify container image.
#
# Two ways to build the same minimal image (FROM scratch: the static binary,
# CA certificates, /etc/passwd with a non-root user, an empty /tmp):
#
#   docker build -t autoverify .                  # compiles in golang:1.26 (needs a registry)
#   docker build --target host -t autoverify .    # packages a binary built on the host
#
# The host target needs no base image at all. Prepare its inputs first (what
# scripts/deploy-check.sh does):
#
#   CGO_ENABLED=0 go build -tags kubernetes -trimpath -ldflags "-s -w -X main.version=$(git describe --always --dirty)" \
#       -o dist/autoverify ./cmd/autoverify
#   mkdir -p dist/rootfs/etc/ssl/certs dist/rootfs/tmp dist/data/state dist/data/reports
#   cp docker/passwd docker/group dist/rootfs/etc/
#   cp /etc/ssl/certs/ca-certificates.crt dist/rootfs/etc/ssl/certs/
#   chmod 1777 dist/rootfs/tmp
#
# Stage order matters. BuildKit (`docker buildx build`, the default builder
# since Docker 23) builds only the stages a target needs. The legacy builder
# (Docker 20.10 without buildx, or DOCKER_BUILDKIT=0) builds every stage up
# to the target in file order, so "host" comes before the golang stage and
# never pulls it -- but there the default (from-source) build also runs the
# host stage and needs dist/ prepared; use BuildKit for it. No "# syntax="
# line and no RUN --mount, so both builders read this file.

# ---- common runtime settings ------------------------------------------------
FROM scratch AS base
# State and evidence live under /var/lib/autoverify (mount volumes there; the
# Helm chart uses emptyDirs or a PersistentVolumeClaim). TMPDIR holds the
# per-run workspaces. HOME points at a writable place for tools that need one.
ENV ENGINEO_LISTEN_ADDR=:8080 \
    ENGINEO_STATE_DIR=/var/lib/autoverify/state \
    ENGINEO_ARTIFACTS_DIR=/var/lib/autoverify/reports \
    TMPDIR=/tmp \
    HOME=/tmp \
    SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
WORKDIR /var/lib/autoverify
EXPOSE 8080
# Plain Docker / Compose health: the binary probes its own /healthz (the
# image has no shell or curl). Kubernetes ignores HEALTHCHECK; the Helm chart
# probes GET /healthz (liveness) and /readyz (readiness) over HTTP.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["/autoverify", "healthcheck"]
USER 65532:65532
ENTRYPOINT ["/autoverify"]
CMD ["serve"]

# ---- target "host": package a binary built on the host ----------------------
FROM base AS host
COPY dist/rootfs/ /
COPY --chown=65532:65532 dist/data/ /var/lib/autoverify/
COPY dist/autoverify /autoverify

# ---- build in golang:1.26 ---------------------------------------------------
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -tags kubernetes -trimpath \
        -ldflags "-s -w -X main.version=${VERSION}" \
        -o /out/autoverify ./cmd/autoverify \
 && mkdir -p /out/rootfs/etc/ssl/certs /out/rootfs/tmp /out/data/state /out/data/reports \
 && cp docker/passwd docker/group /out/rootfs/etc/ \
 && cp /etc/ssl/certs/ca-certificates.crt /out/rootfs/etc/ssl/certs/ \
 && chmod 1777 /out/rootfs/tmp

# ---- default target: the image built from source ----------------------------
FROM base AS runtime
COPY --from=build /out/rootfs/ /
COPY --from=build --chown=65532:65532 /out/data/ /var/lib/autoverify/
COPY --from=build /out/autoverify /autoverify
