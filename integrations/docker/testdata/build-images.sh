#!/usr/bin/env bash
# build-images.sh builds the images the Docker runner's tests use. Nothing can
# be pulled here (no registry), so the test image is built FROM scratch out of
# Debian's statically linked busybox.
#
#   autoverify-test-busybox:latest  /bin/busybox, applet symlinks, /tmp
#
# Usage: build-images.sh [--force]. Without --force an existing image is kept.
set -euo pipefail

IMAGE=autoverify-test-busybox:latest
DOCKER=${DOCKER:-docker}

if [[ "${1:-}" != "--force" ]] && "$DOCKER" image inspect "$IMAGE" >/dev/null 2>&1; then
	echo "build-images: $IMAGE already present"
	exit 0
fi

# A static busybox: the image has no libc, so a dynamic one would not start.
find_busybox() {
	for p in /bin/busybox /usr/bin/busybox; do
		if [[ -x "$p" ]] && file -L "$p" 2>/dev/null | grep -q 'statically linked'; then
			echo "$p"
			return 0
		fi
	done
	if [[ -x /bin/busybox ]] && ! command -v file >/dev/null 2>&1 && ! ldd /bin/busybox >/dev/null 2>&1; then
		echo /bin/busybox # ldd refuses static binaries
		return 0
	fi
	return 1
}

# Installing packages is scripts/test.sh's job, before any test runs: a test
# that installs races other installs for dpkg's lock.
if ! BB=$(find_busybox); then
	echo "build-images: need a static busybox; install busybox-static (apt-get install -y busybox-static; scripts/test.sh does)" >&2
	exit 1
fi

ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT
cp "$BB" "$ctx/busybox"
chmod 0755 "$ctx/busybox"

applets=(sh sleep cat echo ls env id wget head yes true false touch mkdir)
{
	echo 'FROM scratch'
	echo 'COPY busybox /bin/busybox'
	# One layer for links and /tmp; RUN needs a shell, which exists once
	# busybox is in.
	printf 'RUN ["/bin/busybox", "sh", "-c", "'
	for a in "${applets[@]}"; do printf '/bin/busybox ln -s busybox /bin/%s && ' "$a"; done
	printf '/bin/busybox mkdir -m 1777 /tmp"]\n'
	echo 'ENV PATH=/bin'
	echo 'CMD ["/bin/sh"]'
} >"$ctx/Dockerfile"

DOCKER_BUILDKIT=0 "$DOCKER" build -q -t "$IMAGE" "$ctx" >/dev/null
echo "build-images: built $IMAGE"
