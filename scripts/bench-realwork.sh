#!/usr/bin/env bash
# Real-work cost of `autoverify run` with the defaults a user meets, side by
# side with the same commands run bare, in one run (docs/benchmarks.md,
# "Real work").
#
#   bash scripts/bench-realwork.sh [BUNDLE] [ROUNDS]
#
# BUNDLE is a Go project of ../shared/realhistory (default toml: the
# BurntSushi/toml suite); ROUNDS alternating rounds (default 10). Each
# round runs, in turn:
#   bare     go vet ./... && go test -count=1 ./...   (tests forced to run)
#   bare-x2  the same twice at once: the least two independent reviewers
#            can cost on this machine (the work done twice, no autoverify)
#   run      autoverify run S-1.md                    (the defaults: two
#            reviewers, cache on; a fresh ledger and cache, as a first run)
#   run-1    the same with ENGINEO_REVIEWERS=1        (lighter: one reviewer)
#   cached   autoverify run S-1.md again              (served from the cache)
# (AUTOVERIFY_BIN names another build to measure, an older commit's) and
# prints each one's median wall time and the medians of the per-round
# ratios to bare. The project's code stays in a temporary clone.
set -euo pipefail
cd "$(dirname "$0")/.."
bundle=${1:-toml}
rounds=${2:-10}
src="../shared/realhistory/$bundle.bundle"
[ -f "$src" ] || { echo "no bundle $src (see ../shared/realhistory/README.md)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${AUTOVERIFY_BIN:-}" ]; then cp "$AUTOVERIFY_BIN" "$work/autoverify"; else go build -o "$work/autoverify" ./cmd/autoverify; fi
git clone -q "$src" "$work/repo"
cd "$work/repo"
printf 'allowlist: [go vet, go test]\n' >.autoverify.yml
printf -- '- [ ] vet `go vet ./...`\n- [ ] tests `go test -count=1 ./...`\n' >S-1.md
# As in a user's repository, the configuration and the story are committed
# (an untracked file costs the content hash a `git add` into a temporary
# index: about 0.2 s in this repository).
git add .autoverify.yml S-1.md && git -c user.name=bench -c user.email=bench@example.com commit -q -m "autoverify story"
echo "project: $bundle at $(git rev-parse --short HEAD); $(nproc) cores; $(go version | cut -d' ' -f3)"
go vet ./... >/dev/null && go test -count=1 ./... >/dev/null # warm the build cache, as a user's is

ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
bare() { go vet ./... && go test -count=1 ./...; }
bare2() { bare & local other=$!; bare && wait "$other"; }
fresh() { rm -rf .autoverify reports; git checkout -q -- S-1.md; }
run() { fresh; "$work/autoverify" run S-1.md; }
run1() { fresh; ENGINEO_REVIEWERS=1 "$work/autoverify" run S-1.md; }
cached() { "$work/autoverify" run S-1.md; }

declare -a B B2 R R1 C
for ((i = 0; i < rounds; i++)); do
	B+=("$(ms bare)")
	B2+=("$(ms bare2)")
	R+=("$(ms run)")
	C+=("$(ms cached)")
	R1+=("$(ms run1)")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ratios() { local -n xs=$1; for ((i = 0; i < rounds; i++)); do echo "${xs[$i]} ${B[$i]}" | awk '{printf "%.3f\n", $1/$2}'; done; }
echo "rounds, ms (bare bare-x2 run run-1 cached):"; for ((i = 0; i < rounds; i++)); do echo "  ${B[$i]} ${B2[$i]} ${R[$i]} ${R1[$i]} ${C[$i]}"; done
echo "median wall, ms: bare $(median "${B[@]}"), bare-x2 $(median "${B2[@]}"), run $(median "${R[@]}"), run-1 (one reviewer: lighter) $(median "${R1[@]}"), cached $(median "${C[@]}")"
echo "median of per-round ratios to bare: bare-x2 (the floor for two reviewers) $(median $(ratios B2)), run $(median $(ratios R)), run-1 $(median $(ratios R1)), cached $(median $(ratios C))"
